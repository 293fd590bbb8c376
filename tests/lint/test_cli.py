"""``tabletwin validate`` with lint: the text lines with their code, the JSON's ``lint``, and the
exit status of the errors alone."""

import json

from tabletwin.cli.main import main

from .models import pig_with


def run(argv, capsys, stdin_text, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin_text))
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out


def test_text_lines_carry_the_code_and_the_status_stays_0(capsys, monkeypatch):
    text = pig_with(('cond_x: "pips == 1"', 'cond_x: "pip == 1"'))
    status, out = run(["validate", "-", "--games", "0"], capsys, text, monkeypatch)
    assert status == 0
    assert out.splitlines()[0] == "-:60:18: warning: 'pip' is not defined here (did you mean 'pips'?) [undefined-name]"


def test_json_lint_list_and_ok(capsys, monkeypatch):
    text = pig_with(("{op: roll, die_x: DIE, bind: pips}", "{op: roll, bind: pips}"))
    status, out = run(["validate", "-", "--games", "0", "--json"], capsys, text, monkeypatch)
    report = json.loads(out)
    assert status == 0 and report["ok"] is True
    assert report["lint"] == [{"code": "missing-field", "message": "roll needs 'die' to run",
                               "path": "actions.roll.effect[0].op", "line": 58, "column": 14}]


def test_lint_beside_errors_keeps_status_1(capsys, monkeypatch):
    text = pig_with(('cond_x: "pips == 1"', 'cond_x: "pip == 1"'), ("do: [roll, hold]", "do: [roll, hodl]"))
    status, out = run(["validate", "-", "--games", "0", "--json"], capsys, text, monkeypatch)
    report = json.loads(out)
    assert status == 1 and report["ok"] is False
    assert [item["code"] for item in report["lint"]] == ["undefined-name"]
