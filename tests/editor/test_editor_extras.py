"""Signature help, inlay hints, document links, code lenses and workspace symbols in plain
Python (tabletwin.editor.signature, inlays, links, lenses, workspace, workspace_symbols)."""

import os
from pathlib import Path

from tabletwin.editor import Snapshot
from tabletwin.editor import workspace
from tabletwin.editor.inlays import MAX_VALUE_LENGTH, constant_value, short_value
from tabletwin.editor.links import SCHEMA_LINES, document_links
from tabletwin.editor.signature import lookup, open_call
from tabletwin.editor.workspace_symbols import MAX_SYMBOLS, workspace_symbols

from .helpers import DATA, arena

FEATURES = Path(__file__).parents[1] / "lsp" / "data" / "features"


def test_open_call_skips_closed_calls_brackets_and_text():
    assert open_call("max(len(x), ") == ("max", 1)
    assert open_call("f(\"a,(\", [1, 2], ") == ("f", 2)
    assert open_call("(1, ") is None  # a tuple, not a call
    assert open_call("len(x)") is None


def test_lookup_order_own_function_then_board_then_builtin():
    own = {"functions": {"len": {"params": ["a", "b"]}}, "boards": {"b": {}}}
    assert lookup("len", own, 1).signatures[0].label == "len(a, b)"
    assert lookup("step", {"boards": {"b": {}}}, 0).signatures[0].label == "step(board, cell, direction, n=1)"
    assert lookup("step", {}, 0) is None  # no boards: no board functions
    assert lookup("zip", {}, 5).signatures[0].active == 2  # clamped to the last parameter, "..."


def test_constant_values_and_their_limit():
    assert constant_value("1 / 4 + max(A, 0)", {"A": 0.25}) == 0.5
    assert constant_value("A + score", {"A": 1}) is None
    assert constant_value("1 / 0", {}) is None
    assert short_value("x" * 40) == "'" + "x" * (MAX_VALUE_LENGTH - 2) + "…"
    assert len(short_value("x" * 40)) == MAX_VALUE_LENGTH
    assert short_value(5) == "5"


def test_schema_comment_only_near_the_top():
    comment = "# yaml-language-server: $schema=https://example.com/s.json"
    near = Snapshot("\n" * (SCHEMA_LINES - 1) + comment + "\nflow: {}\n", None, str(FEATURES / "x.yaml"))
    far = Snapshot("\n" * SCHEMA_LINES + comment + "\nflow: {}\n", None, str(FEATURES / "x.yaml"))
    assert [link.target for link in document_links(near)] == ["https://example.com/s.json"]
    assert document_links(far) == []


def test_yaml_files_are_bounded_and_skip_hidden_folders(tmp_path):
    for name in ("a.yaml", "b.yml", "c.txt", ".hidden/d.yaml", "node_modules/e.yaml", "sub/f.yaml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("flow: {}\n")
    found = [os.path.relpath(path, tmp_path) for path in workspace.yaml_files([str(tmp_path)])]
    assert found == ["a.yaml", "b.yml", os.path.join("sub", "f.yaml")]
    assert len(workspace.yaml_files([str(tmp_path)], limit=2)) == 2
    assert workspace.MAX_FILES == 2000


def test_big_files_are_not_read(tmp_path, monkeypatch):
    path = tmp_path / "m.yaml"
    path.write_text(arena())
    assert workspace.snapshot_of(str(path)).kind == "model"
    monkeypatch.setattr(workspace, "MAX_FILE_SIZE", 100)
    path.write_text(arena() + "\n")  # a new modification: read again, and now too big
    assert workspace.snapshot_of(str(path)) is None


def test_workspace_symbols_match_in_order_and_are_bounded():
    snap = Snapshot(arena(), None, str(DATA / "arena.yaml"))
    assert [(s.name, s.kind, s.container) for s in workspace_symbols([snap], "pnch")] == [("punch", "action", "arena")]
    assert [s.name for s in workspace_symbols([snap], "", limit=3)] == ["draw_card", "punch", "rest"]
    assert MAX_SYMBOLS == 500
