"""Neovim as a second, non-VS Code client of the real server, configured by ``docs/neovim.lua``.

One headless Neovim run (about a second) loads the documented snippet, opens a model with a known
error, waits for its diagnostics, asks for hover, definition and completion (also through the
snippet's ``K`` and ``gd`` mappings), types a line, completes it and writes what it saw as JSON
(``neovim/session.lua``); the tests below check that. Neovim counts columns in UTF-16 units on
the wire and in bytes in its buffers; the model puts an emoji before the places asked about, so
each of code points, UTF-16 units and bytes gives a different column.

Without ``nvim`` on PATH the tests skip, unless ``TABLETWIN_EDITOR_TESTS=1`` (as in CI) makes
that a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "neovim"
SNIPPET = ROOT / "docs" / "neovim.lua"
SESSION = DATA / "session.lua"
MODEL = DATA / "duel.yaml"
TACTIC = DATA / "duel-patient.yaml"
OTHER = DATA / "workflow.yaml"
TEXT = MODEL.read_text(encoding="utf-8")

#: Milliseconds Neovim waits for each answer or notification before the run fails.
WAIT_MS = 20_000
#: Seconds the whole Neovim run may take before it is killed with its server.
RUN_TIMEOUT = 90

REST = TEXT.split("\n").index('  rest: {label: "Rest 💤", pre_x: "score[actor] = GOAL", effect: []}')
#: A line typed above ``rest``: a half-typed op and zone after an emoji.
TYPED = '      - {note: "🎲 roll", op: mo‸, what_x: card, from: "hand[actor]", to: dis‸}'
ERROR = 'assignment is not allowed in "score[actor] = GOAL"'


def at(marked: str, text: str = TEXT, first_line: int = 0) -> list[int]:
    """0-based line and code point column of the ``‸`` in ``marked``, a unique piece of ``text``."""
    before, after = marked.split("‸", 1)
    assert text.count(before + after) == 1, marked
    head = text[:text.index(before + after) + len(before)]
    return [first_line + head.count("\n"), len(head) - head.rfind("\n") - 1]


def typed_at(marked: str) -> list[int]:
    return at(marked, TYPED.replace("‸", ""), REST)


PLAN = [
    {"name": "opened", "kind": "diagnostics"},
    {"name": "hover_op", "kind": "request", "method": "textDocument/hover", "at": at("op: cho‸ose")},
    {"name": "hover_key", "kind": "request", "method": "textDocument/hover", "at": at('💤", pr‸e_x')},
    {"name": "K", "kind": "hover_keys", "keys": "K", "at": at("op: dr‸aw")},
    {"name": "definition", "kind": "request", "method": "textDocument/definition", "at": at("do: draw_‸card")},
    {"name": "gd", "kind": "jump_keys", "keys": "gd", "at": at("[strike, re‸st]")},
    {"name": "typed", "kind": "insert", "line": REST, "text": TYPED.replace("‸", "")},
    {"name": "complete_zone", "kind": "request", "method": "textDocument/completion",
     "at": typed_at("to: dis‸}"), "apply": "discard"},
    {"name": "complete_op", "kind": "request", "method": "textDocument/completion",
     "at": typed_at("op: mo‸,"), "apply": "move"},
    {"name": "completed", "kind": "diagnostics"},
    {"name": "other", "kind": "open", "file": str(OTHER)},
    {"name": "tactic", "kind": "open", "file": str(TACTIC)},
    {"name": "tactic_checked", "kind": "diagnostics"},
    {"name": "hover_place", "kind": "request", "method": "textDocument/hover",
     "at": at("at: action str‸ike", TACTIC.read_text(encoding="utf-8"))},
]


def server_command() -> list[str]:
    """The installed ``tabletwin-lsp`` beside this Python, else the module."""
    script = Path(sys.executable).with_name("tabletwin-lsp")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tabletwin_lsp"]


def nvim_or_skip() -> str:
    nvim = shutil.which("nvim")
    if nvim is None:
        if os.environ.get("TABLETWIN_EDITOR_TESTS") == "1":
            pytest.fail("nvim is missing, and TABLETWIN_EDITOR_TESTS=1 asks for the editor tests: "
                        "install Neovim 0.7 or later (Debian: apt-get install neovim)", pytrace=False)
        pytest.skip("nvim is not installed (TABLETWIN_EDITOR_TESTS=1 makes this a failure)")
    return nvim


def _tail(path: Path, size: int = 3000) -> str:
    text = path.read_text(encoding="utf-8", errors="replace")[-size:] if path.exists() else ""
    return text or "(empty)"


def run_neovim(nvim: str, folder: Path) -> dict:
    """Run the plan in a headless Neovim with its XDG folders in ``folder``; its results."""
    results = folder / "results.json"
    plan = folder / "plan.json"
    plan.write_text(json.dumps({"snippet": str(SNIPPET), "server": server_command(), "model": str(MODEL),
                                "results": str(results), "timeout_ms": WAIT_MS, "steps": PLAN}),
                    encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("NVIM", "VIM", "MYVIMRC"))}
    env.update(XDG_CONFIG_HOME=str(folder / "config"), XDG_DATA_HOME=str(folder / "data"),
               XDG_STATE_HOME=str(folder / "state"), XDG_CACHE_HOME=str(folder / "cache"),
               XDG_RUNTIME_DIR=str(folder / "run"), NVIM_LOG_FILE=str(folder / "nvim.log"),
               TABLETWIN_NVIM_PLAN=str(plan))
    command = [nvim, "--headless", "--clean", "-u", "NONE", "-c", f"luafile {SESSION}"]
    process = subprocess.Popen(command, env=env, cwd=folder, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = process.communicate(timeout=RUN_TIMEOUT)
        problem = None
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # Neovim and the server it started
        out, err = process.communicate()
        problem = f"Neovim did not finish within {RUN_TIMEOUT} s"
    found = json.loads(results.read_text(encoding="utf-8")) if results.exists() else {}
    if problem is None and process.returncode != 0:
        problem = f"Neovim exited with status {process.returncode}"
    if problem is None and "error" in found:
        problem = "the Lua session failed"
    if problem is not None:
        pytest.fail(f"{problem}\nLua error: {found.get('error', '(none)')}\n"
                    f"server messages: {found.get('messages')}\nNeovim notifications: {found.get('notifications')}\n"
                    f"nvim stderr: {err[-3000:] or '(empty)'}\nnvim stdout: {out[-1000:] or '(empty)'}\n"
                    f"lsp.log: {_tail(folder / 'cache' / 'nvim' / 'lsp.log')}", pytrace=False)
    return found


@pytest.fixture(scope="module")
def session(tmp_path_factory) -> dict:
    return run_neovim(nvim_or_skip(), tmp_path_factory.mktemp("neovim"))


def span(line: int, start: int, end: int) -> dict:
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


def test_utf16_is_the_encoding_on_both_sides(session):
    assert session["offset_encoding"] == "utf-16"
    assert session["server_capabilities"]["positionEncoding"] == "utf-16"


def test_the_known_error_is_published_on_its_utf16_range(session):
    opened = session["steps"]["opened"]
    published = opened["published"]
    assert published["uri"] == MODEL.as_uri()
    assert published["version"] == opened["version"]
    assert [d["message"] for d in published["diagnostics"]] == [ERROR]
    diagnostic = published["diagnostics"][0]
    # `=` is code point 47 of the line; the emoji before it is two UTF-16 units, four bytes.
    assert diagnostic["range"] == span(39, 48, 49)
    assert diagnostic["severity"] == 1
    assert diagnostic["source"] == "tabletwin"
    assert diagnostic["data"] == {"path": "actions.rest.pre_x"}
    assert [(d["lnum"], d["col"], d["end_lnum"], d["end_col"], d["severity"], d["message"])
            for d in opened["kept"]] == [(39, 50, 39, 51, 1, ERROR)]


def test_hover_on_an_op(session):
    hover = session["steps"]["hover_op"]
    assert hover["position"] == {"line": 36, "character": 16}
    assert hover["result"]["contents"]["kind"] == "markdown"
    assert hover["result"]["contents"]["value"].startswith("### op `choose`\n\nA decision among options")
    assert hover["result"]["range"] == span(36, 13, 19)


def test_hover_on_a_key_after_an_emoji(session):
    hover = session["steps"]["hover_key"]
    # The cursor is on code point 28 (byte 31) after the emoji; Neovim sends UTF-16 unit 29.
    assert hover["position"] == {"line": 39, "character": 29}
    assert hover["result"]["contents"]["value"].startswith(
        "**`pre_x`** · Action\n\nExpression: may the action be played now?")
    assert hover["result"]["range"] == span(39, 27, 32)


def test_the_snippets_k_mapping_shows_the_hover(session):
    lines = session["steps"]["K"]["lines"]
    assert lines[0] == "### op `draw`"
    assert "Takes the top card(s) of `from` into `to`." in lines[2]
    assert "- `from`: Zone path of the source: `deck` or `hand[actor]`." in lines


def test_definition_and_the_snippets_gd_mapping(session):
    definition = session["steps"]["definition"]
    assert definition["position"] == {"line": 25, "character": 56}
    assert definition["result"] == [{"uri": MODEL.as_uri(), "range": span(29, 2, 11)}]
    jumped = session["steps"]["gd"]
    assert (jumped["file"], jumped["cursor"]) == (str(MODEL), [39, 2])


def test_completion_of_a_zone_after_an_emoji(session):
    found = session["steps"]["complete_zone"]
    # "dis" is code points 72 to 75 of the typed line 39; the emoji before it is two UTF-16 units.
    assert found["position"] == {"line": 39, "character": 76}
    items = found["result"]["items"]
    assert [item["label"] for item in items] == ["deck", "hand", "discard"]
    assert items[2]["textEdit"] == {"newText": "discard", "range": span(39, 73, 76)}
    assert found["line"] == '      - {note: "🎲 roll", op: mo, what_x: card, from: "hand[actor]", to: discard}'


def test_completion_of_an_op_after_an_emoji(session):
    found = session["steps"]["complete_op"]
    assert found["position"] == {"line": 39, "character": 32}
    items = found["result"]["items"]
    assert [item["label"] for item in items[:6]] == ["set", "add", "let", "place", "create", "move"]
    assert len(items) == 27
    assert items[5]["textEdit"] == {"newText": "move", "range": span(39, 30, 32)}
    assert found["line"] == '      - {note: "🎲 roll", op: move, what_x: card, from: "hand[actor]", to: discard}'


def test_after_the_edits_only_the_known_error_is_left_a_line_lower(session):
    completed = session["steps"]["completed"]
    assert completed["version"] > session["steps"]["opened"]["version"]
    assert [(d["message"], d["range"]) for d in completed["published"]["diagnostics"]] == [(ERROR, span(40, 48, 49))]


def test_other_yaml_files_are_left_alone(session):
    assert session["steps"]["other"]["clients"] == []


def test_a_tactic_shares_the_models_server(session):
    assert session["steps"]["tactic"]["clients"] == [session["client_id"]]
    checked = session["steps"]["tactic_checked"]["published"]
    assert (checked["uri"], checked["diagnostics"]) == (TACTIC.as_uri(), [])
    hover = session["steps"]["hover_place"]["result"]
    assert hover["contents"]["value"] == ("**`action strike`** · place in `duel.yaml`\n\n- `action strike`: "
                                          "action `strike`: a `choose` at actions.strike.effect[0].")
    assert hover["range"] == span(5, 9, 22)


def test_no_errors_were_logged_or_shown(session):
    assert [m for m in session["messages"] if m["type"] == 1] == []
    assert [n for n in session["notifications"] if (n["level"] or 0) >= 4] == []
