"""The compiled path (``game/compile_flow.py``) plays the games the frames play: for every example
and test model, seeds and line-ups, ``simulate``'s per-game results are the same field for field
compiled (``interpret=False``) and as frames (``interpret=True``, what ``TABLETWIN_INTERPRET=1``
chooses for every game), cut games and failing models included."""

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

from tabletwin import Game, load_model
from tabletwin.errors import TabletwinError
from tabletwin.game.chance import chance_random, pick_chance
from tabletwin.game.compile_flow import MAX_COMPILED_DEPTH, compile_node, compiled_play
from tabletwin.game.runner import Runner
from tabletwin.game.work import GAME_WORK_LIMIT
from tabletwin.players import make_players
from tabletwin.simulate.runner import play_game

from ..hostile.models import as_yaml, models
from ..simulate.pinned_results import MODELS

SEEDS = range(20)


def _both_ways(model, specs, seed, max_requests=5000):
    return (play_game(model, specs, seed, max_requests, interpret=False),
            play_game(model, specs, seed, max_requests, interpret=True))


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_compiled_and_interpreted_games_are_the_same(path):
    model = load_model(path)
    for specs in (["random"], ["first"]):
        for seed in SEEDS:
            compiled, interpreted = _both_ways(model, specs, seed)
            assert compiled == interpreted, (path.name, specs, seed)


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_a_game_cut_at_the_request_limit_is_cut_at_the_same_request(path):
    model = load_model(path)
    for seed in range(5):
        compiled, interpreted = _both_ways(model, ["random"], seed, max_requests=3)
        assert compiled == interpreted
        assert compiled.requests <= 3


def test_the_environment_variable_turns_the_compiled_path_off():
    read = "from tabletwin.game import compile_flow; print(compile_flow.INTERPRET)"
    for value, interpret in (("1", "True"), ("0", "False"), ("", "False")):
        out = subprocess.run([sys.executable, "-c", read], env={**os.environ, "TABLETWIN_INTERPRET": value},
                             capture_output=True, text=True, check=True).stdout
        assert out.strip() == interpret
    model = load_model(MODELS[0])
    assert compiled_play(model, interpret=True) is None
    assert compiled_play(model, interpret=False) is compiled_play(model, interpret=False)  # compiled once per model


@settings(max_examples=150, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(models())
def test_random_models_give_the_same_results_and_errors_both_ways(model):
    """Generated models (the hostile corpus's): wrong fields, failing expressions, branches,
    subflows and every op kind end the same way, with the same message, at the same request."""
    try:
        loaded = load_model(as_yaml(model))
    except TabletwinError:
        return
    for seed in (0, 1):
        try:
            compiled, interpreted = _both_ways(loaded, ["random"], seed, max_requests=200)
        except TabletwinError:
            continue  # players that cannot be seated: both ways alike, before any game
        assert compiled == interpreted


def _nested(depth: int) -> str:
    """A race whose step sits ``depth`` sequences deep, and a subflow that runs itself ``depth`` times."""
    node = "{id: turn, kind: step, actor_x: current, do: [walk, run]}"
    for level in range(depth):
        node = f"{{id: s{level}, kind: sequence, children: [{node}]}}"
    return f"""
game: deep
num_players: 2
state:
  vars:
    pos: {{scope: player, init: 0}}
    current: {{init: 0}}
    calls: {{init: 0}}
flows:
  again:
    id: again
    kind: branch
    cases:
      - when_x: "calls < {depth}"
        children:
          - {{id: count, kind: step, do: count}}
          - {{id: inner, kind: subflow, ref: again}}
flow:
  id: game
  kind: loop
  over_x: players
  as: current
  children:
    - {{id: deeper, kind: subflow, ref: again}}
    - {node}
actions:
  count: {{effect: [{{op: add, var: calls, amount: 1}}]}}
  walk: {{effect: [{{op: add, var: "pos[actor]", amount: 1}}]}}
  run: {{effect: [{{op: roll, die: [0, 3], bind: d}}, {{op: add, var: "pos[actor]", amount_x: d}}]}}
end:
  - {{id: finish, if_x: "pos[current] >= 6", result: win, who_x: current}}
"""


@pytest.mark.parametrize("depth", [3, MAX_COMPILED_DEPTH + 30])
def test_deep_flows_and_self_running_subflows_play_the_same_games(depth):
    """Past MAX_COMPILED_DEPTH the nodes run as frames, so the Python stack stays bounded."""
    model = load_model(_nested(depth))
    for seed in range(6):
        compiled, interpreted = _both_ways(model, ["random"], seed)
        assert compiled == interpreted
        assert compiled.finished and ("steps", "count") in dict(compiled.usage)
        assert dict(compiled.usage)["steps", "count"] == depth
    assert compile_node(model, model.flow, MAX_COMPILED_DEPTH).__qualname__.startswith("_charged.")
    assert compile_node(model, model.flow, MAX_COMPILED_DEPTH + 1).__qualname__.startswith("_as_frames.")


_FAILING_EFFECTS = {
    "a place out of range": '{op: place, what_x: "\'x\'", to: board, at_x: "9"}',
    "what given as text": '{op: place, what: x, to: board, at_x: "1"}',
    "a part no player has": '{op: draw, from: deck, to: "hand[5]"}',
    "a player zone without its part": "{op: draw, from: deck, to: hand}",
    "a variable never declared": "{op: set, var: nothing, value: 1}",
    "text added to a number": '{op: add, var: "score[actor]", amount_x: "\'a\'"}',
    "an index that is no number": '{op: set, var: "score[\'x\']", value: 1}',
    "a choice without options": "{op: choose, options_x: '[]', bind: c}",
    "a die without faces": "{op: roll, die_x: '[]', bind: d}",
    "for_each over a number": "{op: for_each, items_x: '3', body: []}",
    "an unknown op": "{op: juggle}",
}


@pytest.mark.parametrize("effect", list(_FAILING_EFFECTS.values()), ids=list(_FAILING_EFFECTS))
def test_a_failing_op_fails_with_the_same_message_both_ways(effect):
    model = load_model(f"""
game: failing
num_players: 2
state:
  zones:
    board: {{kind: grid, size: 3, init_x: "['.'] * 3"}}
    deck: {{kind: stack, visibility: hidden, shuffled: true, init_x: "[1, 2, 3, 4]"}}
    hand: {{kind: set, owner: player, visibility: owner}}
  vars:
    score: {{scope: player, init: 0}}
flow: {{id: game, kind: step, actor_x: "0", do: [go, wait]}}
actions:
  go: {{effect: [{{op: draw, from: deck, to: "hand[actor]"}}, {effect}]}}
  wait: {{}}
""")
    for specs in (["random"], ["first"]):
        for seed in range(4):
            compiled, interpreted = _both_ways(model, specs, seed)
            assert compiled == interpreted
    assert compiled.error is not None  # the first player goes: the op fails


def _work_left(model, seed: int, interpret: bool) -> tuple:
    """The game of ``seed`` with random players: its end and the work left of its budget."""
    players, chance = make_players(["random"], model, seed), chance_random(seed)

    def ask(request):
        if request.kind == "chance":
            return pick_chance(chance, request.probabilities)
        return players[request.player].choose(None, request)

    if interpret:
        game = Game(model, seed)
        while not game.is_over:
            game.answer(ask(game.request))
        return game.request, game.value("n_players"), GAME_WORK_LIMIT - game.work
    runner = Runner(model)
    end = compiled_play(model, interpret=False)(runner, ask)
    return end, runner.scope["n_players"], runner.scope.steps


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_compiled_games_spend_the_same_work(path):
    """The work bound stops a game at the same point either way only if every step spends alike."""
    model = load_model(path)
    for seed in range(5):
        assert _work_left(model, seed, interpret=False) == _work_left(model, seed, interpret=True)


def test_a_game_that_runs_out_of_work_stops_at_the_same_place():
    model = load_model("""
game: endless
num_players: 1
state:
  vars:
    n: {init: 0}
flow: {id: game, kind: step, do: count}
actions:
  count:
    effect:
      - {op: for_each, items_x: "range(1000)", as: i, body: [{op: for_each, items_x: "range(1000)", as: j,
         body: [{op: add, var: n, amount: 1}]}]}
""")
    compiled, interpreted = _both_ways(model, ["random"], 0)
    assert compiled == interpreted
    assert compiled.too_long and compiled.error == "ExprError: action count: game runs too long (more than 20000000 steps of work)"
