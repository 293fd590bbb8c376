"""``tabletwin sweep`` and ``compare --b-model``: rule variants on the same seeds."""

import json

import pytest

from tabletwin.cli import sweep_command
from tabletwin.simulate.runner import run_games

from ..conftest import ROOT
from .helpers import TIC_TAC_TOE, run, run_json

PIG = str(ROOT / "examples" / "pig.yaml")
TOY = str(ROOT / "tests" / "fixtures" / "balance" / "toy.yaml")


def test_pigs_first_seat_advantage_shrinks_as_the_goal_grows(capsys):
    # A short race favours the seat that rolls first; over a long one the head start matters less.
    status, sweep, err = run_json(["sweep", PIG, "--set", "GOAL=10,30,100", "--games", "300"], capsys)
    assert status == 0 and err == ""
    assert [row["set"] for row in sweep["rows"]] == [{"GOAL": 10}, {"GOAL": 30}, {"GOAL": 100}]
    first_seat = [row["report"]["seat_advantage"]["seats"][0] for row in sweep["rows"]]
    assert first_seat[0]["vs_fair_ci95"][0] > 0            # GOAL 10: seat 0 wins more than half, shown
    assert first_seat[0]["vs_fair"] > first_seat[1]["vs_fair"] > first_seat[2]["vs_fair"]
    # paired on the same seeds: seat 0's payoff with GOAL 100 is lower than with GOAL 10, shown at 95%
    diff = sweep["rows"][2]["diff_to_first"][0]
    assert diff["diff"] < 0 and diff["diff_ci95"][1] < 0 and diff["n"] == 300
    assert sweep["rows"][0]["diff_to_first"] == [{"seat": 0, "diff": 0.0, "diff_ci95": [0.0, 0.0], "n": 300},
                                                 {"seat": 1, "diff": 0.0, "diff_ci95": [0.0, 0.0], "n": 300}]


def test_sweep_json_is_the_documented_shape(capsys):
    status, sweep, _ = run_json(["sweep", TOY, "--set", "ROUNDS=1,2", "--games", "2", "--players", "first",
                                 "--seed", "7"], capsys)
    assert status == 0 and list(sweep) == ["games", "seed", "rows"]
    assert sweep["games"] == 2 and sweep["seed"] == 7
    assert [list(row) for row in sweep["rows"]] == [["set", "report", "diff_to_first"]] * 2
    one, two = (row["report"] for row in sweep["rows"])
    assert one["games"] == 2 and one["seats"][0]["mean_payoff"] == 11.0 and two["seats"][0]["mean_payoff"] == 22.0
    assert sweep["rows"][1]["diff_to_first"][0] == {"seat": 0, "diff": 11.0, "diff_ci95": [11.0, 11.0], "n": 2}


def test_every_combination_in_order(capsys):
    _, sweep, _ = run_json(["sweep", PIG, "--set", "GOAL=5,6", "--set", "DIE=[1, 6],[6]", "--games", "2"], capsys)
    assert [row["set"] for row in sweep["rows"]] == [{"GOAL": 5, "DIE": [1, 6]}, {"GOAL": 5, "DIE": [6]},
                                                     {"GOAL": 6, "DIE": [1, 6]}, {"GOAL": 6, "DIE": [6]}]


def test_sweep_results_do_not_depend_on_jobs(capsys):
    argv = ["sweep", PIG, "--set", "GOAL=15,40", "--games", "16", "--json"]
    assert run(argv + ["--jobs", "2"], capsys)[1] == run(argv, capsys)[1]


def test_sweep_text_has_a_row_per_variant_and_seat(capsys):
    status, out, _ = run(["sweep", TOY, "--set", "ROUNDS=1,2", "--games", "2", "--players", "first"], capsys)
    lines = out.splitlines()
    assert status == 0 and lines[0] == "toy: sweep of 2 variants, 2 games each on the same seeds 0–1"
    rows = [line.split() for line in lines[3:7]]
    assert [row[:4] for row in rows] == [["ROUNDS=1", "0", "100.0%", "[34.2%,"], ["1", "0.0%", "[0.0%,", "65.8%]"],
                                         ["ROUNDS=2", "0", "100.0%", "[34.2%,"], ["1", "0.0%", "[0.0%,", "65.8%]"]]
    assert rows[2][5:7] == ["22", "11"]  # mean payoff, and 11 more than with one round
    assert "ROUNDS=1: unused actions.rest, actions.hold_forever, triggers[1], end[1], content.cards[1]" in lines


def test_sweep_refuses_an_unknown_constant(capsys):
    status, out, err = run(["sweep", PIG, "--set", "GOLA=1,2", "--games", "2"], capsys)
    assert status == 2 and out == ""
    assert err == "tabletwin sweep: --set GOLA: the model has no constant 'GOLA' (its constants: GOAL, DIE)\n"


def test_sweep_limits_the_number_of_combinations(capsys, monkeypatch):
    monkeypatch.setattr(sweep_command, "MAX_VARIANTS", 3)
    status, out, err = run(["sweep", PIG, "--set", "GOAL=1,2", "--set", "DIE=[1],[2]", "--games", "1"], capsys)
    assert status == 2 and err == "tabletwin sweep: 4 combinations; at most 3 in one sweep\n"
    assert sweep_command.MAX_VARIANTS == 3


def test_the_variant_limit_is_256():
    assert sweep_command.MAX_VARIANTS == 256


def test_sweep_needs_a_set(capsys):
    with pytest.raises(SystemExit) as stopped:
        run(["sweep", PIG, "--games", "2"], capsys)
    assert stopped.value.code == 2


# ---- compare --b-model ---------------------------------------------------------------------------


def test_the_same_model_as_b_gives_no_difference(capsys):
    status, report, _ = run_json(["compare", PIG, "--a", "random", "--b", "random", "--b-model", PIG,
                                  "--games", "30"], capsys)
    assert status == 0 and report["diff"] == 0.0 and report["diff_ci95"] == [0.0, 0.0]


def test_b_plays_the_other_model_on_the_same_seeds(tmp_path, capsys):
    variant = tmp_path / "toy_one_round.yaml"
    variant.write_text(open(TOY, encoding="utf-8").read().replace("ROUNDS: 3", "ROUNDS: 1"), encoding="utf-8")
    status, report, _ = run_json(["compare", TOY, "--a", "first", "--b", "first", "--b-model", str(variant),
                                  "--games", "4"], capsys)
    assert status == 0
    assert report["a"] == {"mean_payoff": 33.0} and report["b"] == {"mean_payoff": 11.0}
    assert report["diff"] == 22.0 and report["diff_ci95"] == [22.0, 22.0]
    status, out, _ = run(["compare", TOY, "--a", "first", "--b", "first", "--b-model", str(variant),
                          "--games", "4"], capsys)
    assert out.splitlines()[-1] == f"Line-up a plays {TOY}, line-up b plays {variant}."


def test_b_model_results_do_not_depend_on_jobs(tmp_path):
    pig = open(PIG, encoding="utf-8").read()
    sources = [(pig, "pig.yaml"), (pig.replace("GOAL: 30", "GOAL: 50"), "pig50.yaml")]
    serial = run_games(pig, [["random"], ["random"]], 12, sources=sources)
    spread = run_games(pig, [["random"], ["random"]], 12, jobs=2, sources=sources)
    assert spread == serial
    assert [a.requests for a, _ in serial] != [b.requests for _, b in serial]


def test_b_model_with_other_seats_is_refused(capsys):
    status, _, err = run(["compare", PIG, "--a", "random", "--b", "random", "--b-model",
                          str(ROOT / "examples" / "spell_duel.yaml"), "--games", "2"], capsys)
    assert status == 2
    assert err == (f"tabletwin compare: --b-model {ROOT / 'examples' / 'spell_duel.yaml'} has 3 seats, "
                   f"the model 2\n")


def test_an_unreadable_b_model_is_reported(tmp_path, capsys):
    status, _, err = run(["compare", TIC_TAC_TOE, "--a", "random", "--b", "random", "--b-model",
                          str(tmp_path / "missing.yaml"), "--games", "2"], capsys)
    assert status == 2 and err.startswith(f"{tmp_path / 'missing.yaml'}: error: cannot read the file")
