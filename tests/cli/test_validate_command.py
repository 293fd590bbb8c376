"""``tabletwin validate`` and ``tabletwin tree``: compiler-like text, the documented JSON, exit codes."""

import json

from tabletwin.cli.main import main

from ..conftest import ROOT

RACE = str(ROOT / "tests" / "fixtures" / "cheatsheet" / "race.yaml")


def run(argv, capsys):
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_clean_model_text_report(capsys):
    status, out, _ = run(["validate", RACE], capsys)
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "executable 100%: rules 100%, content -, steps 1, ops 3, code 0%, open questions 0"
    assert lines[1].startswith("Test games: 20 of 20 finished, ")
    assert lines[2] == "The flow as a tree:"
    assert lines[3:] == ["  game: loop over players, as current", "    turn: step, actor current [choice chance]",
                         "      action walk", "      action run"]


def test_json_report_shape(capsys):
    status, out, _ = run(["validate", RACE, "--json", "--games", "3", "--seed", "4"], capsys)
    report = json.loads(out)
    assert status == 0
    assert set(report) == {"ok", "errors", "warnings", "figures", "gaps", "test_games", "tree", "lint"}
    assert report["lint"] == []
    assert report["ok"] is True
    assert report["figures"] == {"executable": 1.0, "rules": 1.0, "content": None, "content_ok": 0,
                                 "content_total": 0, "steps": 1, "ops": 3, "code": 0.0, "open_questions": 0}
    assert report["test_games"]["games"] == 3 and report["test_games"]["finished"] == 3


def test_errors_are_located_and_exit_1(tmp_path, capsys):
    model = tmp_path / "m.yaml"
    model.write_text("game: g\nlabel: G\nflow: {id: t, kind: step, do: fly}\nactions: {walk: {effect: [],"
                     " amont: 1}}\nend: []\n")
    status, out, _ = run(["validate", str(model)], capsys)
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == f"{model}:3:31: error: step t: action 'fly' is not in actions"
    assert lines[1:3] == [f"{model}:4:11: warning: action walk is not used by any step",
                          f"{model}:4:30: warning: unknown key 'amont' at actions.walk"]
    assert "Test games: none (fix the errors first)" in lines


def test_unreadable_exit_2(tmp_path, capsys):
    model = tmp_path / "m.yaml"
    model.write_text("flow: {id: t\n")
    status, out, _ = run(["validate", str(model)], capsys)
    assert status == 2
    assert out == (f"{model}:1:7: error: this {{ is not closed where expected (reading stopped at line 2): close "
                   "the mapping with } and separate its entries with commas\n")
    status, _, err = run(["tree", str(tmp_path / "none.yaml")], capsys)
    assert status == 2 and "cannot read the file" in err


def test_tree_command(capsys):
    status, out, _ = run(["tree", RACE], capsys)
    assert status == 0
    assert out.splitlines()[0] == "game: loop over players, as current"
