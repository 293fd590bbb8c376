"""The checked numbers of the command line, at and beyond their limits."""

from __future__ import annotations

import argparse

import pytest

from tabletwin.cli import options


def test_games_from_one_to_the_limit():
    assert (options.games("1"), options.games(" 10000000 ")) == (1, options.MAX_GAMES)
    for bad in ("0", "-1", "10000001"):
        with pytest.raises(argparse.ArgumentTypeError):
            options.games(bad)


def test_test_games_from_zero_to_the_limit():
    assert (options.test_games("0"), options.test_games("100000")) == (0, options.MAX_TEST_GAMES)
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        options.test_games("100001")
    assert str(caught.value) == "test games must be from 0 to 100,000, not 100,001"


def test_seeds_from_zero_to_the_limit():
    assert (options.seed("0"), options.seed(str(2**63 - 1))) == (0, options.MAX_SEED)
    for bad in ("-1", str(2**63), "1.5", "seven", "9" * 5000):
        with pytest.raises(argparse.ArgumentTypeError):
            options.seed(bad)


def test_jobs_are_capped_with_a_note(capsys, monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 4)
    assert options.cap_jobs("simulate", 0) == 4
    assert options.cap_jobs("simulate", 3) == 3
    assert capsys.readouterr().err == ""
    assert options.cap_jobs("simulate", 9) == 4
    assert capsys.readouterr().err == "tabletwin simulate: --jobs 9 is more than the 4 processors here; using 4\n"
    with pytest.raises(argparse.ArgumentTypeError):
        options.jobs("-1")
