"""The harness itself: it must see a blow-up, a hang's bound and a traceback."""

import pytest

from .bounded import MEMORY_BYTES, run_cli


def test_a_plain_run_is_within_the_bar():
    outcome = run_cli(["eval", "1 + 1"])
    outcome.within_bar()
    assert (outcome.status, outcome.stdout) == (0, "2\n")


def test_memory_is_measured_by_the_kernel():
    outcome = run_cli(["eval", "1"], env={"PYTHONSTARTUP": ""})
    assert 5 * 2**20 < outcome.peak_bytes < MEMORY_BYTES


def test_a_traceback_fails_the_bar():
    outcome = run_cli(["no-such-command"])
    assert outcome.status == 2
    outcome.within_bar()
    outcome.stderr += "Traceback (most recent call last):"
    with pytest.raises(AssertionError):
        outcome.within_bar()
