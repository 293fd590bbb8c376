"""Findings kept from one check of a model to the next: an unchanged finding is the same object.

After an edit most findings of a large model are what they were (a 5,000-line model has about
2,250 of them). Inside :func:`~.reuse.reusing`, a finding with the message, path, severity and
data of one the last runs made, placed on the same raw span of the position table, is that very
object: it is not placed, formatted or built again, and the editor finds its converted
diagnostic by identity (``tabletwin_lsp.diagcache``). A finding the same but for its place (a line
was added or removed above it) is made from the last one, sharing its message, path and data.
Outside :func:`~.reuse.reusing` each call
makes a new finding, as before.

A finding's place is found as :meth:`~tabletwin.modelfile.Collector.place` finds it: the key
(``on_key``) or value written at its path, else the deepest written ancestor. The raw span is
read from the position table's entry (a tuple); the :class:`~tabletwin.errors.Span` is made
only for a finding made anew.
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
    entry = positions._entry(path)
    if entry is not None:
        return (entry[0] or entry[1]) if on_key else entry[1]
    for depth in range(len(path) - 1, 0, -1):
        entry = positions._entry(path[:depth])
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
    return Finding(last.message, Span(*where), last.severity, last.path, last.data, last.code)


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
