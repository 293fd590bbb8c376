"""The interval maths of ``simulate`` and ``compare``: pure functions, no third-party code.

* :func:`mean_ci95` — the mean of a sample and its 95% interval ``m ± t·s/√n``, with ``s`` the
  sample standard deviation (``n - 1`` in the denominator) and ``t`` the Student t 0.975
  quantile for ``n - 1`` degrees of freedom (:func:`t_quantile_975`), which is wider than the
  normal 1.96 for small samples and the same for large ones.
* :func:`wilson_ci95` — the Wilson score interval of a proportion ``k / n`` (win rates): it stays
  inside ``[0, 1]`` and behaves at 0 and ``n`` wins, unlike ``p ± 1.96·√(p(1-p)/n)``.
* :func:`paired_difference_ci95` — the mean of the differences ``a[i] - b[i]`` of two samples
  taken on the same seeds, with the interval of that mean; pairing removes the variation the
  two line-ups share (the same dice), so it is much narrower than comparing two means.

An interval is a ``(low, high)`` tuple, or ``None`` when the sample is too small to have one
(no values; one value for ``t``-intervals).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z_975 = 1.959963984540054
"""The standard normal 0.975 quantile: a two-sided 95% interval is ``± Z_975`` standard errors."""

_T_975 = (
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139,
    2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963,
    2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272,
)
"""Student t 0.975 quantiles for 1 to 30 degrees of freedom, to 6 decimals."""

Interval = tuple[float, float]


def t_quantile_975(df: int) -> float:
    """The 0.975 quantile of Student's t distribution with ``df`` degrees of freedom.

    A table for 1–30 degrees of freedom; above that the Cornish–Fisher expansion of t in powers
    of ``1/df`` around the normal quantile (Abramowitz & Stegun 26.7.5), whose error there is
    below 3e-8. ``t_quantile_975(9)`` is 2.262157.
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df <= len(_T_975):
        return _T_975[int(df) - 1]
    z, v = Z_975, float(df)
    z3, z5, z7, z9 = z ** 3, z ** 5, z ** 7, z ** 9
    return (z
            + (z3 + z) / (4 * v)
            + (5 * z5 + 16 * z3 + 3 * z) / (96 * v ** 2)
            + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v ** 3)
            + (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * v ** 4))


def mean(values: Sequence[float]) -> float | None:
    """The arithmetic mean (an exactly rounded sum), or ``None`` for no values."""
    if not values:
        return None
    return math.fsum(values) / len(values)


def sample_sd(values: Sequence[float]) -> float | None:
    """The sample standard deviation (``n - 1`` in the denominator), ``None`` below two values."""
    n = len(values)
    if n < 2:
        return None
    m = math.fsum(values) / n
    return math.sqrt(math.fsum((x - m) ** 2 for x in values) / (n - 1))


def mean_ci95(values: Sequence[float]) -> tuple[float | None, Interval | None]:
    """The mean and its 95% interval ``m ± t(0.975, n-1) · s / √n``.

    ``(None, None)`` for no values, ``(m, None)`` for one; equal values give ``(m, (m, m))``.
    """
    values = [float(x) for x in values]
    m = mean(values)
    s = sample_sd(values)
    if m is None or s is None:
        return m, None
    half = t_quantile_975(len(values) - 1) * s / math.sqrt(len(values))
    return m, (m - half, m + half)


def wilson_ci95(successes: int, n: int) -> Interval | None:
    """The Wilson score 95% interval of ``successes`` out of ``n``; ``None`` when ``n`` is 0.

    ``center = (p + z²/2n) / (1 + z²/n)``, ``half = z / (1 + z²/n) · √(p(1-p)/n + z²/4n²)``
    with ``p = successes / n`` and ``z = 1.96``. 50 of 100 gives (0.4038, 0.5962).
    """
    if n <= 0:
        return None
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n}")
    p = successes / n
    z2 = Z_975 * Z_975
    denominator = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denominator
    half = Z_975 / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, center - half), min(1.0, center + half)


def paired_difference_ci95(a: Sequence[float], b: Sequence[float]) -> tuple[float | None, Interval | None]:
    """The mean of ``a[i] - b[i]`` and its 95% t-interval (see :func:`mean_ci95`).

    ``a`` and ``b`` are the same quantity measured on the same seeds; they must be equally long.
    Identical samples give ``(0.0, (0.0, 0.0))``.
    """
    if len(a) != len(b):
        raise ValueError(f"paired samples of different lengths ({len(a)} and {len(b)})")
    return mean_ci95([float(x) - float(y) for x, y in zip(a, b)])


def ratio_ci95(numerators: Sequence[float], denominators: Sequence[float],
               n: int | None = None) -> tuple[float | None, Interval | None]:
    """The ratio ``Σy / Σx`` of per-game totals and its 95% interval, games as the unit.

    Figures such as options per decision pool many decisions from each game, and the decisions of
    one game are not independent; this treats each game as one draw of ``(y, x)`` and takes the
    delta-method (linearised) variance of the ratio, ``Σ(y - R·x)² / (n(n-1)) / x̄²``, with the
    t quantile for ``n - 1`` degrees of freedom. ``(None, None)`` when ``Σx`` is 0; no interval
    below two games. ``n`` (at least the number of pairs given) counts games whose pair is
    ``(0, 0)`` without listing them: they add nothing to the sums, only to the sample size.
    """
    if len(numerators) != len(denominators):
        raise ValueError(f"ratio of samples of different lengths ({len(numerators)} and {len(denominators)})")
    n = len(numerators) if n is None else n
    if n < len(numerators):
        raise ValueError(f"{n} games for {len(numerators)} pairs")
    total_x = math.fsum(denominators)
    if n == 0 or total_x == 0:
        return None, None
    ratio = math.fsum(numerators) / total_x
    if n < 2:
        return ratio, None
    x_bar = total_x / n
    residual = math.fsum((y - ratio * x) ** 2 for y, x in zip(numerators, denominators))
    half = t_quantile_975(n - 1) * math.sqrt(residual / (n * (n - 1))) / x_bar
    return ratio, (ratio - half, ratio + half)


DIGITS = 6
"""Decimals of the numbers in the JSON documents of ``simulate``, ``compare`` and ``sweep``."""


def rounded(value):
    """A number (or a list of them) as the JSON documents give it: ``DIGITS`` decimals, no -0.0."""
    if value is None:
        return None
    if isinstance(value, tuple | list):
        return [rounded(v) for v in value]
    return round(float(value), DIGITS) + 0.0  # + 0.0 turns -0.0 into 0.0
