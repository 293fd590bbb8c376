"""``tabletwin eval``: one expression, or one per line; text and JSON answers; exit status."""

import json
import subprocess
import sys

from tabletwin.cli.main import main

from ..conftest import ROOT


def run(argv, stdin_text, monkeypatch, capsys):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin_text))
    status = main(argv)
    return status, capsys.readouterr().out


def test_one_expression(monkeypatch, capsys):
    assert run(["eval", "str(4/2) + '!'"], "", monkeypatch, capsys) == (0, "2!\n")


def test_lines_from_standard_input(monkeypatch, capsys):
    status, out = run(["eval"], "7/2\n\n1/0\nx = 1\n[1, 'a']\n", monkeypatch, capsys)
    assert status == 1
    assert out.splitlines() == [
        "3.5",
        "error: ZeroDivisionError: division by zero",
        'error: SyntaxError: assignment is not allowed in "x = 1"',
        "[1, 'a']",
    ]


def test_json_answers(monkeypatch, capsys):
    status, out = run(["eval", "--json"], "{'b': 1, '2': 0}\nnope\n", monkeypatch, capsys)
    assert status == 1
    assert [json.loads(line) for line in out.splitlines()] == [
        {"ok": True, "value": "{'2': 0, 'b': 1}"},
        {"ok": False, "kind": "NameError", "message": "name 'nope' is not defined"},
    ]


def test_bare_errors_keep_their_kind(monkeypatch, capsys):
    status, out = run(["eval", "{1: 2}"], "", monkeypatch, capsys)
    assert (status, out) == (1, "error: TypeError: dict keys must be text, not int\n")


def test_installed_console_script_runs_the_bundled_example():
    with open(ROOT / "examples" / "expressions.txt") as handle:
        result = subprocess.run([sys.executable, "-m", "tabletwin.cli.main", "eval"], stdin=handle,
                                capture_output=True, text=True, check=False)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[:3] == ["3.5", "2", "[3, 2, 1]"]
    assert lines[-1] == 'error: SyntaxError: assignment is not allowed in "x = 1"'
    assert result.stderr == ""
