"""The sequential test of ``compare --until-decided``, on synthetic paired differences (fast).

Error rates are measured over 200 seeded runs each: with no true difference the test may decide
"a" or "b" at most about 5% of the time (we allow 10% for sampling error over 200 runs), while the
naive rule it replaces (a fixed-sample t-interval looked at after every batch) goes far above it.
"""

import math
import random

import pytest

from tabletwin.cli import options
from tabletwin.simulate.sequential import (ALPHA, BATCH, MIN_PAIRS, Running, decision, interval, radius, rho_for,
                                           run_sequential)
from tabletwin.simulate.stats import t_quantile_975

RUNS = 200


def _coin_differences(rng, p_a: float, p_b: float = 0.5):
    """Win (1) or lose (0) for a and b on one seed, independently: a payoff difference in {-1, 0, 1}."""
    return lambda k: [float(rng.random() < p_a) - float(rng.random() < p_b) for _ in range(k)]


def _gauss(rng, mu: float, sd: float = 1.0):
    return lambda k: [rng.gauss(mu, sd) for _ in range(k)]


def _rejections(make, max_pairs=2000, margin=0.05):
    verdicts = [run_sequential(make(random.Random(run)), max_pairs, margin).decided for run in range(RUNS)]
    return sum(v in ("a", "b") for v in verdicts) / RUNS, verdicts


@pytest.mark.parametrize("make", [lambda rng: _gauss(rng, 0.0), lambda rng: _coin_differences(rng, 0.5),
                                  lambda rng: _coin_differences(rng, 0.9, 0.9)])
def test_equal_line_ups_are_called_different_at_most_about_5_percent(make):
    rate, _ = _rejections(make)
    assert rate <= 0.10


def test_looking_after_every_batch_at_a_fixed_interval_would_fail_that_bar():
    # The same data and looks with the fixed-sample t-interval: the false alarms pile up.
    false_alarms = 0
    for run in range(RUNS):
        rng = random.Random(run)
        running = Running()
        while running.n < 2000:
            running.add([rng.gauss(0, 1) for _ in range(BATCH)])
            half = t_quantile_975(running.n - 1) * running.sd / math.sqrt(running.n)
            if abs(running.mean) > half:
                false_alarms += 1
                break
    assert false_alarms / RUNS > 0.15


def test_a_clear_difference_is_decided_for_the_better_line_up():
    _, verdicts = _rejections(lambda rng: _coin_differences(rng, 0.65))
    assert verdicts.count("a") >= 0.95 * RUNS
    _, verdicts = _rejections(lambda rng: _gauss(rng, -0.3))
    assert verdicts.count("b") >= 0.95 * RUNS


def test_no_difference_with_little_noise_is_decided_equal():
    _, verdicts = _rejections(lambda rng: _gauss(rng, 0.0, 0.1))
    assert verdicts.count("equal") >= 0.95 * RUNS


def test_a_difference_larger_than_the_margin_is_rarely_called_equal():
    # True difference 0.1, margin 0.05: "equal" would be a wrong decision.
    _, verdicts = _rejections(lambda rng: _gauss(rng, 0.1))
    assert verdicts.count("equal") / RUNS <= 0.10


def test_the_cap_ends_the_run_undecided():
    outcome = run_sequential(_gauss(random.Random(1), 0.05), max_pairs=120, margin=0.01)
    assert outcome.decided is None and outcome.pairs == 120
    assert outcome.bounds[0] < 0 < outcome.bounds[1]


def test_nothing_is_decided_before_the_fewest_pairs():
    assert interval(Running(MIN_PAIRS - 1, 0.0, 0.0), rho_for(1000)) is None
    outcome = run_sequential(lambda k: [1.0] * k, max_pairs=MIN_PAIRS - 1, margin=0.05)
    assert outcome.decided is None and outcome.bounds is None
    # Equal differences of 1 every time: "a" at the first look with enough pairs.
    outcome = run_sequential(lambda k: [1.0] * k, max_pairs=1000, margin=0.05, batch=10)
    assert outcome.decided == "a" and outcome.pairs == MIN_PAIRS


def test_a_source_that_runs_dry_ends_the_run():
    calls = []
    outcome = run_sequential(lambda k: calls.append(k) or [], max_pairs=1000, margin=0.05)
    assert outcome.decided is None and outcome.pairs == 0 and calls == [BATCH]


def test_the_boundary_has_the_normal_mixture_width():
    rho = rho_for(10_000)
    # sqrt((n + ρ) ln((n + ρ) / (ρ α²))) / n, by hand for n = 400, σ = 2.
    assert radius(400, 2.0, rho) == pytest.approx(2 * math.sqrt((400 + rho) * math.log((400 + rho) / (rho * ALPHA ** 2))) / 400)
    # Wider than the fixed 95% interval (1.96 σ/√n) at every n: the price of looking anytime.
    for n in (30, 100, 1000, 10_000, 100_000):
        assert radius(n, 1.0, rho) > 1.96 / math.sqrt(n)
    assert rho_for(10_000) == pytest.approx(1000 / (2 * math.log(20) + math.log(2 * math.log(20) + 1)))


def test_decisions_read_off_the_interval():
    assert decision((0.01, 0.3), 0.05) == "a"
    assert decision((-0.3, -0.01), 0.05) == "b"
    assert decision((-0.05, 0.05), 0.05) == "equal"
    assert decision((-0.06, 0.04), 0.05) is None
    assert decision(None, 0.05) is None


def test_running_sums_match_the_sample():
    running = Running()
    running.add([1.0, 2.0, 4.0])
    assert running.mean == pytest.approx(7 / 3)
    assert running.sd == pytest.approx(math.sqrt(((1 - 7 / 3) ** 2 + (2 - 7 / 3) ** 2 + (4 - 7 / 3) ** 2) / 2))
    same = Running()
    same.add([0.1] * 50)
    assert same.sd == 0.0 and same.mean == pytest.approx(0.1)


def test_margin_limit():
    assert options.margin(str(options.MAX_MARGIN)) == options.MAX_MARGIN
    for bad in ("-0.1", "1e13", "nan", "inf", "x"):
        with pytest.raises(Exception):
            options.margin(bad)
