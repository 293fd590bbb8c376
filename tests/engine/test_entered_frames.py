"""Steps entered inline (frames.enter): the stack at a request is the one the plain walk builds,
and the Python stack does not grow with the model's nesting."""

from __future__ import annotations

from tabletwin import Game, load_model

from ..conftest import ROOT


def names(game) -> list[str]:
    return [frame.__class__.__name__ for frame in game._runner.frames]


def test_a_decision_and_a_roll_inside_a_step_keep_every_frame_on_the_stack():
    game = Game(load_model(ROOT / "examples" / "pig.yaml"))
    # The first roll of a turn is forced: the die asks inside start_turn's loop, step decide.
    assert game.request.kind == "chance"
    assert names(game) == ["PlayFrame", "NodeFrame", "LoopFrame", "NodeFrame", "LoopFrame", "NodeFrame",
                           "StepFrame", "OpsFrame", "ChanceFrame"]
    game.answer(3)  # a 4
    assert game.request.kind == "decision" and game.request.options == ["roll", "hold"]
    assert names(game) == ["PlayFrame", "NodeFrame", "LoopFrame", "NodeFrame", "LoopFrame", "NodeFrame",
                           "StepFrame"]


def test_steps_nested_deep_in_sequences_run(tmp_path):
    depth = 90  # the YAML loader stops at 200 levels; each sequence is two
    flow = "{id: s0, kind: step, do: a}"
    for level in range(1, depth):
        flow = f"{{id: s{level}, kind: sequence, children: [{flow}, {{id: t{level}, kind: step, do: a}}]}}"
    path = tmp_path / "deep.yaml"
    path.write_text("game: deep\nnum_players: 1\nstate: {vars: {n: {init: 0}}}\n"
                    f"flow: {flow}\nactions: {{a: {{effect: [{{op: add, var: n, amount: 1}}]}}}}\n"
                    "end: [{id: e, if_x: 'n >= 1000', result: draw}]\n")
    game = Game(load_model(path))
    assert game.request.kind == "end"
    assert game.value("n") == depth
