"""Game.position: equal keys for the same point reached by different answers, different keys for
different points, and equal keys continue identically."""

from __future__ import annotations

import random

from tabletwin import Game, load_model

from ..conftest import ROOT
from .scripting import drive

TIC_TAC_TOE = load_model(ROOT / "examples" / "tic_tac_toe.yaml")
PIG = load_model(ROOT / "examples" / "pig.yaml")


def _future(game: Game, seed: int, count: int = 60) -> list:
    """The next requests of ``game`` under a seeded chooser (a clone is played, not ``game``)."""
    game = game.clone()
    chooser = random.Random(seed)
    seen = []
    while len(seen) < count:
        request = game.request
        if request.kind == "end":
            seen.append(("end", list(request.payoffs)))
            break
        seen.append((request.kind, request.player, request.where, list(request.options)))
        game.answer(chooser.randrange(len(request.options)))
    return seen


def test_the_same_board_by_different_move_orders_has_one_position():
    first = drive(Game(TIC_TAC_TOE), "0", "4", "8")
    second = drive(Game(TIC_TAC_TOE), "8", "4", "0")
    assert first.history != second.history
    assert first.position() == second.position()
    assert hash(first.position()) == hash(second.position())
    for seed in range(5):
        assert _future(first, seed) == _future(second, seed)


def test_different_boards_or_players_to_move_have_different_positions():
    base = drive(Game(TIC_TAC_TOE), "0", "4", "8")
    assert drive(Game(TIC_TAC_TOE), "0", "4", "7").position() != base.position()
    assert drive(Game(TIC_TAC_TOE), "0", "8", "4").position() != base.position()  # X and O swapped
    assert drive(Game(TIC_TAC_TOE), "0", "4").position() != base.position()
    assert Game(TIC_TAC_TOE).position() == Game(TIC_TAC_TOE).position()


def test_pig_merges_the_same_scores_after_different_turns():
    # player 0 rolls 3 then 4 and holds 7; player 1 rolls a 1 — or 0 rolls 4 then 3, or 2 then 5
    ways = [("3", "roll", "4", "hold", "1"), ("4", "roll", "3", "hold", "1"), ("2", "roll", "5", "hold", "1")]
    games = [drive(Game(PIG), *answers) for answers in ways]
    assert games[0].value("score") == [7, 0]
    assert len({game.position() for game in games}) == 1
    # a longer history to the same point: player 0 busts first, then both turns again
    longer = drive(Game(PIG), "1", "1", "3", "roll", "4", "hold", "1")
    assert len(longer.history) > len(games[0].history)
    assert longer.position() == games[0].position()
    for seed in range(5):
        assert _future(longer, seed) == _future(games[0], seed)


def test_pig_keys_differ_by_turn_total_and_by_who_is_to_move():
    rolled_seven = drive(Game(PIG), "3", "roll", "4")
    rolled_six = drive(Game(PIG), "2", "roll", "4")
    held = drive(Game(PIG), "3", "roll", "4", "hold")
    assert rolled_seven.value("turn_total") == 7
    assert len({rolled_seven.position(), rolled_six.position(), held.position()}) == 3
    assert rolled_seven.request.kind == "decision" and held.request.kind == "chance"


def test_a_finished_game_keys_its_end():
    game = drive(Game(TIC_TAC_TOE), "0", "3", "1", "4", "2")
    assert game.is_over and game.request.payoffs == [1, -1]
    other = drive(Game(TIC_TAC_TOE), "1", "3", "0", "4", "2")
    assert other.is_over
    assert game.position() == other.position()
    assert game.position() != drive(Game(TIC_TAC_TOE), "0", "3", "1", "4").position()
