"""Exact values of small games: known fractions, an independent Pig computation, best play."""

from fractions import Fraction
from pathlib import Path

import pytest

from tabletwin import Game, load_model
from tabletwin.simulate.balance import winners
from tabletwin.simulate.variants import load_variant
from tabletwin.solve import SolveError, solve_lineup, solve_optimal

from .pig_reference import best, first_seat_wins, hold_at, uniform

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
FIXTURES = ROOT / "tests" / "fixtures"


def pig(goal: int):
    path = FIXTURES / "pig100.yaml"
    return load_variant(path.read_text(), str(path), {"GOAL": goal})


def tree_values(game: Game) -> list[Fraction]:
    """Expected payoffs then win indicators per seat, by walking the whole tree (no merging)."""
    request = game.request
    seats = game.model.num_players
    if request.kind == "end":
        won = winners(request.payoffs)
        return [Fraction(p) for p in request.payoffs] + [Fraction(int(s in won)) for s in range(seats)]
    n = len(request.options)
    weights = [Fraction(p).limit_denominator(1000) for p in request.probabilities] if request.kind == "chance" \
        else [Fraction(1, n)] * n
    total = [Fraction(0)] * (2 * seats)
    for index, weight in enumerate(weights):
        branch = game.clone()
        branch.answer(index)
        for k, value in enumerate(tree_values(branch)):
            total[k] += weight * value
    return total


def test_kuhn_poker_random_play_is_exact_and_matches_the_whole_tree():
    model = load_model(EXAMPLES / "kuhn_poker.yaml")
    values = solve_lineup(model, ["random", "random"])
    tree = tree_values(Game(model))
    assert values.exact
    assert values.mean_payoffs == [Fraction(1, 8), Fraction(-1, 8)] == tree[:2]
    assert values.win_probabilities == tree[2:]
    assert values.document()["seats"][0] == {"seat": 0, "mean_payoff": 0.125,
                                             "win_probability": float(tree[2]),
                                             "win_fraction": f"{tree[2].numerator}/{tree[2].denominator}",
                                             "payoff_fraction": "1/8"}


def test_tic_tac_toe_random_against_random_wins_737_in_1260_for_the_first_seat():
    values = solve_lineup(load_model(EXAMPLES / "tic_tac_toe.yaml"), ["random", "random"])
    assert values.exact
    assert values.win_probabilities == [Fraction(737, 1260), Fraction(121, 420)]
    assert values.mean_payoffs[0] == Fraction(737, 1260) - Fraction(121, 420)
    assert values.document()["seats"][0]["win_fraction"] == "737/1260"
    assert values.document()["seats"][1]["payoff_fraction"] == "-187/630"
    # positions merge: far fewer than the 549,946 nodes of the game tree
    assert values.states < 10_000


@pytest.mark.parametrize("seats,policies", [
    (["random", "random"], (uniform, uniform)),
    ([str(FIXTURES / "pig100-hold-at-20.yaml"), "random"], (hold_at(20), uniform)),
], ids=["random-random", "hold20-random"])
def test_pig_to_20_matches_an_independent_value_iteration(seats, policies):
    values = solve_lineup(pig(20), seats)
    expected = first_seat_wins(20, policies)
    assert abs(float(values.win_probabilities[0]) - expected) < 1e-9
    assert abs(float(values.win_probabilities[1]) - (1 - expected)) < 1e-9
    assert abs(float(values.mean_payoffs[0]) - (2 * expected - 1)) < 1e-9


def test_a_game_larger_than_the_state_budget_says_so():
    with pytest.raises(SolveError) as info:
        solve_lineup(load_model(EXAMPLES / "tic_tac_toe.yaml"), [], max_states=100)
    assert str(info.value) == ("the game has more than 100 positions, the state budget (--max-states); solve is "
                               "meant for small games: raise the budget or make the model smaller")


def test_a_tactic_that_looks_ahead_cannot_be_enumerated():
    with pytest.raises(SolveError) as info:
        solve_lineup(load_model(EXAMPLES / "pig.yaml"), [str(EXAMPLES / "tactics" / "pig-search.yaml")])
    assert str(info.value).startswith("seat 0's tactic ")
    assert "looks ahead (it has a search)" in str(info.value)


def test_best_play_needs_full_information():
    with pytest.raises(SolveError) as info:
        solve_optimal(load_model(EXAMPLES / "kuhn_poker.yaml"))
    assert str(info.value).startswith("--optimal needs a game where every seat sees everything")


def test_best_play_of_pig_to_10_matches_an_independent_value_iteration():
    values = solve_optimal(pig(10))
    assert not values.exact  # Pig's turns make cycles: value iteration, not exact fractions
    win = first_seat_wins(10, (best, best))
    assert abs(values.value - (2 * win - 1)) < 1e-9
    assert [option for option, _ in values.first_moves] == ["roll", "stop"]
    assert values.first_moves[0][1] == pytest.approx(values.value, abs=1e-9)


ENDLESS = """\
game: endless
num_players: 1
flow:
  id: game
  kind: loop
  until_x: "False"
  children: [{id: toss, kind: step, do: toss}]
actions:
  toss: {effect: [{op: roll, die_x: "[1, 2]", bind: side}]}
end:
  - {id: never, if_x: "False", result: win}
"""


def test_a_game_that_cannot_end_is_an_error_not_a_value():
    with pytest.raises(SolveError) as info:
        solve_lineup(load_model(ENDLESS), [])
    assert str(info.value) == "the game can stay at action toss forever: it has no way out of a cycle there"
