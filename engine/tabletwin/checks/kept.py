"""Findings kept from one check of a model to the next: an unchanged finding is the same object.

After an edit most findings of a large model are what they were (a 5,000-line model has about
2,250 of them). Inside :func:`~.reuse.reusing`, a finding with the message, path, severity and
data of one the last runs made, placed on the same raw span of the position table, is that very
object: it is not placed, formatted or built again, and the editor finds its converted
diagnostic by identity (``tabletwin_lsp.diagcache``). A finding the same but for its place (a line
was added or removed above it) is made from the last one, sharing its message, path and data.
Outside :func:`~.reuse.reusing` each call makes a new finding, as before.

A finding's place is found as :meth:`~tabletwin.modelfile.Collector.place` finds it: the key
(``on_key``) or value written at its path, else the deepest written ancestor. The raw span is
read from the position table's entry (a tuple); the :class:`~tabletwin.errors.Span` is made
only for a finding made anew.

:func:`placed_all` keeps the findings of one part together. When a line is added above it, the
part's findings are those kept, each moved by the lines its entry moved: the position table
keeps an entry's stored spans (the very objects) while only its shift changes
(:mod:`tabletwin.modelfile.positions`), so the same stored object tells that every span of that
entry moved by the difference of the shifts, and the checks need not run again.
"""

from __future__ import annotations

from ..errors import Span
from ..modelfile import format_path
from . import reuse
from .findings import Finding

_PLACED = object()  # the first item of the keys of this module's findings


def raw_place(positions, path: tuple, on_key: bool = False) -> tuple:
    """The span tuple where a finding about ``path`` goes: its key's (``on_key``, when written) or
    its value's, else its deepest written ancestor's (the key's, or the value of an item)."""
    entry = positions.entry(path)
    if entry is not None:
        return (entry[0] or entry[1]) if on_key else entry[1]
    for depth in range(len(path) - 1, 0, -1):
        entry = positions.entry(path[:depth])
        if entry is not None:
            return entry[1] if entry[0] is None else entry[0]
    return positions.written(())[1]


def placed(positions, message: str, path: tuple, severity: str, code: str, on_key: bool = False) -> Finding:
    """A finding at ``path`` (see :func:`raw_place`), the last run's object when it is unchanged."""
    if path.__class__ is not tuple:
        path = tuple(path)
    where = raw_place(positions, path, on_key)
    return reuse.same((_PLACED, message, path, severity, code, on_key), where,
                      lambda: Finding(message, Span(*where), severity, format_path(path), code=code),
                      lambda last: _moved(last, where))


def placed_all(what: str, path: tuple, part, reads, positions, found, severity: str, code: str) -> list[Finding]:
    """``[placed(positions, message, at, severity, code, on_key) for message, at, on_key in found()]``,
    kept for ``part`` (the same object) at ``path`` while ``reads`` is equal (as
    :func:`~.reuse.remembered` keeps results); when the entries the findings sit in only moved, the
    kept findings moved (``found`` is not called again). Callers must not change the list."""
    if not reuse.active():
        return [placed(positions, message, at, severity, code, on_key) for message, at, on_key in found()]
    hit = reuse.lookup(what, path, part, reads)
    if hit is not None:
        kept = hit[0].at(positions)
        if kept is not None:
            if kept is not hit[0]:
                reuse.keep(what, path, part, kept, reads)
            return kept.findings
    items = found()
    findings = [placed(positions, message, at, severity, code, on_key) for message, at, on_key in items]
    reuse.keep(what, path, part, _Placed.of(findings, items, positions), reads)
    return findings


class _Placed:
    """Findings with what placed them: each on the spans of one written entry (of its path, or of
    the path an alias or merge leads to, or of an ancestor's). ``frames`` holds, for each group
    (a path's first two steps) that placed a finding or decided which entry it is, its stored
    entry and shift then; ``owners`` the index in ``frames`` of the group that placed each
    finding. A finding placed by the root or a section (whose spans are stored again on every
    splice) has the owner -1 and its place in ``fixed``: it is kept only where it was. (A group
    that is not written has no stored entry, ``None``; splices never add or remove groups, and a
    whole load makes new parts, which find nothing kept.)"""

    __slots__ = ("findings", "frames", "owners", "fixed")

    def __init__(self, findings: list, frames: tuple, owners: tuple, fixed: tuple):
        self.findings = findings
        self.frames = frames  # ((group, its stored entry, its shift), ...)
        self.owners = owners
        self.fixed = fixed  # ((path, on_key, raw place), ...)

    @classmethod
    def of(cls, findings: list, found: list, positions) -> _Placed:
        frames: list = []
        index: dict = {}
        owners = []
        fixed = []

        def frame(group: tuple) -> int:
            number = index.get(group)
            if number is None:
                head, shift = positions.stored(group)
                number = index[group] = len(frames)
                frames.append((group, head, shift))
            return number

        for _message, at, on_key in found:
            if at.__class__ is not tuple:
                at = tuple(at)
            if at in positions and len(at) >= 2:
                owners.append(frame(at[:2]))
                continue
            written, groups = _placing(positions, at)
            for group in groups:
                frame(group)
            if len(written) >= 2:
                owners.append(frame(written[:2]))
            else:
                owners.append(-1)
                fixed.append((at, on_key, raw_place(positions, at, on_key)))
        return cls(findings, tuple(frames), tuple(owners), tuple(fixed))

    def at(self, positions) -> _Placed | None:
        """These findings as ``positions`` places them: ``self`` when nothing moved, the findings
        moved when their entries only moved, ``None`` when that is not known."""
        frames = self.frames
        if len(frames) == 1 and not self.fixed:  # the usual: findings in the part's own entry
            group, head, shift = frames[0]
            now, now_shift = positions.stored(group)
            if now is not head:
                return None
            if now_shift == shift:
                return self
            lines = now_shift - shift
            return _Placed([shifted_finding(finding, lines) for finding in self.findings], ((group, head, now_shift),),
                           self.owners, ())
        lines = []
        for group, head, shift in self.frames:
            now, now_shift = positions.stored(group)
            if now is not head:
                return None
            lines.append(now_shift - shift)
        for at, on_key, where in self.fixed:
            if raw_place(positions, at, on_key) != where:
                return None
        if not any(lines):
            return self
        lines.append(0)  # the owner -1: in place
        findings = [finding if not lines[owner] else shifted_finding(finding, lines[owner])
                    for finding, owner in zip(self.findings, self.owners)]
        frames = tuple((group, head, shift + moved) for (group, head, shift), moved in zip(self.frames, lines))
        return _Placed(findings, frames, self.owners, self.fixed)


def _placing(positions, at: tuple) -> tuple[tuple, set]:
    """The written path whose entry places a finding at ``at`` (see :func:`raw_place`; ``()`` for
    the root), and the groups that decided it."""
    decided: set = set()
    for depth in range(len(at), 0, -1):
        written, groups = positions.resolved(at[:depth])
        decided |= groups
        if written is not None:
            return written, decided
    return (), decided


def shifted_finding(last: Finding, lines: int) -> Finding:
    """``last`` moved down by ``lines``, equal to the finding placed there (see :func:`_moved`)."""
    span = last.span
    moved = _new(Span)
    _span_line(moved, span.line + lines)
    _span_column(moved, span.column)
    _span_end_line(moved, span.end_line + lines)
    _span_end_column(moved, span.end_column)
    return _finding(last, moved)


def _finding(last: Finding, span: Span) -> Finding:
    """``last`` on ``span``, sharing its message, path and data."""
    made = _new(Finding)
    _finding_message(made, last.message)
    _finding_span(made, span)
    _finding_severity(made, last.severity)
    _finding_path(made, last.path)
    _finding_data(made, last.data)
    _finding_code(made, last.code)
    return made


# Frozen dataclasses' slots set through their descriptors: their ``__init__`` sets each field by
# name through ``object.__setattr__``, twice as slow, and a line added at the top of a large model
# moves a thousand findings.
_new = object.__new__
_span_line, _span_column = Span.line.__set__, Span.column.__set__
_span_end_line, _span_end_column = Span.end_line.__set__, Span.end_column.__set__
_finding_message, _finding_span, _finding_severity = Finding.message.__set__, Finding.span.__set__, \
    Finding.severity.__set__
_finding_path, _finding_data, _finding_code = Finding.path.__set__, Finding.data.__set__, Finding.code.__set__


def at_raw(where: tuple | None, message: str, path, severity: str, code: str, data: dict | None = None,
           data_key: tuple | None = None) -> Finding:
    """A finding on the span tuple ``where`` (worked out by the caller), the last run's object when
    it is unchanged.

    ``path`` is the model path (a tuple, formatted only for a new finding, or the text);
    ``data_key`` a hashable equivalent of ``data`` (see :func:`data_key`).
    """
    return reuse.same((_PLACED, message, path, severity, code, data_key), where,
                      lambda: Finding(message, None if where is None else Span(*where), severity,
                                      path if path.__class__ is str else format_path(path), data, code),
                      None if where is None or data_key is None and data is not None
                      else lambda last: _moved(last, where))


def _moved(last: Finding, where: tuple) -> Finding:
    """``last`` (equal in all but its place) placed on ``where``: with its very message, path and
    data, which the editor's conversion recognises (:mod:`tabletwin_lsp.diagcache`) to shift its
    diagnostic instead of converting the finding again."""
    return _finding(last, Span(*where))


def interned(finding: Finding) -> Finding:
    """``finding``, or the last run's equal finding (made elsewhere, compared whole)."""
    span = finding.span
    where = None if span is None else (span.line, span.column, span.end_line, span.end_column)
    key = (_PLACED, finding.message, finding.path, finding.severity, finding.code, data_key(finding.data))
    return reuse.same(key, where, lambda: finding, None if where is None else lambda last: _moved(last, where))


def determined(key: tuple, span: Span | None, make) -> Finding:
    """``make()``, a finding that ``key`` (hashable) determines but for its ``span``: the last run's
    object when it is unchanged, the last one moved when only its span changed."""
    where = None if span is None else (span.line, span.column, span.end_line, span.end_column)
    return reuse.same((_PLACED, *key), where, make, None if where is None else lambda last: _moved(last, where))


def data_key(data: dict | None) -> tuple | None:
    """A hashable equivalent of a finding's ``data``: its items in order, lists as tuples."""
    if data is None:
        return None
    return tuple((key, _hashable(value)) for key, value in data.items())


def _hashable(value):
    if value.__class__ is list or value.__class__ is tuple:
        return (value.__class__, *map(_hashable, value))
    if value.__class__ is dict:
        return (dict, data_key(value))
    return value
