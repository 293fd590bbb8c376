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

The diagnostics handed out are shared between versions: they must not be changed in place
(:func:`tabletwin_lsp.analysis.unused_diagnostics`, which sets codes, converts its own).
"""

from __future__ import annotations

import threading

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from tabletwin.checks import Finding

from .convert import to_diagnostic

#: Conversions of a document whose entries are kept: the last one, and the one before it (an
#: analysis of an older version may finish after a newer one).
KEPT_GENERATIONS = 2

_lock = threading.Lock()
_memos: dict[str, list[tuple]] = {}  # uri -> (encoding, by key, by identity) of its last conversions, newest first


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
    out = []
    for finding in findings:
        span = finding.span
        if span is None:
            ends = None
        else:
            ends = (lines[span.line] if span.line < count else count,
                    lines[span.end_line] if span.end_line < count else count)
        for _encoding, _by_key, by_identity in older:
            kept = by_identity.get(id(finding))
            if kept is not None and kept[0] is finding and kept[1] == ends:
                diagnostic = kept[2]
                break
        else:
            key = _key(finding, lines, encoding)
            diagnostic = fresh.get(key)
            if diagnostic is None:
                for _encoding, by_key, _by_identity in older:
                    diagnostic = by_key.get(key)
                    if diagnostic is not None:
                        break
                else:
                    diagnostic = to_diagnostic(document, finding)
                fresh[key] = diagnostic
        same[id(finding)] = (finding, ends, diagnostic)
        out.append(diagnostic)
    with _lock:
        _memos[uri] = [(encoding, fresh, same), *_memos.get(uri, ())][:KEPT_GENERATIONS]
    return out


def forget_diagnostics(uri: str) -> None:
    """Drop what is kept for ``uri`` (the document was closed)."""
    with _lock:
        _memos.pop(uri, None)
