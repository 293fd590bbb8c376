"""The balance report's figures on small models and hand-made results with known values."""

import pytest

from tabletwin import load_model
from tabletwin.simulate.balance import (choice, coverage, durations, histogram, is_draw, outcomes, percentile,
                                        seat_advantage, summary)
from tabletwin.simulate.runner import GameResult, play_game
from tabletwin.simulate.stats import ratio_ci95, t_quantile_975, wilson_ci95

from ..conftest import ROOT
from .helpers import ENDLESS, TIC_TAC_TOE, run_json

TOY = str(ROOT / "tests" / "fixtures" / "balance" / "toy.yaml")


def ended(payoffs, reason="won", **fields):
    return GameResult(0, tuple(payoffs), reason, None, False, fields.pop("requests", 1), **fields)


def r6(interval):
    return [round(x, 6) for x in interval]


# ---- outcome and the win rule ------------------------------------------------------------------


def test_draws_and_games_without_a_winner():
    results = [ended((0, 0), "draw"), ended((1, -1)), ended((2, 2, 1)[:2]), ended((-1, -1), "lost"),
               GameResult(0, None, None, None, True, 5000), GameResult(0, None, None, "ExprError: x", False, 3)]
    figures = outcomes(results)
    assert figures["draw"] == {"games": 2, "n": 6, "share": round(2 / 6, 6), "ci95": r6(wilson_ci95(2, 6))}
    assert figures["no_winner"]["games"] == 2   # the draw and the shared loss; (2, 2) is both seats' win
    assert figures["cut"]["games"] == 1 and figures["error"]["games"] == 1
    assert figures["end_reasons"] == {
        "won": {"games": 2, "n": 6, "share": round(2 / 6, 6), "ci95": r6(wilson_ci95(2, 6))},
        "draw": {"games": 1, "n": 6, "share": round(1 / 6, 6), "ci95": r6(wilson_ci95(1, 6))},
        "lost": {"games": 1, "n": 6, "share": round(1 / 6, 6), "ci95": r6(wilson_ci95(1, 6))}}


def test_a_tie_at_the_top_below_all_seats_is_no_draw_and_no_win():
    assert not is_draw((2, 2, 1)) and is_draw((0, 0, 0)) and not is_draw((1, 1))
    advantage = seat_advantage([ended((2, 2, 1))], 3)
    assert [s["win_rate"] for s in advantage["seats"]] == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("payoffs, num_players, rates", [
    ([(1, 1), (1, 1), (-1, -1)], 2, [2 / 3, 2 / 3]),        # cooperative: a shared win is everyone's
    ([(1,), (-1,), (1,), (1,)], 1, [0.75]),                 # one player: a positive payoff is a win
    ([(0, 0), (0, 0)], 2, [0.0, 0.0]),                      # draws: nobody's
    ([(3, 5), (7, 5), (5, 5), (0, 9)], 2, [0.5, 0.75]),     # scores: the strictly best, equal positive: both
])
def test_the_win_rule_in_the_seat_figures(payoffs, num_players, rates):
    advantage = seat_advantage([ended(p) for p in payoffs], num_players)
    assert [s["win_rate"] for s in advantage["seats"]] == [round(r, 6) for r in rates]
    assert advantage["fair_share"] == round(1 / num_players, 6)


def test_the_largest_gap_is_a_paired_difference_of_win_indicators():
    results = [ended((1, -1)), ended((1, -1)), ended((1, -1)), ended((-1, 1))]
    advantage = seat_advantage(results, 2)
    half = t_quantile_975(3) * 1.0 / 2  # differences 1, 1, 1, -1: mean 0.5, sd 1, n 4
    assert advantage["max_gap"] == 0.5 and advantage["max_gap_seats"] == [0, 1]
    assert advantage["max_gap_ci95"] == r6((0.5 - half, 0.5 + half))
    assert advantage["seats"][0]["vs_fair"] == 0.25
    low, high = wilson_ci95(3, 4)
    assert advantage["seats"][0]["vs_fair_ci95"] == r6((low - 0.5, high - 0.5))


def test_one_seat_has_no_gap():
    advantage = seat_advantage([ended((1,))], 1)
    assert advantage["max_gap"] is None and advantage["max_gap_ci95"] is None and advantage["fair_share"] == 1.0


def test_cooperative_example_counts_a_shared_win_for_every_seat(capsys):
    _, report, _ = run_json(["simulate", str(ROOT / "examples" / "flood_rescue.yaml"), "--games", "20"], capsys)
    seats = report["seats"]
    assert len({s["wins"] for s in seats}) == 1  # every seat wins the same games
    assert report["seat_advantage"]["max_gap"] == 0.0


# ---- duration ----------------------------------------------------------------------------------


def test_nearest_rank_percentiles():
    values = list(range(1, 11))
    assert percentile(values, 0.1) == 1 and percentile(values, 0.9) == 9 and percentile(values, 0.5) == 5
    assert percentile([7], 0.1) == 7 and percentile([1, 2, 3], 0.9) == 3


def test_histogram_bins_are_whole_numbers_wide_and_cover_every_value():
    assert histogram([3, 3, 4, 6]) == [[3, 4, 2], [4, 5, 1], [5, 6, 0], [6, 7, 1]]
    bins = histogram(list(range(100)), bins=20)
    assert len(bins) == 20 and all(high - low == 5 for low, high, _ in bins) and sum(c for *_, c in bins) == 100
    assert histogram([]) == []


def test_summary_of_known_values():
    figure = summary([10, 20, 30, 40])
    assert figure["mean"] == 25.0 and figure["median"] == 25.0 and figure["p10"] == 10 and figure["p90"] == 40
    assert figure["min"] == 10 and figure["max"] == 40 and figure["n"] == 4
    half = t_quantile_975(3) * 12.909944487358056 / 2
    assert figure["mean_ci95"] == r6((25 - half, 25 + half))


def test_a_fixed_length_game_has_zero_spread(capsys):
    _, report, _ = run_json(["simulate", TOY, "--games", "5", "--players", "first"], capsys)
    requests = report["duration"]["requests"]
    assert requests == {"n": 5, "mean": 6.0, "mean_ci95": [6.0, 6.0], "median": 6.0, "p10": 6, "p90": 6, "min": 6,
                        "max": 6, "histogram": [[6, 7, 5]]}
    assert report["duration"]["rounds"]["mean_ci95"] == [3.0, 3.0] and report["duration"]["rounds"]["max"] == 3
    assert report["duration"]["chance"]["max"] == 0 and report["duration"]["decisions"]["mean"] == 6.0


def test_durations_are_over_finished_games_only():
    figures = durations([ended((1, -1), requests=10, decisions=4, chance=6, rounds=2),
                         GameResult(0, None, None, None, True, 5000, 5000, 0, 99)])
    assert figures["requests"]["max"] == 10 and figures["rounds"]["n"] == 1
    assert durations([ended((1,), requests=3)])["rounds"] is None  # no main loop


# ---- choice ------------------------------------------------------------------------------------


def test_branching_of_tic_tac_toes_first_decision_is_nine():
    model = load_model(TIC_TAC_TOE)
    firsts = [play_game(model, ["random"], seed, max_requests=1) for seed in range(5)]
    figures = choice(firsts, 2)
    assert figures["branching"] == 9.0 and figures["branching_ci95"] == [9.0, 9.0]
    assert figures["forced_share"] == 0.0 and figures["decisions"] == 5
    assert list(figures["by_place"]) == ["action mark"]


def test_choice_per_seat_and_place_on_the_toy(capsys):
    _, report, _ = run_json(["simulate", TOY, "--games", "3", "--players", "first"], capsys)
    figures = report["choice"]
    # per game: 3 turns of 2 options, 3 windows of 2 (zap or pass), 3 forced choices inside play
    assert figures["decisions"] == 27 and figures["branching"] == round(15 / 9, 6)
    assert figures["forced_share"] == round(1 / 3, 6) and figures["forced_share_ci95"] == r6((1 / 3, 1 / 3))
    assert [(s["seat"], s["decisions"], s["forced_share"]) for s in figures["by_seat"]] == \
        [(0, 21, round(2 / 7, 6)), (1, 6, 0.5)]
    assert list(figures["by_place"]) == ["action play", "step turn", "window quick"]
    assert figures["by_place"]["window quick"]["mean_options"] == 2.0
    assert figures["by_place"]["action play"]["forced_share"] == 1.0


def test_ratio_interval_takes_games_as_the_unit():
    ratio, interval = ratio_ci95([2, 4], [1, 1])
    assert ratio == 3.0
    # residuals -1, 1: sqrt(2 / 2) / 1 times t(1)
    assert interval == pytest.approx((3 - t_quantile_975(1), 3 + t_quantile_975(1)))
    assert ratio_ci95([], []) == (None, None) and ratio_ci95([1], [0]) == (None, None)
    assert ratio_ci95([3], [2]) == (1.5, None)


# ---- coverage ----------------------------------------------------------------------------------


def test_coverage_without_a_catalogue_lists_what_was_used():
    result = ended((1,), usage=((("actions", "go"), 2),))
    table, unused = coverage([result, result], None)
    assert table["actions"] == {"go": {"games": 2, "uses": 4, "path": None}} and unused == []


def test_cut_games_count_in_coverage_and_choice(capsys):
    model = load_model(ENDLESS)
    result = play_game(model, ["first"], 0, max_requests=10)
    assert result.cut and dict(result.usage)[("actions", "walk")] == 10
    assert choice([result], 2)["decisions"] == 10


def test_a_place_first_seen_in_a_later_game_counts_the_earlier_games_as_zero():
    results = [ended((1, -1), choices=((0, "step a", 2, 4, 0),)),
               ended((1, -1), choices=((0, "step a", 1, 2, 0), (1, "step b", 3, 3, 3)))]
    figures = choice(results, 2)
    assert figures["by_place"]["step b"] == {"decisions": 3, "games": 1, "branching": 1.0,
                                             "branching_ci95": [1.0, 1.0], "forced_share": 1.0,
                                             "forced_share_ci95": [1.0, 1.0], "mean_options": 1.0}
    assert list(figures["by_place"]) == ["step a", "step b"]  # 3 decisions each: by name
    assert figures["by_seat"][1]["decisions"] == 3 and figures["by_seat"][1]["games"] == 1
    assert figures["decisions"] == 6 and figures["branching"] == 1.5


def test_a_histogram_has_at_most_twenty_bins_by_default():
    from tabletwin.simulate.balance import HISTOGRAM_BINS

    assert HISTOGRAM_BINS == 20
    assert len(histogram(list(range(1000)))) == 20 and len(histogram(list(range(1001)))) == 20
    assert len(histogram([0, 19])) == 20 and len(histogram([0, 20])) == 11  # width 2 from 21 values on


def test_the_text_lists_the_ten_places_with_most_decisions():
    from tabletwin.simulate.balance import TOP_PLACES
    from tabletwin.simulate.balance_text import choice_lines

    assert TOP_PLACES == 10
    results = [ended((1, -1), choices=tuple((0, f"step s{k:02}", 20 - k, 2 * (20 - k), 0) for k in range(12)))]
    lines = choice_lines({"choice": choice(results, 2)})
    listed = [line.split()[1] for line in lines if line.startswith("  step ")]
    assert listed == [f"s{k:02}" for k in range(10)]
    assert lines[-1] == "  … and 2 more places (see --json or --html)"


def test_games_without_pairs_count_only_in_the_sample_size():
    listed = ratio_ci95([2, 4, 0, 0], [1, 1, 0, 0])
    assert ratio_ci95([2, 4], [1, 1], n=4) == listed
    assert listed[1] == pytest.approx((3 - t_quantile_975(3) * (2 / (4 * 3)) ** 0.5 / 0.5,
                                       3 + t_quantile_975(3) * (2 / (4 * 3)) ** 0.5 / 0.5))
    with pytest.raises(ValueError, match="1 games for 2 pairs"):
        ratio_ci95([1, 2], [1, 1], n=1)
