"""The LSP diagnostics of a document's findings, converted once and reused across its versions.

After an edit most findings of a large model are the same as before, at the same places: a
5,000-line model has about 2,250 of them, and converting them all again (ranges in the client's
units, codes, links) took about 40 ms of every analysis. A diagnostic depends only on its
finding and on the text of the lines its range starts and ends on (the columns are converted on
those lines alone), so that is its key; a finding whose lines changed, or that moved, is
converted again. Each document keeps the entries its last :data:`KEPT_GENERATIONS` conversions
used, so memory stays proportional to its findings however long it is edited.

Most findings of an edited model are the very objects of the last version
(:mod:`tabletwin.checks.kept`): those are looked up by identity first, and only the two lines
are compared, without building the key (whose ``repr`` of a lint finding's data costs more
than the rest of its conversion).

An edit that adds or removes a line moves every finding below it: the engine then makes each
from the last one, with its very message, path and data (:func:`tabletwin.checks.kept._moved`).
Such a finding whose columns, height and first and last lines' texts are those of a finding of
the last conversion gets that finding's diagnostic moved by as many lines (the columns in the
client's units are the same on the same texts), and :func:`moved_json` that diagnostic's JSON
with only its range written again: converting and writing ~1,000 moved diagnostics again took
about 35 ms.

The diagnostics handed out are shared between versions: they must not be changed in place
(:func:`tabletwin_lsp.analysis.unused_diagnostics`, which sets codes, converts its own).
"""

from __future__ import annotations

import threading

import attrs
from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from tabletwin.checks import Finding

from .convert import to_diagnostic

#: Conversions of a document whose entries are kept: the last one, and the one before it (an
#: analysis of an older version may finish after a newer one).
KEPT_GENERATIONS = 2

_lock = threading.Lock()
_memos: dict[str, list[tuple]] = {}  # uri -> (encoding, by key, by identity, moved) of its last conversions, newest first



def _key(finding: Finding, lines, encoding) -> tuple:
    span = finding.span
    if span is None:
        where = None
    else:
        count = len(lines)
        where = (span.line, span.column, span.end_line, span.end_column,
                 lines[span.line] if span.line < count else count,
                 lines[span.end_line] if span.end_line < count else count)
    data = finding.data
    return (encoding, finding.message, finding.severity, finding.path,
            None if data is None else repr(data), where)


def cached_diagnostics(uri: str, document, findings, codec: PositionCodec) -> list[types.Diagnostic]:
    """``[to_diagnostic(document, f) for f in findings]``, reusing the conversions of ``uri``'s
    last versions; ``document`` has ``lines`` (split keeping line ends) and ``range_to_client_units``."""
    lines = document.lines
    count = len(lines)
    encoding = codec.encoding
    with _lock:
        older = [memo for memo in _memos.get(uri, ()) if memo[0] == encoding]
    fresh: dict = {}
    same: dict = {}  # id(finding) -> (finding, its first and last lines, diagnostic)
    moved: dict = {}  # id(diagnostic) -> (it, the last conversion's diagnostic, the same but for its lines)
    by_place = None  # the last conversion's findings by all but their lines (made at the first miss)
    out = []
    for finding in findings:
        span = finding.span
        if span is None:
            ends = None
        else:
            ends = (lines[span.line] if span.line < count else count,
                    lines[span.end_line] if span.end_line < count else count)
        for generation, (_encoding, _by_key, by_identity, _moved) in enumerate(older):
            kept = by_identity.get(id(finding))
            if kept is not None and kept[0] is finding and kept[1] == ends:
                diagnostic = kept[2]
                if generation and span is not None:  # back where it was (a line added, then removed)
                    if by_place is None:
                        by_place = _by_place(older[0][2])
                    last = by_place.get(_place_key(finding, ends))
                    if last is not None and last[0].data is finding.data:
                        moved[id(diagnostic)] = (diagnostic, last[1])  # for its JSON
                break
        else:
            diagnostic = None
            if span is not None and older:
                if by_place is None:
                    by_place = _by_place(older[0][2])
                last = by_place.get(_place_key(finding, ends))
                if last is not None and last[0].data is finding.data:
                    diagnostic = _moved_by(last[1], span.line - last[0].span.line)
                    moved[id(diagnostic)] = (diagnostic, last[1])
            if diagnostic is None:
                key = _key(finding, lines, encoding)
                diagnostic = fresh.get(key)
                if diagnostic is None:
                    for _encoding, by_key, _by_identity, _moved in older:
                        diagnostic = by_key.get(key)
                        if diagnostic is not None:
                            break
                    else:
                        diagnostic = to_diagnostic(document, finding)
                    fresh[key] = diagnostic
        same[id(finding)] = (finding, ends, diagnostic)
        out.append(diagnostic)
    with _lock:
        _memos[uri] = [(encoding, fresh, same, moved), *_memos.get(uri, ())][:KEPT_GENERATIONS]
    return out


_set = object.__setattr__  # without the field's validator
_FIELDS = tuple(field.name for field in attrs.fields(types.Diagnostic) if field.name != "range")


def _moved_by(origin: types.Diagnostic, shift: int) -> types.Diagnostic:
    """``origin`` moved down by ``shift`` lines (up when negative): a copy of its fields, which
    were checked when it was made (``attrs.evolve``, or setting them, checks them all again: 20 µs
    a diagnostic)."""
    start, end = origin.range.start, origin.range.end
    diagnostic = object.__new__(types.Diagnostic)
    for name in _FIELDS:
        _set(diagnostic, name, getattr(origin, name))
    where = object.__new__(types.Range)
    _set(where, "start", _position(start.line + shift, start.character))
    _set(where, "end", _position(end.line + shift, end.character))
    _set(diagnostic, "range", where)
    return diagnostic


def _position(line: int, character: int) -> types.Position:
    """``types.Position(line, character)`` without its validators (``line`` is a moved line of the
    text, ``character`` a checked one)."""
    position = object.__new__(types.Position)
    _set(position, "line", line)
    _set(position, "character", character)
    return position


def _place_key(finding: Finding, ends: tuple) -> tuple:
    """A finding with a span, by all but its lines: equal keys (and the same ``data`` object, which
    the key holds by id) give the same diagnostic but for its lines."""
    span = finding.span
    return (finding.message, finding.severity, finding.path, finding.code, id(finding.data),
            span.column, span.end_line - span.line, span.end_column, ends)


def _by_place(by_identity: dict) -> dict:
    """The findings with a span of one conversion (``by_identity``), by :func:`_place_key`: ``(finding, diagnostic)``."""
    return {_place_key(finding, ends): (finding, diagnostic)
            for finding, ends, diagnostic in by_identity.values() if finding.span is not None}


def moved_json(uri: str, diagnostic: types.Diagnostic, texts: dict, converter) -> str | None:
    """The JSON text of ``diagnostic`` when the last conversion of ``uri`` moved it from one whose
    text ``texts`` holds (``id(diagnostic) -> (it, its text)``): that text with its range written
    again; else ``None``."""
    with _lock:
        memos = _memos.get(uri, ())
    for memo in memos:
        entry = memo[3].get(id(diagnostic))
        if entry is not None and entry[0] is diagnostic:
            origin = entry[1]
            kept = texts.get(id(origin))
            if kept is None or kept[0] is not origin:
                return None
            before = _range_json(origin.range)
            if not kept[1].startswith(before):
                return None
            return _range_json(diagnostic.range) + kept[1][len(before):]
    return None


def _range_json(where: types.Range) -> str:
    """How the JSON of a diagnostic on ``where`` starts, as pygls writes it (:func:`moved_json`
    uses it only on a text found to start so)."""
    start, end = where.start, where.end
    return (f'{{"range": {{"start": {{"line": {start.line}, "character": {start.character}}}, '
            f'"end": {{"line": {end.line}, "character": {end.character}}}}}, ')


def forget_diagnostics(uri: str) -> None:
    """Drop what is kept for ``uri`` (the document was closed)."""
    with _lock:
        _memos.pop(uri, None)
