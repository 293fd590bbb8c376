"""Without libyaml (the editor extension's bundle has no compiled parts) the engine reads with
ruamel's pure-Python parser and gives the same results: the command line's JSON for a valid and a
broken model, and the events the editor's cursor walk reads, are the same with and without it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Blocks the import of libyaml, then runs `tabletwin validate <file> --json`.
BLOCKED = """
import sys
sys.modules["_ruamel_yaml"] = None
from tabletwin.modelfile import events
assert not events.HAVE_LIBYAML and events.CParser is None
from tabletwin.cli.main import main
sys.exit(main(["validate", sys.argv[1], "--json"]))
"""
NORMAL = BLOCKED.replace('sys.modules["_ruamel_yaml"] = None', "").replace(
    "assert not events.HAVE_LIBYAML and events.CParser is None", "assert events.HAVE_LIBYAML")


def _validate(script: str, path: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.stderr == ""
    return json.loads(done.stdout)


def test_validate_is_the_same_without_libyaml():
    for path in (ROOT / "examples/pig.yaml", ROOT / "vscode-extension/test/fixtures/broken.model.yaml"):
        without = _validate(BLOCKED, path)
        assert without == _validate(NORMAL, path)
    assert [e["message"] for e in without["errors"]] == [
        "syntax error in expression \"pips *\": invalid syntax (position 6)", "unknown op 'frobnicate'"]


def test_both_event_readers_give_the_same_events():
    """The editor's cursor walk (editor/cursor.py) reads these events from either reader."""
    from tabletwin.modelfile.events import event_reader

    text = "actions:\n  roll:\n    label: Roll\n    effects:\n      - {op: add, var: x, amount: 1}\n"

    def events(reader):
        out = []
        while True:
            event = reader()
            out.append((type(event).__name__, event.start_mark.line, event.start_mark.column,
                        getattr(event, "value", None)))
            if type(event).__name__ == "StreamEndEvent":
                return out

    fast, pure = events(event_reader(text)), events(event_reader(text, pure=True))
    assert fast == pure
    assert len(fast) == 25
