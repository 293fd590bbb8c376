"""A paired comparison that may stop as soon as the answer is clear (``compare --until-decided``).

Looking at a fixed-sample 95% interval after every batch and stopping when it excludes 0 is
wrong: each look is another chance of a false alarm, and with dozens of looks the chance of
"deciding" between two equal line-ups climbs far above 5%. This module uses a *confidence
sequence* instead: a sequence of intervals that holds the true mean difference at **every**
sample size at once with probability 95%, so stopping whenever it first says something keeps
the 5% error rate however often it is looked at.

The boundary is Robbins' normal mixture. For differences ``d_i`` with mean ``μ`` and standard
deviation ``σ``, the sum ``S_n = Σ (d_i − μ) / σ`` satisfies, with probability at least
``1 − α`` for all ``n`` together (Ville's inequality on the mixture martingale),

    |S_n| < sqrt((n + ρ) · ln((n + ρ) / (ρ · α²)))

which gives the interval ``mean ± σ · sqrt((n + ρ) · ln((n + ρ) / (ρ α²))) / n``. ``σ`` is
replaced by the sample standard deviation, which is the asymptotic confidence sequence of
Waudby-Smith et al. (valid as the sample grows, like every normal-approximation interval);
:data:`MIN_PAIRS` keeps it from deciding on a handful of games. ``ρ`` sets where the boundary is
tightest; :func:`rho_for` puts that near a tenth of the cap on games.

Decisions, read off the interval ``[lo, hi]`` of the mean difference a − b:

* ``lo > 0`` → ``"a"``; ``hi < 0`` → ``"b"`` (a wrong sign has probability at most 5%);
* ``-margin <= lo`` and ``hi <= margin`` → ``"equal"``: the difference is shown to be smaller
  than ``margin`` (wrong at most 5% of the time when it is really larger);
* otherwise play on, until the cap, where the answer is ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

ALPHA = 0.05
"""Chance, over the whole run and every look, that the interval ever misses the true difference."""

MIN_PAIRS = 30
"""Fewest pairs before any decision: the normal approximation and the estimated σ need some games."""

BATCH = 50
"""Pairs played between two looks; the looks cost nothing in error, so this only trades overshoot
against the overhead of starting a batch."""

DEFAULT_MAX_GAMES = 10_000
"""Pairs played at most when ``--max-games`` is not given."""

DEFAULT_MARGIN = 0.05
"""Differences of mean payoff smaller than this count as equal when ``--margin`` is not given."""


def rho_for(max_pairs: int) -> float:
    """The mixture parameter making the boundary tightest near ``max_pairs / 10`` pairs.

    For the two-sided normal mixture the width at ``n`` is smallest for
    ``ρ ≈ n / (2 ln(1/α) + ln(2 ln(1/α) + 1))`` (Howard et al. 2021, section 3.5); aiming at a
    tenth of the cap keeps early decisions cheap and the late boundary only a little wider.
    """
    target = max(MIN_PAIRS, max_pairs / 10)
    log_term = 2 * math.log(1 / ALPHA)
    return target / (log_term + math.log(log_term + 1))


def radius(n: int, sd: float, rho: float, alpha: float = ALPHA) -> float:
    """Half-width of the confidence sequence's interval for the mean after ``n`` pairs."""
    return sd * math.sqrt((n + rho) * math.log((n + rho) / (rho * alpha * alpha))) / n


@dataclass
class Running:
    """Mean and spread of the differences seen so far (Welford's updates: no cancellation when the
    differences are nearly equal), so a look costs O(1) however many pairs were played."""

    n: int = 0
    mean_: float = 0.0
    squares: float = 0.0
    """Sum of squared deviations from the running mean."""

    def add(self, values: Sequence[float]) -> None:
        for value in values:
            self.n += 1
            delta = value - self.mean_
            self.mean_ += delta / self.n
            self.squares += delta * (value - self.mean_)

    @property
    def mean(self) -> float | None:
        return self.mean_ if self.n else None

    @property
    def sd(self) -> float | None:
        return math.sqrt(max(0.0, self.squares / (self.n - 1))) if self.n >= 2 else None


def interval(running: Running, rho: float, alpha: float = ALPHA) -> tuple[float, float] | None:
    """The anytime-valid interval of the mean difference, ``None`` below :data:`MIN_PAIRS`."""
    if running.n < MIN_PAIRS:
        return None
    half = radius(running.n, running.sd, rho, alpha)
    return running.mean - half, running.mean + half


def decision(bounds: tuple[float, float] | None, margin: float) -> str | None:
    """``"a"``, ``"b"``, ``"equal"`` or ``None`` (not yet) for the interval of a − b."""
    if bounds is None:
        return None
    low, high = bounds
    if low > 0:
        return "a"
    if high < 0:
        return "b"
    if -margin <= low and high <= margin:
        return "equal"
    return None


@dataclass
class Outcome:
    decided: str | None
    pairs: int
    """Pairs of differences the decision used (all of them when undecided)."""
    mean: float | None
    bounds: tuple[float, float] | None


def run_sequential(next_batch: Callable[[int], Sequence[float]], max_pairs: int, margin: float,
                   batch: int = BATCH, alpha: float = ALPHA) -> Outcome:
    """Ask ``next_batch(k)`` for up to ``k`` more differences until a decision or ``max_pairs``.

    ``next_batch`` may return fewer than asked (games that did not finish give no difference) and
    an empty list when nothing more can be played, which ends the run undecided.
    """
    rho = rho_for(max_pairs)
    running = Running()
    asked = 0
    while asked < max_pairs:
        size = min(batch, max_pairs - asked)
        asked += size
        values = list(next_batch(size))
        running.add(values)
        bounds = interval(running, rho, alpha)
        verdict = decision(bounds, margin)
        if verdict is not None:
            return Outcome(verdict, running.n, running.mean, bounds)
        if not values:
            break
    return Outcome(None, running.n, running.mean, interval(running, rho, alpha))
