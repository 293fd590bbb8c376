"""``tabletwin diagram``: the SVG file, the JSON, exit statuses like ``tree``."""

import json
import xml.etree.ElementTree as ET

from tabletwin.cli.main import main

from .models import ROOT

PIG = str(ROOT / "examples" / "pig.yaml")


def run(argv, capsys):
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_writes_a_standalone_svg(tmp_path, capsys):
    target = tmp_path / "pig.svg"
    status, out, err = run(["diagram", PIG, "--svg", str(target)], capsys)
    assert (status, out, err) == (0, "", "")
    root = ET.parse(target).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "decide" in target.read_text(encoding="utf-8")


def test_json_is_to_json(capsys):
    status, out, _ = run(["diagram", PIG, "--json"], capsys)
    document = json.loads(out)
    assert status == 0
    assert set(document) == {"title", "width", "height", "stations", "tracks", "elsewhere"}
    decide = next(s for s in document["stations"] if s["id"] == "flow.children[1].children[0]")
    assert decide["actions"] == [{"name": "roll", "pre": None}, {"name": "hold", "pre": "turn_total > 0"}]
    assert decide["markers"] == ["choice", "chance"] and decide["kind"] == "step"
    assert {"from": "flow.children[1].children[0]", "to": "flow.children[1]", "kind": "return",
            "label": "until turn_over"} in document["tracks"]
    assert set(decide) >= {"id", "kind", "label", "who", "actions", "markers", "gaps", "questions", "line",
                           "column", "x", "y", "w", "h"}


def test_standard_input(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("flow: {id: only, kind: step, do: a}\nactions: {a: {}}\n"))
    status, out, _ = run(["diagram", "-", "--json"], capsys)
    assert status == 0 and [s["id"] for s in json.loads(out)["stations"]] == ["flow"]


def test_unreadable_models_exit_2(tmp_path, capsys):
    missing = tmp_path / "missing.yaml"
    assert run(["diagram", str(missing), "--json"], capsys) == (
        2, "", f"{missing}: error: cannot read the file: No such file or directory\n")
    broken = tmp_path / "broken.yaml"
    broken.write_text("flow: [\n", encoding="utf-8")
    status, out, err = run(["diagram", str(broken), "--svg", str(tmp_path / "x.svg")], capsys)
    assert (status, out, err) == (2, "", f"{broken}:1:7: error: this [ is never closed: the text ends before its ]\n")
    assert not (tmp_path / "x.svg").exists()
    other = tmp_path / "other.yaml"
    other.write_text("name: not a model\n", encoding="utf-8")
    assert run(["diagram", str(other), "--json"], capsys) == (
        2, "", f"{other}:1:1: error: this is not a model: no top-level 'flow'\n")


def test_a_file_that_cannot_be_written_exits_1(tmp_path, capsys):
    target = tmp_path / "no" / "such" / "folder.svg"
    assert run(["diagram", PIG, "--svg", str(target)], capsys) == (
        1, "", f"{target}: error: cannot write the file: No such file or directory\n")


def test_without_svg_or_json_is_a_usage_error(capsys):
    import pytest

    with pytest.raises(SystemExit) as stop:
        main(["diagram", PIG])
    assert stop.value.code == 2
    assert "say what to make: --svg FILE, --json, or both" in capsys.readouterr().err
