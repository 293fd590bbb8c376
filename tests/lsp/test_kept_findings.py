"""After random edits of the large model, the findings and diagnostics of the editor's analysis
(which keeps the results and the very findings of the entries an edit left alone:
:mod:`tabletwin.checks.reuse`, :mod:`tabletwin.checks.kept`, :mod:`tabletwin_lsp.diagcache`) are
exactly those of an analysis from scratch: messages, places, paths, data and order."""

import json
import random

from lsprotocol import types

from tabletwin.checks.reuse import suspended
from tabletwin.editor.loads import forget_loads, shared_load
from tabletwin.errors import YamlError
from tabletwin_lsp.analysis import analyse, forget
from tabletwin_lsp.server import server
from tabletwin_lsp.wire import diagnostics_body, forget_document

from ..conftest import bench_model, random_edit

PIECES = ["x", " ", "1", "gold", "_x", "zz", ":", "é", "\n      ", "\n    - {op: frobnicate}\n"]
OPS = ["      - {op: move, what_x: card, from: nowhere, to: discard}", "      - {op: run, flow: missing}",
       "      - {op: add, var: pot, amount_x: \"pot +\"}", "      - {op: say}", "      - {op: emit, event: e}"]


def _line_edit(text: str, rng: random.Random) -> str:
    """An edit inside an entry, as typed: a name broken or fixed, an op added or removed, a line
    added (every later finding moves down), a label or an expression changed."""
    lines = text.split("\n")
    n = rng.randrange(9, len(lines) - 1)
    line = lines[n]
    choice = rng.random()
    if choice < 0.2:
        lines[n] = line.replace("gold", "gould", 1) if "gold" in line else line.replace("gould", "gold", 1)
    elif choice < 0.35 and line.startswith("      - {op:"):
        lines.insert(n, rng.choice(OPS))
    elif choice < 0.45 and line.startswith("      - {op:"):
        del lines[n]
    elif choice < 0.55:
        lines.insert(n, "")
    elif choice < 0.8 and line.startswith("    pre_x: \""):
        lines[n] = line[:-1] + f" + {rng.randrange(10)}\""
    else:
        lines[n] = line + " zz" if line.startswith("    label: ") else line
    return "\n".join(lines)


def _each(analysis) -> list:
    def one(finding):
        span = finding.span
        where = None if span is None else (span.line, span.column, span.end_line, span.end_column)
        return finding.message, where, finding.severity, finding.path, repr(finding.data), finding.code

    return [one(finding) for finding in analysis.findings]


def _from_scratch(text: str, version: int):
    forget_loads()  # no earlier load to splice from: the whole text is read
    forget("file:///scratch.model.yaml")
    with suspended():  # and no kept results
        fresh = analyse("file:///scratch.model.yaml", text, version)
    forget("file:///scratch.model.yaml")
    forget_loads()
    try:
        shared_load(text)  # the base the next version's load is spliced from, as in the editor
    except YamlError:
        pass
    return fresh


def test_random_edits_of_the_large_model_find_what_an_analysis_from_scratch_finds():
    uri = "file:///edited/kept.model.yaml"
    rng = random.Random(2026)
    text = bench_model(1000)
    readable = text
    compared = 0
    try:
        for version in range(1, 26):
            analysis = analyse(uri, text, version)
            fresh = _from_scratch(text, version)
            assert _each(analysis) == _each(fresh), f"version {version}"
            assert analysis.diagnostics == fresh.diagnostics, f"version {version}"
            if analysis.report is not None:
                compared += 1
                readable = text
            # A text that does not read is followed by another edit of the last one that did.
            if rng.random() < 0.3:
                text = random_edit(readable, rng, PIECES, moves=0.1, deletes=0.4, most_deleted=3)
            else:
                text = _line_edit(readable, rng)
    finally:
        forget(uri)
    assert compared >= 15


def test_a_label_edit_keeps_every_finding_of_the_large_model():
    """The findings of an edit that changes none are the last analysis's very objects (so the
    diagnostics are found by identity, and nothing is placed or converted again), but for the
    edited entry's lint findings."""
    uri = "file:///edited/label.model.yaml"
    text = bench_model(1000)
    try:
        forget_loads()
        first = analyse(uri, text, 1)
        second = analyse(uri, text.replace("    label: Action number 7\n", "    label: Action seven\n", 1), 2)
    finally:
        forget(uri)
    assert len(first.findings) == len(second.findings) > 300
    assert first.findings == second.findings
    # The editor's index worked out the names of the edited entry anew: its lint findings are new.
    assert all(a is b for a, b in zip(first.findings, second.findings) if not a.path.startswith("actions.action_7."))
    assert all(a is b for a, b in zip(first.diagnostics, second.diagnostics))


def _lines_edit(text: str, rng: random.Random, last_added: int | None) -> tuple[str, int | None]:
    """An edit that adds or removes lines: a comment, a blank line or an op added (Enter, typed),
    a line split in two, the line just added removed again (undo), or any line removed; with the
    line it added, if any."""
    lines = text.split("\n")
    n = rng.randrange(1, len(lines) - 1)
    choice = rng.random()
    if choice < 0.25 and last_added is not None and last_added < len(lines):
        del lines[last_added]
        return "\n".join(lines), None
    if choice < 0.45:
        lines.insert(n, rng.choice(["", "    # a note", "# 😀 é", "      "]))
    elif choice < 0.6 and lines[n].startswith("      - {op:"):
        lines.insert(n, rng.choice(OPS))
    elif choice < 0.7:
        lines.insert(n, "\n".join(["", "  # two lines", ""][:rng.randint(2, 3)]))
    elif choice < 0.8 and ", " in lines[n]:
        at = lines[n].index(", ")
        lines[n:n + 1] = [lines[n][:at + 1], " " * 8 + lines[n][at + 2:]]  # Enter inside a flow mapping
    else:
        del lines[n]
        return "\n".join(lines), None
    return "\n".join(lines), n


def _pygls_body(params: types.PublishDiagnosticsParams) -> str:
    protocol = server.protocol
    notification = protocol.get_message_type(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)(
        method=types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, params=params, jsonrpc="2.0")
    return json.dumps(notification, default=protocol._serialize_message)


def test_edits_that_add_and_remove_lines_find_what_an_analysis_from_scratch_finds():
    """Findings moved by a line added or removed above them (made from the last ones), their moved
    diagnostics and the JSON of those, rewritten from the last one's, are those from scratch."""
    uri = "file:///edited/lines.model.yaml"
    rng = random.Random(17)
    text = bench_model(1000)
    readable = text
    added = None
    compared = 0
    try:
        for version in range(1, 31):
            analysis = analyse(uri, text, version)
            fresh = _from_scratch(text, version)
            assert _each(analysis) == _each(fresh), f"version {version}"
            assert analysis.diagnostics == fresh.diagnostics, f"version {version}"
            # As the server publishes them (moved items written from their roots' texts), then made.
            params = types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=list(analysis.diagnostics))
            moved = types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=analysis.diagnostics)
            assert diagnostics_body(server.protocol, moved) == _pygls_body(params), f"version {version}"
            assert diagnostics_body(server.protocol, params) == _pygls_body(params), f"version {version}"
            if analysis.report is not None:
                compared += 1
                readable = text
            else:
                added = None
            text, added = _lines_edit(readable, rng, added)
    finally:
        forget(uri)
        forget_document(uri)
    assert compared >= 20


def test_a_line_added_and_removed_moves_every_finding_below_it():
    """Each finding below a line added (then removed) is the last one's moved: the same message,
    path and data objects, one line lower (then higher); those above are the very objects."""
    uri = "file:///edited/enter.model.yaml"
    text = bench_model(1000)
    at = text.index("  action_3:\n")
    added = text[:at] + "  # a note\n" + text[at:]
    line = text[:at].count("\n")
    try:
        forget_loads()
        first = analyse(uri, text, 1)
        second = analyse(uri, added, 2)
        third = analyse(uri, text, 3)
    finally:
        forget(uri)
    assert len(first.findings) == len(second.findings) == len(third.findings) > 300
    below = 0
    for before, after, back in zip(first.findings, second.findings, third.findings):
        if before.span.line < line:
            assert before is after is back
            continue
        below += 1
        assert after.span.line == before.span.line + 1 and back.span.line == before.span.line
        assert (after.span.column, after.span.end_column) == (before.span.column, before.span.end_column)
        assert after.message is before.message and after.path is before.path and after.data is before.data
        assert back is before or back.data is before.data
    assert below > 300
    assert [d.range.start.line for d in second.diagnostics] == [
        d.range.start.line + (d.range.start.line >= line) for d in first.diagnostics]
