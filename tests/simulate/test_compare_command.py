"""``tabletwin compare``: paired seeds, JSON keys, the difference and its interval, exit statuses."""

import pytest

from .helpers import BROKEN, KUHN, RACE, SPELL_DUEL, TIC_TAC_TOE, run, run_json


def test_json_keys_are_exactly_the_documented_ones(capsys):
    status, report, err = run_json(["compare", KUHN, "--a", "first,random", "--b", "random", "--games", "40",
                                    "--seed", "2", "--seat", "1"], capsys)
    assert status == 0 and err == ""
    assert list(report) == ["games", "seed", "seat", "a", "b", "diff", "diff_ci95"]
    assert list(report["a"]) == ["mean_payoff"] and list(report["b"]) == ["mean_payoff"]
    assert report["games"] == 40 and report["seed"] == 2 and report["seat"] == 1
    assert report["diff"] == pytest.approx(report["a"]["mean_payoff"] - report["b"]["mean_payoff"], abs=2e-6)
    low, high = report["diff_ci95"]
    assert low <= report["diff"] <= high


def test_a_line_up_compared_with_itself_differs_by_exactly_zero(capsys):
    # Paired seeding: both line-ups play seed S + k with the same chance and seat streams.
    for model, line_up in ((KUHN, "random"), (TIC_TAC_TOE, "random,random"), (SPELL_DUEL, "agent:eager,random")):
        status, report, _ = run_json(["compare", model, "--a", line_up, "--b", line_up, "--games", "25"], capsys)
        assert status == 0
        assert report["diff"] == 0 and report["diff_ci95"] == [0, 0]
        assert report["a"] == report["b"]


def test_each_line_up_plays_the_seeds_simulate_plays(capsys):
    # compare's means over seeds S..S+N-1 are simulate's means over the same seeds.
    for line_up in ("first,random", "random,first"):
        _, simulated, _ = run_json(["simulate", KUHN, "--games", "30", "--seed", "7", "--players", line_up], capsys)
        _, compared, _ = run_json(["compare", KUHN, "--a", line_up, "--b", "random", "--games", "30", "--seed", "7",
                                   "--seat", "1"], capsys)
        assert compared["a"]["mean_payoff"] == simulated["seats"][1]["mean_payoff"]


def test_a_clear_difference_is_found(capsys):
    # In Race, walking (1) is worse than running (0-3, mean 1.5): 'first' always walks.
    status, out, _ = run(["compare", RACE, "--a", "random", "--b", "first,random", "--games", "200"], capsys)
    assert status == 0
    assert "a does better than b for this seat" in out
    _, report, _ = run_json(["compare", RACE, "--a", "random", "--b", "first,random", "--games", "200"], capsys)
    assert report["diff_ci95"][0] > 0


def test_text_output(capsys):
    status, out, err = run(["compare", TIC_TAC_TOE, "--a", "random", "--b", "first,random", "--games", "20"], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Tic-tac-toe: seat 0, 20 paired games, seeds 0–19"
    assert lines[2].startswith("  a (random, random): mean payoff ")
    assert lines[3].startswith("  b (first, random): mean payoff ")
    assert lines[4].startswith("  difference a − b: ")


def test_games_that_do_not_finish_leave_no_pairs_but_exit_0(tmp_path, capsys):
    model = tmp_path / "broken.yaml"
    model.write_text(BROKEN)
    status, report, _ = run_json(["compare", str(model), "--a", "random", "--b", "first", "--games", "3"], capsys)
    assert status == 0
    assert report["diff"] is None and report["diff_ci95"] is None and report["a"] == {"mean_payoff": None}
    status, out, _ = run(["compare", str(model), "--a", "random", "--b", "first", "--games", "3"], capsys)
    assert "Only the 0 seeds that finished with both line-ups are compared." in out
    assert "  a: 3× NotExecutable: code 'f' → m:f is not implemented" in out.splitlines()


def test_bad_command_lines(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("flow: [\n")
    status, out, err = run(["compare", str(bad), "--a", "random", "--b", "first", "--games", "3"], capsys)
    assert status == 2 and out == "" and str(bad) in err
    status, out, err = run(["compare", RACE, "--a", "random", "--b", "nobody", "--games", "3"], capsys)
    assert status == 2 and out == "" and "unknown player" in err
    status, out, err = run(["compare", RACE, "--a", "random", "--b", "first", "--games", "3", "--seat", "2"], capsys)
    assert status == 2 and "--seat 2" in err
    with pytest.raises(SystemExit) as exit_:
        run(["compare", RACE, "--a", "random", "--games", "3"], capsys)
    assert exit_.value.code == 2
