"""A copied game played to its end on the compiled path ends exactly as one played on as frames.

For every example with a tactic, a game is played by the tactic's rule players and copied at
every request; each copy is continued twice, with the same answers: by its frames
(:meth:`Runner.advance`, the reference) and by :func:`~tabletwin.game.continued.finish`. The
requests asked, the end, the final state and the work spent must be the same.
"""

import random

import pytest

from tabletwin import Game, load_model
from tabletwin.errors import EngineError
from tabletwin.game.chance import pick_chance
from tabletwin.game.continued import finish
from tabletwin.tactics import RulePlayer, load_tactic

from ..conftest import ROOT

TACTICS = sorted((ROOT / "examples" / "tactics").glob("*.yaml"))
MAX_REQUESTS = 2_000


def _model_of(tactic):
    """The example whose ``game`` the tactic names."""
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        model = load_model(path)
        if model.data.get("game") == tactic.game:
            return model
    raise AssertionError(f"no example is game {tactic.game!r}")


def _answerer(tactic, game, seed: int, asked: list):
    """``ask(request)``: the tactic's rule players and the chance stream of ``seed``, noting each request."""
    rng = random.Random(seed)
    players = [RulePlayer(tactic, random.Random(f"{seed}:{seat}")) for seat in range(game.model.num_players)]

    def ask(request):
        asked.append((request.kind, getattr(request, "player", None), request.where, list(request.values)))
        if len(asked) > MAX_REQUESTS:
            raise AssertionError("the game did not end")
        if request.kind == "chance":
            return pick_chance(rng, request.probabilities)
        return players[request.player].choose(game, request)

    return ask


def _as_frames(game, ask):
    runner = game._runner
    request = game.request
    while request.kind != "end":
        request = runner.advance(ask(request))
    return request


def _outcome(game, end, asked):
    state = game._runner.state
    zones = {name: [list(pile) for pile in (zone if isinstance(zone, list) else [zone])]
             for name, zone in state.zones.items()}
    return (asked, end.payoffs, end.reason, state.variables, zones, state.results, state.eliminated,
            game._runner.scope.steps)


def _both_ways(game, tactic, seed: int):
    outcomes = []
    for compiled in (False, True):
        copy = game.clone()
        asked = []
        ask = _answerer(tactic, copy, seed, asked)
        try:
            end = finish(copy._runner, copy.request, ask, interpret=False) if compiled else _as_frames(copy, ask)
        except EngineError as exc:
            outcomes.append(("error", type(exc).__name__, str(exc), asked))
            continue
        outcomes.append(_outcome(copy, end, asked))
    return outcomes


@pytest.mark.parametrize("path", TACTICS, ids=lambda p: p.stem)
def test_a_copy_continued_compiled_ends_as_one_continued_as_frames(path):
    tactic = load_tactic(path)
    model = _model_of(tactic)
    copies = 0
    for seed in range(4):
        game = Game(model, seed)
        players = [RulePlayer(tactic, random.Random(seed + seat)) for seat in range(model.num_players)]
        chance = random.Random(seed)
        while game.request.kind != "end" and copies < 40 * (seed + 1):
            frames, compiled = _both_ways(game, tactic, seed * 1_000 + copies)
            assert compiled == frames, (path.name, seed, len(game.history))
            copies += 1
            request = game.request
            if request.kind == "chance":
                game.answer(pick_chance(chance, request.probabilities))
            else:
                game.answer(players[request.player].choose(game, request))
    assert copies >= 12


def test_interpret_continues_as_frames():
    tactic = load_tactic(ROOT / "examples" / "tactics" / "pig-hold-at-8.yaml")
    game = Game(_model_of(tactic), 0)
    game.answer(0)
    asked = []
    end = finish(game._runner, game.request, _answerer(tactic, game, 5, asked), interpret=True)
    assert end.kind == "end" and len(asked) > 10
    assert game._runner.frames == []
