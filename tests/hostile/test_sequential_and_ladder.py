"""Hostile command lines of ``compare --until-decided`` and ``ladder``: usage errors, no traceback."""

from ..conftest import ROOT
from .bounded import run_cli

PIG = str(ROOT / "examples" / "pig.yaml")
PIG_SEARCH = str(ROOT / "examples" / "tactics" / "pig-search.yaml")


def test_bad_margins_are_usage_errors():
    for margin, reason in (("nan", "a margin must be from 0 to 1e+12, not nan"),
                           ("-1", "a margin must be from 0 to 1e+12, not -1"),
                           ("1e400", "a margin must be from 0 to 1e+12, not 1e400"),
                           ("lots", "'lots' is not a number")):
        outcome = run_cli(["compare", PIG, "--a", "random", "--b", "first", "--until-decided", "--margin", margin])
        outcome.within_bar()
        assert outcome.status == 2 and outcome.stdout == ""
        assert f"argument --margin: {reason}" in outcome.stderr


def test_a_huge_cap_is_refused_before_playing():
    outcome = run_cli(["compare", PIG, "--a", "random", "--b", "first", "--until-decided", "--max-games", "10" * 30])
    outcome.within_bar()
    assert outcome.status == 2 and "argument --max-games: games must be from 1 to 10,000,000" in outcome.stderr


def test_huge_and_malformed_budgets_are_refused_before_playing():
    cases = (("0," + "9" * 5000, "--budgets: a budget must be from 0 to 10,000 rollouts, not a number of 5,000 digits\n"),
             ("0,10001", "--budgets: a budget must be from 0 to 10,000 rollouts, not 10,001\n"),
             (",".join(["0"] + [str(i) for i in range(1, 5000)]), "--budgets names 5000 budgets; at most 16 in one ladder\n"),
             ("0,1e3", "--budgets: '1e3' is not a whole number\n"))
    for budgets, message in cases:
        outcome = run_cli(["ladder", PIG, "--tactic", PIG_SEARCH, "--budgets", budgets, "--games", "1"])
        outcome.within_bar()
        assert outcome.status == 2 and outcome.stdout == ""
        assert outcome.stderr == "tabletwin ladder: " + message
