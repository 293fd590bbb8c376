"""Checked numbers of the command line: games, seeds, processes; and where games run (``--backend``).

Each is an ``argparse`` type, so a bad value is a usage error (exit status 2, argparse's message
naming the option) before anything runs: ``--games -1`` does not pass silently, ``--games 10**12``
does not start a run that never ends.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..simulate.backends import BACKENDS, BackendError, make_backend

USAGE = 2
"""Exit status of a command line that cannot run (as argparse's own errors)."""

MAX_GAMES = 10_000_000
"""Most games one ``simulate`` or ``compare`` plays (hours of work at a few thousand a second)."""

MAX_TEST_GAMES = 100_000
"""Most test games one ``validate`` plays."""

MAX_SEED = 2**63 - 1
"""Largest seed: seeds are whole numbers from 0, and game k of a run plays seed S + k."""


def _whole(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:  # also for more digits than Python turns into an int
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number") from None


def _within(low: int, high: int, what: str):
    def check(text: str) -> int:
        value = _whole(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be from {low:,} to {high:,}, not {value:,}")
        return value

    check.__name__ = what  # argparse names the type in some messages
    return check


games = _within(1, MAX_GAMES, "games")
test_games = _within(0, MAX_TEST_GAMES, "test games")
seed = _within(0, MAX_SEED, "a seed")


MAX_MARGIN = 1e12
"""Largest ``--margin``: beyond any payoff a model gives, and finite so the interval maths stays finite."""


def margin(text: str) -> float:
    """``compare --margin``: a difference of mean payoff from 0 up to :data:`MAX_MARGIN`."""
    try:
        value = float(text.strip())
    except ValueError:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} is not a number") from None
    if not 0 <= value <= MAX_MARGIN:  # also refuses nan
        raise argparse.ArgumentTypeError(f"a margin must be from 0 to {MAX_MARGIN:g}, not {text.strip()}")
    return value


def jobs(text: str) -> int:
    """``--jobs``: 0 for every processor, else a count from 1 (capped later by :func:`cap_jobs`)."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (all processors) or more, not {value:,}")
    return value


def cap_jobs(command: str, requested: int, stderr=None) -> int:
    """The processes to start: all processors for 0, at most the number of processors otherwise
    (saying so on standard error when that is fewer than asked for)."""
    processors = os.cpu_count() or 1
    if requested == 0:
        return processors
    if requested > processors:
        print(f"tabletwin {command}: --jobs {requested:,} is more than the {processors} processors here; "
              f"using {processors}", file=stderr or sys.stderr)
        return processors
    return requested


def add_backend_arguments(parser) -> None:
    """``--backend`` and ``--address`` of the commands that play many games."""
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="where the games run: local processes (--jobs, the default) or ray (a Ray cluster, "
                             "see docs/scaling.md); the results do not depend on it")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --backend ray: the cluster to use (host:port); default $RAY_ADDRESS, else "
                             "Ray starts on this machine")


def backend_of(args):
    """The backend of ``--backend`` (``None`` for local processes); a :class:`BackendError` when it
    cannot be used (the command line's ``main`` prints it)."""
    name, address = getattr(args, "backend", "local"), getattr(args, "address", None)
    if name != "ray":
        if address is not None:
            raise BackendError("--address goes with --backend ray")
        return make_backend(name)
    if getattr(args, "jobs", 1) != 1:
        raise BackendError("--jobs counts local processes; with --backend ray every processor of the cluster "
                           "plays, so leave --jobs out")
    return make_backend(name, address or os.environ.get("RAY_ADDRESS") or None)


MAX_STATES = 100_000_000
"""Largest ``solve --max-states``: far beyond what fits in memory, so the memory is the real bound."""

max_states = _within(1, MAX_STATES, "the state budget")
