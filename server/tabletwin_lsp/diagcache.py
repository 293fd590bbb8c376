"""The LSP diagnostics of a document's findings, converted once and reused across its versions.

After an edit most findings of a large model are the same as before, at the same places: a
5,000-line model has about 2,250 of them, and converting them all again (ranges in the client's
units, codes, links) took about 40 ms of every analysis. A diagnostic depends only on its
finding and on the text of the lines its range starts and ends on (the columns are converted on
those lines alone), so that is its key; a finding whose lines changed, or that moved, is
converted again. Each document keeps its last :data:`KEPT_GENERATIONS` conversions, so memory
stays proportional to its findings however long it is edited.

Most findings of an edited model are the very objects of the last version
(:mod:`tabletwin.checks.kept`), and in the same order: finding ``i`` is compared with the last
conversion's finding at the same index (shifted by the findings added or removed above it), and
only the two lines are compared, without building the key (whose ``repr`` of a lint finding's
data costs more than the rest of its conversion). The last conversions are looked up by identity
and by place only when that fails (a finding added or removed), and those lookups are made then.

An edit that adds or removes a line moves every finding below it: the engine then makes each
from the last one, with its very message, path and data (:func:`tabletwin.checks.kept._moved`).
Such a finding whose columns, height and first and last lines' texts are those of a finding of
the last conversion gets that finding's diagnostic moved by as many lines (the columns in the
client's units are the same on the same texts): an item of :class:`~.diaglist.Diagnostics`
that is made only when read, and whose JSON is its root's with the lines written again
(:mod:`.wire`). Making and writing ~2,000 moved diagnostics took about 20 ms.

The diagnostics handed out are shared between versions: they must not be changed in place
(:func:`tabletwin_lsp.analysis.unused_diagnostics`, which sets codes, converts its own).
"""

from __future__ import annotations

import threading

from pygls.workspace.position_codec import PositionCodec

from tabletwin.checks import Finding

from .convert import to_diagnostic
from .diaglist import Diagnostics

#: Conversions of a document that are kept: the last one, and the one before it (an analysis of
#: an older version may finish after a newer one, and a line added then removed brings back the
#: findings of the one before).
KEPT_GENERATIONS = 2

_lock = threading.Lock()
_memos: dict[str, list[_Conversion]] = {}  # uri -> its last conversions, newest first


class _Conversion:
    """One conversion of a document's findings: item ``i`` is ``roots[i]`` moved by ``shifts[i]``
    lines (see :class:`~.diaglist.Diagnostics`), for ``findings[i]`` whose first and last lines
    were ``ends[i]``; ``by_key`` holds the diagnostics converted by :func:`_key`."""

    __slots__ = ("encoding", "by_key", "findings", "ends", "roots", "shifts", "_by_identity", "_by_place")

    def __init__(self, encoding: str, by_key: dict, findings: tuple, ends: list, roots: list, shifts: list):
        self.encoding = encoding
        self.by_key = by_key
        self.findings = findings
        self.ends = ends
        self.roots = roots
        self.shifts = shifts
        self._by_identity: dict | None = None
        self._by_place: dict | None = None

    def index_of(self, finding: Finding) -> int | None:
        """The index of ``finding`` itself, if it is one of this conversion's."""
        if self._by_identity is None:
            self._by_identity = {id(found): index for index, found in enumerate(self.findings)}
        index = self._by_identity.get(id(finding))
        return index if index is not None and self.findings[index] is finding else None

    def place_of(self, finding: Finding, ends: tuple) -> int | None:
        """The index of a finding of this conversion that ``finding`` is the same as but for its
        lines (see :func:`_place_key`), if any."""
        if self._by_place is None:
            self._by_place = {_place_key(found, found_ends): index for index, (found, found_ends)
                              in enumerate(zip(self.findings, self.ends)) if found.span is not None}
        index = self._by_place.get(_place_key(finding, ends))
        return index if index is not None and self.findings[index].data is finding.data else None


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


def _place_key(finding: Finding, ends: tuple) -> tuple:
    """A finding with a span, by all but its lines: equal keys (and the same ``data`` object, which
    the key holds by id) give the same diagnostic but for its lines."""
    span = finding.span
    return (finding.message, finding.severity, finding.path, finding.code, id(finding.data),
            span.column, span.end_line - span.line, span.end_column, ends)


def cached_diagnostics(uri: str, document, findings, codec: PositionCodec) -> Diagnostics:
    """``[to_diagnostic(document, f) for f in findings]``, reusing the conversions of ``uri``'s
    last versions; ``document`` has ``lines`` (split keeping line ends) and ``range_to_client_units``."""
    lines = document.lines
    count = len(lines)
    encoding = codec.encoding
    findings = tuple(findings)
    with _lock:
        older = [memo for memo in _memos.get(uri, ()) if memo.encoding == encoding]
    if older:
        last = older[0]
        last_findings, last_ends, last_roots, last_shifts = last.findings, last.ends, last.roots, last.shifts
    else:
        last = None
        last_findings = last_ends = last_roots = last_shifts = ()
    known = len(last_findings)
    fresh: dict = {}
    all_ends: list = []
    roots: list = []
    shifts: list = []
    offset = 0  # last_findings[i + offset] is where finding i is looked for first
    for index, finding in enumerate(findings):
        span = finding.span
        if span is None:
            ends = None
        else:
            ends = (lines[span.line] if span.line < count else count,
                    lines[span.end_line] if span.end_line < count else count)
        all_ends.append(ends)
        at = index + offset
        itself = False  # the last conversion's own finding, on lines that changed
        if at < known:
            old = last_findings[at]
            if old is finding:
                if last_ends[at] == ends:
                    roots.append(last_roots[at])
                    shifts.append(last_shifts[at])
                    continue
                itself = True
            elif span is not None:
                # Moved by lines added or removed above it (what _place_key compares; inline:
                # ~2,000 findings of a large model take this way after such an edit).
                old_span = old.span
                if (old_span is not None and old.data is finding.data and last_ends[at] == ends
                        and old_span.column == span.column and old_span.end_column == span.end_column
                        and old_span.end_line - old_span.line == span.end_line - span.line
                        and old.message == finding.message and old.path == finding.path
                        and old.severity == finding.severity and old.code == finding.code):
                    roots.append(last_roots[at])
                    shifts.append(last_shifts[at] + span.line - old_span.line)
                    continue
        for conversion in older[1:] if itself else older:
            at = conversion.index_of(finding)
            if at is not None and conversion.ends[at] == ends:
                break
        else:
            conversion = last
            at = None if span is None or last is None or itself else last.place_of(finding, ends)
        if at is not None:
            if conversion is last:
                offset = at - index
            roots.append(conversion.roots[at])
            shifts.append(0 if span is None else
                          conversion.shifts[at] + span.line - conversion.findings[at].span.line)
            continue
        key = _key(finding, lines, encoding)
        diagnostic = fresh.get(key)
        if diagnostic is None:
            for conversion in older:
                diagnostic = conversion.by_key.get(key)
                if diagnostic is not None:
                    break
            else:
                diagnostic = to_diagnostic(document, finding)
            fresh[key] = diagnostic
        roots.append(diagnostic)
        shifts.append(0)
    with _lock:
        _memos[uri] = [_Conversion(encoding, fresh, findings, all_ends, roots, shifts),
                       *_memos.get(uri, ())][:KEPT_GENERATIONS]
    return Diagnostics(roots, shifts)


def forget_diagnostics(uri: str) -> None:
    """Drop what is kept for ``uri`` (the document was closed)."""
    with _lock:
        _memos.pop(uri, None)
