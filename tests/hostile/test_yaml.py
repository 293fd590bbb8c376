"""Hostile YAML: alias bombs, enormous numbers, text that is not UTF-8.

Each input goes through the command line in a measured, memory-capped process (``bounded``) and
must give our own message, with its line and column, and the documented exit status.
"""

from __future__ import annotations

import time

import pytest

import tabletwin
from tabletwin.errors import Span

from . import bombs
from .bounded import run_cli

REFUSED = 'error: with alias *a4 the aliases repeat more than 500,000 values; a model needs far fewer ' \
          '(is this a "billion laughs" document?)'


def write(tmp_path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return str(path)


@pytest.mark.parametrize("kind, line, column", [("unused", 6, 27), ("expression", 6, 17)])
@pytest.mark.parametrize("command", ["validate", "tree", "play"])
def test_a_billion_laughs_is_refused_at_its_alias(tmp_path, kind, line, column, command):
    path = write(tmp_path, "bomb.yaml", bombs.ALL[kind](bombs.BILLION))
    outcome = run_cli([command, path])
    outcome.within_bar()
    assert outcome.status == 2
    said = outcome.stdout if command == "validate" else outcome.stderr
    assert said == f"{path}:{line}:{column}: {REFUSED}\n"


def test_the_python_api_refuses_it_too():
    started = time.perf_counter()
    report = tabletwin.validate(bombs.expression_bomb(bombs.BILLION))
    assert time.perf_counter() - started < 1.0
    assert not report.readable
    assert [(f.message, f.span) for f in report.errors] == [(REFUSED[len("error: "):], Span(5, 16, 5, 19))]


@pytest.mark.parametrize("kind", sorted(bombs.ALL))
@pytest.mark.parametrize("command", ["validate", "tree", "play"])
def test_large_shared_values_are_walked_once_everywhere(tmp_path, kind, command):
    """8^5 leaves that load: every walk must go through each shared list once to stay quick."""
    path = write(tmp_path, "large.yaml", bombs.ALL[kind](bombs.LARGE))
    outcome = run_cli([command, path])
    outcome.within_bar()
    expected = {"validate": 1 if kind in ("expression", "content", "flow", "value") else 0, "tree": 0,
                "play": 1 if kind == "value" else 0}[command]
    assert outcome.status == expected, outcome.stdout[-2000:] + outcome.stderr[-2000:]
    if command == "play" and kind != "value":
        assert outcome.stdout.endswith("End: over — payoffs 0\n")


def test_expression_errors_inside_shared_values_are_reported_once_where_written(tmp_path):
    path = write(tmp_path, "large.yaml", bombs.expression_bomb(bombs.LARGE))
    outcome = run_cli(["validate", path])
    outcome.within_bar()
    errors = [line for line in outcome.stdout.splitlines() if ": error: " in line]
    # The eight mappings of the first level are written once each; every other level only aliases them.
    assert errors == [f'{path}:1:{25 + 17 * n}: error: syntax error in expression "1 +": invalid syntax (position 3)'
                      for n in range(8)]


def test_the_python_api_walks_large_shared_values_quickly():
    started = time.perf_counter()
    report = tabletwin.validate(bombs.expression_bomb(bombs.LARGE), games=2)
    assert time.perf_counter() - started < 2.0
    assert len(report.errors) == 8
    assert report.test_games is None  # errors: no test games
    started = time.perf_counter()
    report = tabletwin.validate(bombs.unused_bomb(bombs.LARGE), games=2)
    assert time.perf_counter() - started < 2.0
    assert report.errors == [] and report.test_games.finished == 2


def test_a_key_of_thousands_of_digits_is_quoted_as_written(tmp_path):
    path = write(tmp_path, "key.yaml", "flow: {kind: step, id: s}\nm: {" + "1" * 4400 + ": x}\n")
    for command in ("validate", "tree", "play", "simulate"):
        outcome = run_cli([command, path] + (["--games", "1"] if command == "simulate" else []))
        outcome.within_bar()
        assert outcome.status == 2
        said = outcome.stdout if command == "validate" else outcome.stderr
        assert said == f"{path}:2:5: error: key {'1' * 37}... is not text; put it in quotes\n"


def test_a_long_base_60_integer_loads_quickly(tmp_path):
    text = "flow: {kind: step, id: s, do: go}\nactions: {go: {effect: []}}\nnum_players: 1\n" \
           "constants:\n  N: " + "1:" * 500_000 + "1\n"  # 1 MB
    path = write(tmp_path, "sexagesimal.yaml", text)
    outcome = run_cli(["eval", "N", "--model", path])
    outcome.within_bar()
    assert (outcome.status, outcome.stdout) == (0, "inf\n")


@pytest.mark.parametrize("data, line, column, why", [
    (b"flow: {kind: step, id: s}\nlabel: caf\xe9\n", 2, 11, "0xE9 starts a character that the bytes after it do "
                                                           "not complete"),
    (b"flow: {kind: step, id: s}\n# \xc3\xa9t\xc3\xa9 \xff\n", 2, 7, "0xFF cannot start a character"),
    (b"flow: {kind: step, id: s}\nlabel: \xe2\x82", 2, 8, "0xE2 starts a character that the text cuts off"),
])
def test_text_that_is_not_utf8_is_placed_at_its_first_bad_byte(tmp_path, data, line, column, why):
    path = write(tmp_path, "latin.yaml", data)
    for command in ("validate", "tree", "play"):
        outcome = run_cli([command, path])
        outcome.within_bar()
        assert (outcome.status, outcome.stdout) == (2, "")
        assert outcome.stderr == f"{path}:{line}:{column}: error: the text is not UTF-8: byte {why}\n"
    outcome = run_cli(["tree", "-"], stdin=data)
    assert (outcome.status, outcome.stderr) == (2, f"-:{line}:{column}: error: the text is not UTF-8: byte {why}\n")


def test_the_editor_outlines_and_indexes_shared_nodes_once():
    from tabletwin.editor.document import Snapshot
    from tabletwin.editor.navigation import document_symbols

    snap = Snapshot(bombs.flow_bomb(bombs.Size(3, 2)), path="bomb.yaml")
    assert snap.index is not None
    flow = next(symbol for symbol in document_symbols(snap) if symbol.name == "flow")

    def outline(symbol, depth=0):
        yield "  " * depth + f"{symbol.name}: {symbol.detail}"
        for child in symbol.children:
            yield from outline(child, depth + 1)

    assert list(outline(flow.children[0])) == [
        "root: sequence", "  q: sequence", "    q: sequence", "      s: step: go", "      s: step: go",
        "    q: sequence", "      s: the same node as above (a YAML alias)",
        "      s: the same node as above (a YAML alias)", "  q: sequence",
        "    q: the same node as above (a YAML alias)", "    q: the same node as above (a YAML alias)"]
    started = time.perf_counter()
    large = Snapshot(bombs.flow_bomb(bombs.LARGE), path="large.yaml")
    assert large.index is not None and document_symbols(large)
    assert time.perf_counter() - started < 1.0


def test_a_large_text_is_not_handed_to_the_slow_parser(tmp_path):
    """libyaml refuses ``{at: 1:30}``, which YAML 1.1 allows; only a small text goes to the slower
    pure-Python parser that reads it (a 10 MB one would take minutes)."""
    text = "flow: {kind: step, id: s}\nitems:\n" + "- {a: 1:2, b: x, c: [1, 2, 3]}\n" * 300_000
    path = write(tmp_path, "flow.yaml", text)
    outcome = run_cli(["validate", path])
    outcome.within_bar()
    assert (outcome.status, outcome.stdout) == (
        2, f"{path}:3:8: error: found unexpected ':' inside [...] or {{...}}; put the value in quotes (a text of more "
           f"than 50,000 characters is read by the fast parser, which needs them)\n")


@pytest.mark.parametrize("text, line, column, start", [
    # 20,000 keys, then one indented a space too far: found on its line, in linear time.
    ("a:\n" + "".join(f"  k{n}: 1\n" for n in range(20_000)) + "   bad: 2\n", 20_002, 4,
     "this line is indented more than the key above"),
    # A bracket opened at the top and never closed, with 20,000 lines after it.
    ("a: [\n" + "  1,\n" * 20_000, 1, 4, "this [ is never closed"),
    # 100,000 tabs in front of a key.
    ("a:\n" + "\t" * 100_000 + "b: 1\n", 2, 1, "a tab character"),
])
def test_broken_yaml_is_explained_at_its_line_in_bounded_time(tmp_path, text, line, column, start):
    path = write(tmp_path, "broken.yaml", text)
    outcome = run_cli(["validate", path])
    outcome.within_bar()
    assert outcome.status == 2
    assert outcome.stdout.startswith(f"{path}:{line}:{column}: error: {start}")
