"""``tabletwin solve``: text, JSON, best play, and every way it refuses."""

import json

from ..conftest import ROOT
from ..simulate.helpers import KUHN, TIC_TAC_TOE, run

PIG = str(ROOT / "examples" / "pig.yaml")
SEARCH = str(ROOT / "examples" / "tactics" / "pig-search.yaml")


def test_json_gives_exact_fractions(capsys):
    status, out, err = run(["solve", KUHN, "--players", "random,random", "--json"], capsys)
    assert status == 0 and err == ""
    document = json.loads(out)
    assert document["exact"] is True and document["states"] > 10
    assert [seat["payoff_fraction"] for seat in document["seats"]] == ["1/8", "-1/8"]
    assert [seat["mean_payoff"] for seat in document["seats"]] == [0.125, -0.125]


def test_text_names_the_line_up_and_shows_fractions(capsys):
    status, out, _ = run(["solve", KUHN], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Kuhn poker: random vs random, exact over ")
    assert lines[1] == "  seat 0: mean payoff 0.125 (= 1/8), wins 0.5625 (= 9/16)"
    assert lines[2] == "  seat 1: mean payoff -0.125 (= -1/8), wins 0.4375 (= 7/16)"


def test_optimal_tic_tac_toe_is_a_draw_with_nine_drawing_openings(capsys):
    status, out, _ = run(["solve", TIC_TAC_TOE, "--optimal", "--json"], capsys)
    assert status == 0
    document = json.loads(out)
    assert document["value"] == 0 and document["exact"] is True
    assert [move["value"] for move in document["first_moves"]] == [0] * 9
    assert [move["option"] for move in document["first_moves"]] == [str(cell) for cell in range(9)]
    assert document["states"] < 10_000  # boards reached in any order are one position


def test_the_state_budget_is_an_error_that_names_it(capsys):
    status, out, err = run(["solve", TIC_TAC_TOE, "--max-states", "50"], capsys)
    assert (status, out) == (1, "")
    assert err == ("tabletwin solve: the game has more than 50 positions, the state budget (--max-states); solve "
                   "is meant for small games: raise the budget or make the model smaller\n")


def test_refusals(capsys):
    status, _, err = run(["solve", KUHN, "--optimal"], capsys)
    assert status == 1 and err.startswith("tabletwin solve: --optimal needs a game where every seat sees everything")
    status, _, err = run(["solve", PIG, "--players", SEARCH], capsys)
    assert status == 1 and "looks ahead (it has a search)" in err
    status, _, err = run(["solve", KUHN, "--players", "human"], capsys)
    assert status == 2 and err.startswith("tabletwin solve: a human player cannot play many games")
    status, _, err = run(["solve", KUHN, "--optimal", "--players", "first"], capsys)
    assert status == 2 and err == "tabletwin solve: --optimal plays best moves for both seats; leave out --players\n"
    status, _, err = run(["solve", KUHN, "--set", "NOPE=1"], capsys)
    assert status == 2 and err.startswith("tabletwin solve: --set NOPE: the model has no constant 'NOPE'")


def test_set_changes_the_game_that_is_solved(capsys):
    pig20 = str(ROOT / "tests" / "fixtures" / "pig100.yaml")
    status, out, _ = run(["solve", pig20, "--set", "GOAL=10", "--json"], capsys)
    assert status == 0
    seats = json.loads(out)["seats"]
    assert abs(seats[0]["win_probability"] + seats[1]["win_probability"] - 1) < 1e-12
