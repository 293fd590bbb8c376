"""The diagnostics of one analysis: a tuple whose moved diagnostics are made only when read.

An edit that adds or removes a line moves every diagnostic below it: ~2,000 of the 5,000-line
model's, each the last version's but for its lines. Making each moved diagnostic (a copy of its
fields, a range, two positions) took ~5 ms of every such edit, and the JSON of the notification
needs none of them: it is the last text with two numbers written again (:mod:`.wire`). So a
:class:`Diagnostics` holds, for each of its items, a *root* diagnostic (one converted from a
finding) and how many lines it has moved since (0: the item is the root itself); the moved
diagnostic is made the first time it is read, and then is the same object on every read.

A root is never changed (the rule of :mod:`.diagcache`), so the moved diagnostic made from it
is the one a conversion of the moved finding would give.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from lsprotocol import types


class Diagnostics(Sequence):
    """A tuple of diagnostics (compares equal to one with the same items); ``roots[i]`` moved down
    by ``shifts[i]`` lines (up when negative) is item ``i``. Neither list is changed once made."""

    __slots__ = ("roots", "shifts", "_made")

    def __init__(self, roots: list, shifts: list | None = None):
        self.roots = roots
        self.shifts = [0] * len(roots) if shifts is None else shifts
        self._made: list | None = None  # the moved items made so far, by index

    @classmethod
    def of(cls, diagnostics) -> Diagnostics:
        """``diagnostics`` (any sequence of them) as a :class:`Diagnostics`."""
        return diagnostics if isinstance(diagnostics, Diagnostics) else cls(list(diagnostics))

    def __len__(self) -> int:
        return len(self.roots)

    def __getitem__(self, index):
        if index.__class__ is slice:
            return tuple(self)[index]
        shift = self.shifts[index]
        if not shift:
            return self.roots[index]
        made = self._made
        if made is None:
            made = self._made = [None] * len(self.roots)
        diagnostic = made[index]
        if diagnostic is None:
            diagnostic = made[index] = moved_by(self.roots[index], shift)
        return diagnostic

    def __iter__(self):
        if not any(self.shifts):
            return iter(self.roots)
        return (self[index] for index in range(len(self.roots)))

    def __eq__(self, other) -> bool:
        if isinstance(other, Diagnostics):
            return len(self) == len(other) and tuple(self) == tuple(other)
        if other.__class__ is tuple:
            return tuple(self) == other
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"Diagnostics({list(self)!r})"

    def plus(self, more) -> Diagnostics:
        """These diagnostics followed by the diagnostics ``more`` (any sequence of them; the moved
        items of a :class:`Diagnostics` stay unmade)."""
        if not more:
            return self
        if isinstance(more, Diagnostics):
            return Diagnostics(self.roots + more.roots, self.shifts + more.shifts)
        more = list(more)
        return Diagnostics(self.roots + more, self.shifts + [0] * len(more))

    def severities(self) -> list:
        """The severity of each item, without making the moved ones (moving keeps it)."""
        return [root.severity for root in self.roots]


_set = object.__setattr__  # without the field's validator
_FIELDS = tuple(field.name for field in attrs.fields(types.Diagnostic) if field.name != "range")


def moved_by(origin: types.Diagnostic, shift: int) -> types.Diagnostic:
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
