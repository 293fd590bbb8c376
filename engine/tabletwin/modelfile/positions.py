"""Where each value of a loaded model is written: path to key span and value span.

The loader records one entry per node it reads, keyed by the node's path as written. Aliases
and ``<<`` merge keys put values at paths that have no text of their own; the table resolves
those through two maps instead of copying entries (a "billion laughs" document stays small):

- ``aliases``: path of an alias -> path of its anchored node. The alias itself keeps its own
  entry (the key and the ``*name`` text); paths below it continue at the anchor.
- ``merges``: path of a mapping -> paths of the mappings its ``<<`` merges, first first. A
  merged key is found in the first of them that has it, where it is written.

Spans are stored as ``(line, column, end_line, end_column)`` tuples and become
:class:`~tabletwin.errors.Span` objects only when asked for: the loader runs on every
keystroke, the lookups only for the few values that get a message.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import Span
from .paths import Path

SpanTuple = tuple[int, int, int, int]
Entry = tuple[SpanTuple | None, SpanTuple]


class PositionTable:
    """Positions of the keys and values of one loaded document (0-based, code points)."""

    __slots__ = ("_entries", "aliases", "merges")

    def __init__(
        self,
        entries: dict[tuple, Entry],
        aliases: Mapping[tuple, tuple] | None = None,
        merges: Mapping[tuple, Sequence[tuple]] | None = None,
    ):
        self._entries = entries
        self.aliases = aliases or {}
        self.merges = merges or {}

    def key_span(self, path: Sequence[str | int]) -> Span | None:
        """The span of the key of the mapping entry at ``path``; ``None`` for items and the root."""
        entry = self._entry(path)
        if entry is None or entry[0] is None:
            return None
        return Span(*entry[0])

    def value_span(self, path: Sequence[str | int]) -> Span | None:
        """The span of the whole value at ``path``; the root is the whole document."""
        entry = self._entry(path)
        return None if entry is None else Span(*entry[1])

    def span(self, path: Sequence[str | int]) -> Span | None:
        """The key's span for a mapping entry, else the value's: where messages about it go."""
        entry = self._entry(path)
        if entry is None:
            return None
        return Span(*(entry[1] if entry[0] is None else entry[0]))

    def nearest(self, path: Sequence[str | int]) -> tuple[Path, Span]:
        """The deepest ancestor-or-self of ``path`` with a position, and its :meth:`span`."""
        path = tuple(path)
        for depth in range(len(path), 0, -1):
            span = self.span(path[:depth])
            if span is not None:
                return path[:depth], span
        return (), Span(*self._entries[()][1])

    def _entry(self, path: Sequence[str | int]) -> Entry | None:
        path = tuple(path)
        entry = self._entries.get(path)
        if entry is not None:
            return entry
        where: tuple | None = ()
        for step in path:
            where = self._child(self.aliases.get(where, where), step)
            if where is None:
                return None
        return self._entries.get(where)

    def _child(self, parent: tuple, step: str | int) -> tuple | None:
        """The written path of ``parent``'s child ``step``, looking through ``<<`` merges."""
        candidate = parent + (step,)
        if candidate in self._entries:
            return candidate
        if parent not in self.merges:
            return None
        # Depth first, first source first: the order in which the loader let merged keys win.
        pending = list(reversed(self.merges[parent]))
        seen = {parent}
        while pending:
            source = pending.pop()
            if source in seen:
                continue
            seen.add(source)
            candidate = source + (step,)
            if candidate in self._entries:
                return candidate
            pending.extend(reversed(self.merges.get(source, ())))
        return None
