"""Hostile ``--set`` values and sweep grids: an error in our words, fast, never a traceback."""

from tabletwin.simulate.variants import SHOWN_CHARS, shown

from ..conftest import ROOT
from .bounded import run_cli

PIG = str(ROOT / "examples" / "pig.yaml")


def test_a_python_tag_is_refused_not_run():
    outcome = run_cli(["eval", "--model", PIG, "--set", "GOAL=!!python/object/apply:os.system [echo hi]", "GOAL"])
    outcome.within_bar()
    assert outcome.status == 2 and outcome.stdout == ""
    assert outcome.stderr == ("tabletwin eval: '!!python/object/apply:os.system [echo hi]' is not a YAML value: "
                              "unsupported tag !!python/object/apply:os.system\n")


def test_a_deeply_nested_value_is_refused_with_a_short_message():
    value = "[" * 5000 + "]" * 5000
    outcome = run_cli(["simulate", PIG, "--games", "1", "--set", f"GOAL={value}"])
    outcome.within_bar()
    assert outcome.status == 2
    assert outcome.stderr == (f"tabletwin simulate: {shown(value)} is not a YAML value: "
                              "the document nests deeper than 200 levels\n")
    assert len(outcome.stderr) < 200


def test_quoted_values_are_cut_at_the_limit():
    assert shown("x" * SHOWN_CHARS) == repr("x" * SHOWN_CHARS)
    assert shown("x" * (SHOWN_CHARS + 1)) == repr("x" * (SHOWN_CHARS - 1) + "…")


def test_a_huge_grid_is_refused_before_playing():
    values = ",".join(str(v) for v in range(100))
    outcome = run_cli(["sweep", PIG, "--set", f"GOAL={values}", "--set", f"GOAL={values}", "--set",
                       "DIE=[1],[2],[3]", "--games", "100000"])
    outcome.within_bar()
    assert outcome.status == 2 and outcome.stderr == "tabletwin sweep: 300 combinations; at most 256 in one sweep\n"

