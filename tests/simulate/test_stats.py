"""The interval maths against values computed by hand and with reference tables."""

import math

import pytest

from tabletwin.simulate.stats import (Z_975, mean, mean_ci95, paired_difference_ci95, sample_sd, t_quantile_975,
                                      wilson_ci95)


@pytest.mark.parametrize("df, expected", [(1, 12.7062), (2, 4.3027), (5, 2.5706), (9, 2.2622), (10, 2.2281),
                                          (20, 2.0860), (30, 2.0423), (31, 2.0395), (40, 2.0211), (60, 2.0003),
                                          (100, 1.9840), (120, 1.9799), (1000, 1.9623)])
def test_t_quantile_matches_the_tables(df, expected):
    assert t_quantile_975(df) == pytest.approx(expected, abs=5e-5)


def test_t_quantile_falls_towards_the_normal_quantile():
    values = [t_quantile_975(df) for df in range(1, 3000)]
    assert all(a > b for a, b in zip(values, values[1:]))
    assert t_quantile_975(10 ** 7) == pytest.approx(Z_975, abs=1e-6)
    with pytest.raises(ValueError):
        t_quantile_975(0)


def test_wilson_interval_known_values():
    assert wilson_ci95(50, 100) == pytest.approx((0.4038, 0.5962), abs=5e-5)
    # 0 of 10: the upper end is z² / (n + z²); the interval never leaves [0, 1].
    low, high = wilson_ci95(0, 10)
    assert low == 0.0 and high == pytest.approx(Z_975 ** 2 / (10 + Z_975 ** 2))
    assert wilson_ci95(10, 10) == pytest.approx((1 - high, 1.0))
    # Reference values of scipy.stats.binomtest(k, n).proportion_ci(method='wilson'):
    assert wilson_ci95(737, 1260) == pytest.approx((0.557496, 0.611829), abs=1e-6)
    assert wilson_ci95(1, 3) == pytest.approx((0.061492, 0.792340), abs=1e-6)
    assert wilson_ci95(0, 0) is None
    with pytest.raises(ValueError):
        wilson_ci95(11, 10)


def test_mean_interval_of_one_to_ten():
    # mean 5.5, s = sqrt(110/12) = 3.02765, se = s / sqrt(10), t(0.975, 9) = 2.262157
    m, (low, high) = mean_ci95(range(1, 11))
    assert m == 5.5
    assert sample_sd(list(range(1, 11))) == pytest.approx(math.sqrt(110 / 12))
    assert (low, high) == pytest.approx((3.334149, 7.665851), abs=1e-5)


def test_mean_interval_edge_cases():
    assert mean_ci95([]) == (None, None)
    assert mean_ci95([4]) == (4.0, None)
    assert mean_ci95([2, 2, 2]) == (2.0, (2.0, 2.0))
    assert mean([]) is None
    assert mean([0.1] * 10) == 0.1  # an exactly rounded sum


def test_paired_difference_by_hand():
    # d = a - b = [2, 1, 0, 3]: mean 1.5, s² = (0.25 + 0.25 + 2.25 + 2.25) / 3 = 5/3,
    # se = sqrt(5/3) / 2 = 0.645497, t(0.975, 3) = 3.182446, half width 2.054260.
    diff, (low, high) = paired_difference_ci95([3, 5, 4, 6], [1, 4, 4, 3])
    assert diff == 1.5
    assert (low, high) == pytest.approx((1.5 - 2.054260, 1.5 + 2.054260), abs=1e-5)


def test_paired_difference_of_a_sample_with_itself_is_exactly_zero():
    sample = [1, -1, 0, 2, -1, 1]
    assert paired_difference_ci95(sample, sample) == (0.0, (0.0, 0.0))
    with pytest.raises(ValueError):
        paired_difference_ci95([1, 2], [1])
