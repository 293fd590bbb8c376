"""Property: whatever model text it is given, ``validate`` and ``play`` end quickly and raise nothing
but our own errors (the :class:`~tabletwin.errors.TabletwinError` family).

The default run is derandomized and small (it runs with the whole suite); set
``TABLETWIN_PROPERTY_EXAMPLES`` to try more, e.g. ``TABLETWIN_PROPERTY_EXAMPLES=2000``.
"""

from __future__ import annotations

import os
import random
import resource
import signal
from contextlib import contextmanager

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletwin
from tabletwin.errors import TabletwinError
from tabletwin.model import load_model

from .bounded import run_cli
from .models import as_yaml, models

EXAMPLES = int(os.environ.get("TABLETWIN_PROPERTY_EXAMPLES", "40"))
SECONDS = 5
"""One example's validate and play, as the hostile-input bar."""

PROPERTY = settings(max_examples=EXAMPLES, derandomize=EXAMPLES <= 40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class Hang(Exception):
    pass


MEMORY_BYTES = 512 * 1024 * 1024
"""Address space one example may add, as the hostile-input bar (the process's own excluded)."""


def _address_space() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


@contextmanager
def bounded(seconds: int):
    """Fail (instead of hanging the suite or filling the machine's memory) when the block takes
    longer than ``seconds`` or more than :data:`MEMORY_BYTES` of new address space."""
    def interrupt(signum, frame):
        raise Hang(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (_address_space() + MEMORY_BYTES, hard))
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.signal(signal.SIGALRM, previous)


def mutate(text: str, seed: int) -> str:
    """The text with a few characters dropped, doubled or swapped: YAML that may not parse."""
    rng = random.Random(seed)
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        if not chars:
            break
        at = rng.randrange(len(chars))
        choice = rng.randrange(3)
        if choice == 0:
            del chars[at]
        elif choice == 1:
            chars.insert(at, chars[at])
        else:
            chars[at] = rng.choice(":-[]{}&*!|>'\"#\t\n ")
    return "".join(chars)


def check(text: str) -> None:
    with bounded(SECONDS):
        report = tabletwin.validate(text, games=2)
        assert isinstance(report.ok, bool)
        try:
            model = load_model(text)
        except TabletwinError:
            return
        for seed in (0, 1):
            try:
                record = tabletwin.play(model, None, seed, max_requests=300)
            except TabletwinError:
                continue  # e.g. a line-up for a model whose players cannot be seated
            assert record.error is None or isinstance(record.error, TabletwinError)


@PROPERTY
@given(models())
def test_random_models_give_only_our_errors(model):
    check(as_yaml(model))


@PROPERTY
@given(models(), st.integers(0, 2**32))
def test_broken_text_gives_only_our_errors(model, seed):
    check(mutate(as_yaml(model), seed))


def test_a_few_random_models_through_the_command_line(tmp_path):
    drawn = []

    @settings(max_examples=2, derandomize=True, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(models())
    def collect(model):
        drawn.append(as_yaml(model))

    collect()
    for number, text in enumerate(drawn):
        path = tmp_path / f"model{number}.yaml"
        path.write_text(text)
        for args, statuses in ((["validate", str(path), "--games", "2"], {0, 1, 2}),
                               (["play", str(path)], {0, 1, 2}), (["tree", str(path)], {0, 2})):
            outcome = run_cli(args)
            outcome.within_bar()
            assert outcome.status in statuses, (args, outcome.stderr)
