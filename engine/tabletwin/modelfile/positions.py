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

An edit that adds or removes a line moves every entry below it. So that a table made from the
last one (:mod:`tabletwin.editor.reload`) need not rebuild those thousands of spans, the spans of
each section entry (its *group*, the path's first two steps) are stored relative to a base:
``shifts`` maps a group to the lines added to all its stored spans when read. A group whose
spans are stored again (the edited entry) has no shift; sections and the root have none. Every
reader goes through the methods, which give the lines as written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import Span
from .paths import Path

SpanTuple = tuple[int, int, int, int]
Entry = tuple[SpanTuple | None, SpanTuple]


class PositionTable:
    """Positions of the keys and values of one loaded document (0-based, code points)."""

    __slots__ = ("_entries", "_shifts", "aliases", "merges")

    def __init__(
        self,
        entries: dict[tuple, Entry],
        aliases: Mapping[tuple, tuple] | None = None,
        merges: Mapping[tuple, Sequence[tuple]] | None = None,
        shifts: dict[tuple, int] | None = None,
    ):
        self._entries = entries
        self._shifts = shifts or {}  # group (path[:2]) -> lines added to its stored spans; never 0
        self.aliases = aliases or {}
        self.merges = merges or {}

    def __contains__(self, path: tuple) -> bool:
        """Whether ``path`` (a tuple) is written itself, not only reached through an alias or merge."""
        return path in self._entries

    def __iter__(self):
        """The written paths, in the order the loader read them."""
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def written(self, path: tuple) -> Entry | None:
        """``(key span, value span)`` tuples of the node written at ``path`` (a tuple), else ``None``;
        no alias or merge is followed."""
        entry = self._entries.get(path)
        if entry is not None and self._shifts:
            shift = self._shifts.get(path[:2])
            if shift is not None:
                return _shifted(entry, shift)
        return entry

    def items(self):
        """Every written path with its :meth:`written` entry, in the order the loader read them."""
        shifts = self._shifts
        if not shifts:
            return self._entries.items()
        return ((path, entry if (shift := shifts.get(path[:2])) is None else _shifted(entry, shift))
                for path, entry in self._entries.items())

    def stored(self, path: tuple) -> tuple[Entry | None, int]:
        """The entry at ``path`` as stored and the shift of its group (the lines added when it is read).
        A table spliced from this one keeps a group's stored entries, the very objects, as long as
        only its shift changes: the same stored object tells that the path moved with its group."""
        return self._entries.get(path), self._shifts.get(path[:2], 0)

    def spliced(self, group: tuple, piece: PositionTable, paths: list, groups: Mapping[tuple, list], stop: int,
                delta: int, fixed: Mapping[tuple, Entry], aliases: Mapping, merges: Mapping) -> PositionTable | None:
        """This table with ``group``'s entries replaced by ``piece``'s at ``paths`` (in their order,
        where the group's were), the lines from ``stop`` on moved by ``delta`` and the entries
        ``fixed`` (outside every group: the root, sections) as given; ``None`` when ``group`` has no
        entries here. ``groups`` holds each group's paths in table order.

        A group wholly at or after ``stop`` moves by its shift alone; one wholly before stays; only
        one across ``stop`` (no block entry is) has its spans stored again."""
        entries, old_shifts = self._entries, self._shifts
        shifts = dict(old_shifts)
        shifts.pop(group, None)
        restored: dict = {}
        if delta:
            for other, other_paths in groups.items():
                if other == group:
                    continue
                head = entries.get(other)
                if head is not None:
                    lines = old_shifts.get(other, 0)
                    key, value = head
                    if value[2] + lines < stop:
                        continue
                    if (value[0] if key is None else key[0]) + lines >= stop:
                        lines += delta
                        if lines:
                            shifts[other] = lines
                        else:
                            del shifts[other]
                        continue
                shifts.pop(other, None)
                for path in other_paths:
                    key, value = self.written(path)
                    restored[path] = (moved_span(key, stop, delta), moved_span(value, stop, delta))
        new = piece._entries
        if groups.get(group) == paths:
            # The same paths (a line added or removed inside a value): every key keeps its place, so
            # the copy and the updates, done in C, keep the order.
            out = dict(entries)
            out.update({path: new[path] for path in paths})
        else:
            out = {}
            placed = False
            for path, spans in entries.items():
                if path[:2] == group:
                    if not placed:
                        for inner in paths:
                            out[inner] = new[inner]
                        placed = True
                    continue
                out[path] = spans
            if not placed:
                return None
        out.update(restored)
        out.update(fixed)
        return PositionTable(out, aliases, merges, shifts)

    def key_span(self, path: Sequence[str | int]) -> Span | None:
        """The span of the key of the mapping entry at ``path``; ``None`` for items and the root."""
        entry = self.entry(path)
        if entry is None or entry[0] is None:
            return None
        return Span(*entry[0])

    def value_span(self, path: Sequence[str | int]) -> Span | None:
        """The span of the whole value at ``path``; the root is the whole document."""
        entry = self.entry(path)
        return None if entry is None else Span(*entry[1])

    def span(self, path: Sequence[str | int]) -> Span | None:
        """The key's span for a mapping entry, else the value's: where messages about it go."""
        entry = self.entry(path)
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

    def entry(self, path: Sequence[str | int]) -> Entry | None:
        """``(key span, value span)`` tuples at ``path``, following aliases and merges to where it is
        written; ``None`` when it has no position."""
        path = tuple(path)
        entry = self._entries.get(path)
        if entry is None:
            path = self._follow(path)
            if path is None:
                return None
            entry = self._entries[path]
        if self._shifts:
            shift = self._shifts.get(path[:2])
            if shift is not None:
                return _shifted(entry, shift)
        return entry

    def resolved(self, path: tuple) -> tuple[tuple | None, set]:
        """The written path whose entry is read for ``path`` (itself, or where aliases and merges
        lead), or ``None``; and the groups whose written paths, aliases and merges decided that (a
        table spliced from this one that keeps their stored entries resolves ``path`` the same)."""
        read = [path]
        where = path if path in self._entries else self._follow(path, read)
        return where, {seen[:2] for seen in read if len(seen) >= 2}

    def _follow(self, path: tuple, read: list | None = None) -> tuple | None:
        """The written path that ``path``, not written itself, reaches through aliases and merges;
        ``read`` collects the paths looked at."""
        where: tuple | None = ()
        for step in path:
            if read is not None:
                read.append(where)
            where = self._child(self.aliases.get(where, where), step, read)
            if where is None:
                return None
        return where

    def _child(self, parent: tuple, step: str | int, read: list | None = None) -> tuple | None:
        """The written path of ``parent``'s child ``step``, looking through ``<<`` merges."""
        candidate = parent + (step,)
        if read is not None:
            read.append(candidate)
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
            if read is not None:
                read.append(candidate)
            if candidate in self._entries:
                return candidate
            pending.extend(reversed(self.merges.get(source, ())))
        return None


def _shifted(entry: Entry, lines: int) -> Entry:
    key, value = entry
    return (None if key is None else (key[0] + lines, key[1], key[2] + lines, key[3]),
            (value[0] + lines, value[1], value[2] + lines, value[3]))


def moved_span(span: SpanTuple | None, stop: int, delta: int) -> SpanTuple | None:
    """``span`` after the lines from ``stop`` on moved by ``delta``."""
    if span is None:
        return None
    line, column, end_line, end_column = span
    if line >= stop:
        return (line + delta, column, end_line + delta, end_column)
    if end_line >= stop:
        return (line, column, end_line + delta, end_column)
    return span
