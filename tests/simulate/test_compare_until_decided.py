"""``tabletwin compare --until-decided``: real Pig games until the sequential test decides."""

from .helpers import KUHN, run, run_json
from ..conftest import ROOT

PIG = str(ROOT / "examples" / "pig.yaml")
HOLD_12 = str(ROOT / "examples" / "tactics" / "pig-hold-at-12.yaml")
HOLD_8 = str(ROOT / "examples" / "tactics" / "pig-hold-at-8.yaml")


def test_hold_at_12_is_decided_better_than_random_and_the_json_says_how_many_games(capsys):
    status, report, err = run_json(["compare", PIG, "--a", f"{HOLD_12},random", "--b", "random",
                                    "--until-decided"], capsys)
    assert status == 0 and err == ""
    assert list(report) == ["games", "seed", "seat", "a", "b", "diff", "diff_ci95", "decided"]
    assert report["decided"] == "a" and report["games"] == 100  # two batches of 50 pairs
    assert report["diff_ci95"][0] > 0
    # The pairs are seeds 0..99, exactly those of a fixed compare of 100 games.
    _, fixed, _ = run_json(["compare", PIG, "--a", f"{HOLD_12},random", "--b", "random", "--games", "100"], capsys)
    assert (report["a"], report["b"], report["diff"]) == (fixed["a"], fixed["b"], fixed["diff"])
    # The anytime-valid interval is wider than the fixed-sample one.
    assert report["diff_ci95"][0] < fixed["diff_ci95"][0] and report["diff_ci95"][1] > fixed["diff_ci95"][1]


def test_the_better_line_up_wins_also_as_b(capsys):
    status, report, _ = run_json(["compare", PIG, "--a", "random", "--b", f"{HOLD_12},random", "--until-decided",
                                  "--seed", "5"], capsys)
    assert status == 0 and report["decided"] == "b" and report["diff_ci95"][1] < 0


def test_text_says_how_many_games_it_took(capsys):
    status, out, _ = run(["compare", PIG, "--a", f"{HOLD_12},random", "--b", "random", "--until-decided"], capsys)
    assert status == 0
    assert out.splitlines()[0] == "Pig: seat 0, 100 paired games, seeds 0–99"
    assert out.splitlines()[-1] == ("Decided after 100 paired games: a does better than b (the interval is a 95% "
                                    "confidence sequence, valid however early the run stopped).")


def test_the_cap_leaves_it_undecided(capsys):
    argv = ["compare", PIG, "--a", f"{HOLD_12},random", "--b", f"{HOLD_8},random", "--until-decided",
            "--max-games", "40"]
    status, report, _ = run_json(argv, capsys)
    assert status == 0 and report["decided"] is None and report["games"] == 40
    low, high = report["diff_ci95"]
    assert low < 0 < high
    _, out, _ = run(argv, capsys)
    assert out.splitlines()[-1] == ("Undecided after 40 paired games (the cap, --max-games 40): the difference is "
                                    "neither shown nor ruled out beyond ±0.05.")


def test_a_line_up_against_itself_is_equal_at_the_first_look(capsys):
    status, report, _ = run_json(["compare", KUHN, "--a", "random", "--b", "random", "--until-decided"], capsys)
    assert status == 0 and report["decided"] == "equal" and report["games"] == 50
    assert report["diff_ci95"] == [0, 0]


def test_games_and_until_decided_exclude_each_other(capsys):
    message = "tabletwin compare: give either --games N or --until-decided (with --max-games N as its cap)\n"
    for extra in (["--games", "10", "--until-decided"], []):
        status, out, err = run(["compare", KUHN, "--a", "random", "--b", "first", *extra], capsys)
        assert (status, out, err) == (2, "", message)
