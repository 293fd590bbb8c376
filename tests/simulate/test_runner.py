"""The runner: game k plays seed S + k with players made for that seed, in any number of processes."""

import pytest

from tabletwin import load_model, play
from tabletwin.players import make_players
from tabletwin.simulate.report import simulation_report, winners
from tabletwin.simulate.runner import play_game, run_games
from tabletwin.simulate.stats import wilson_ci95

from ..conftest import ROOT
from .helpers import KUHN, TIC_TAC_TOE

ROOT_EXAMPLES = ROOT / "examples"


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def test_game_k_plays_seed_s_plus_k_with_its_own_players():
    text = read(KUHN)
    model = load_model(text)
    results = run_games(text, [["first", "random"]], 6, seed=40)
    assert [r.seed for (r,) in results] == list(range(40, 46))
    for (result,) in results:
        record = play(model, make_players(["first", "random"], model, result.seed), result.seed, max_requests=5000)
        assert result.payoffs == tuple(record.payoffs) and result.reason == record.reason
        assert result.requests == len(record.requests)
    # a later start is a slice of an earlier run
    assert run_games(text, [["first", "random"]], 3, seed=43) == results[3:]


def test_play_game_is_reproducible():
    model = load_model(TIC_TAC_TOE)
    assert play_game(model, ["random"], 9) == play_game(model, ["random"], 9)


@pytest.mark.parametrize("start_method", ["fork", "spawn"])
def test_processes_give_the_same_results_in_game_order(start_method):
    text = read(KUHN)
    line_ups = [["random"], ["first", "random"]]
    serial = run_games(text, line_ups, 30, seed=3)
    spread = run_games(text, line_ups, 30, seed=3, jobs=2, start_method=start_method, filename="kuhn_poker.yaml")
    assert spread == serial


def test_progress_is_reported_in_order_up_to_the_total():
    seen = []
    text = read(TIC_TAC_TOE)
    run_games(text, [["random"]], 50, jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (50, 50) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_one_seat_wins_with_the_strictly_best_payoff():
    assert winners([1, -1]) == [0]
    assert winners([-1, -1, 1]) == [2]
    assert winners([2, 2, 1]) == []
    assert winners([]) == []


def test_equal_payoffs_are_a_win_for_everyone_only_when_positive():
    assert winners([1, 1, 1]) == [0, 1, 2]  # a cooperative win
    assert winners([5]) == [0]  # a solo win
    assert winners([0.5]) == [0]
    assert winners([0, 0]) == []  # a draw
    assert winners([-1, -1]) == []  # a shared loss
    assert winners([0]) == []


@pytest.mark.slow
def test_uniform_random_tic_tac_toe_first_player_wins_737_of_1260():
    # The exact value for uniformly random players is 737/1260 = 0.58492; 3,000 games take about 1 s.
    text = read(TIC_TAC_TOE)
    results = [r for (r,) in run_games(text, [["random"]], 3000, seed=0)]
    report = simulation_report(results, ["random", "random"], 0)
    assert report.finished == 3000
    low, high = wilson_ci95(report.seats[0].wins, 3000)
    assert report.seats[0].win_ci95 == (low, high)
    assert low <= 737 / 1260 <= high


def test_a_cooperative_win_counts_for_every_seat():
    text = read(str(ROOT_EXAMPLES / "flood_rescue.yaml"))
    results = [r for (r,) in run_games(text, [["random"]], 60, seed=0)]
    report = simulation_report(results, ["random"] * 3, 0)
    safe = report.reasons["all_safe"]
    assert safe > 0
    assert [s.wins for s in report.seats] == [safe] * 3
    assert report.seats[0].win_rate == safe / report.finished
