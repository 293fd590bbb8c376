"""A model's top-level entries as units of work kept from one version of the text to the next.

After an edit, :func:`~.reload.spliced_load` keeps the very object of every entry the edit did
not touch (an action, a function, the ``flow``). What the editor derives from one entry alone
(its expression fields, its symbol sites, its decision places) is therefore kept per entry
object (:class:`UnitCache`), and only the edited entry is worked out again.

A unit is an entry of a top-level mapping (``actions.attack``, ``state.vars``,
``content.cards``), or a whole top-level value where its entries are not independent: the
``flow`` (one node), a list (``triggers``, ``end``), a scalar, and ``content`` when it is an
item itself (has an ``id``). :attr:`Unit.data` is the unit alone in a model, so the walks of
:mod:`tabletwin.validate.walk` find exactly its part, with its paths.

Two things tie a unit to the rest of the text:

- **Lines.** An edit above an entry moves it: what is kept is moved by the lines its key moved.
  Values a ``<<`` merge or an alias brings in keep the positions of their anchor, in another
  unit (see :class:`~tabletwin.modelfile.positions.PositionTable`); such a unit is reused only
  while every unit it borrows from is the same object and moved by the same lines.
- **Shared values.** The walks go through a mapping or list that aliases share once, at its first
  path. If a value that can hold something a walk yields (a mapping) is shared by two units,
  walking the units one by one is not the same as walking the model: :func:`units_independent`
  is false and the callers work the model out whole.
"""

from __future__ import annotations

import threading

from ..errors import Span
from ..modelfile.compose import MERGE, holds_mapping
from .schemanav import value_at

#: Top-level values that are one unit even when they are mappings.
WHOLE = frozenset(("flow",))
#: Unit paths kept per :class:`UnitCache` (a few large models' worth); cleared when full.
KEPT_UNITS = 20_000
#: Versions kept per unit path: the newest few objects (the document being edited and the
#: one before, or two documents with the same entry). Older ones are let go with their loads.
KEPT_VERSIONS = 3


class Unit:
    """One entry (``path`` of one or two steps) and its value; ``data`` holds it alone."""

    __slots__ = ("path", "value", "data")

    def __init__(self, path: tuple, value, data: dict):
        self.path = path
        self.value = value
        self.data = data


def split(data: dict, top) -> bool:
    """Whether the entries of the top-level ``top`` are units of their own."""
    value = data.get(top)
    if value.__class__ is not dict or top in WHOLE:
        return False
    return not (top == "content" and "id" in value)


def units(data: dict, tops=None) -> list[Unit]:
    """The units of ``data`` in its order (of the top-level keys in ``tops`` only, if given)."""
    found = []
    for top in (data if tops is None else [top for top in tops if top in data]):
        value = data[top]
        if split(data, top):
            found += [Unit((top, name), item, {top: {name: item}}) for name, item in value.items()]
        else:
            found.append(Unit((top,), value, {top: value}))
    return found


def unit_path(data: dict, path: tuple) -> tuple:
    """The path of the unit holding ``path``."""
    return path[:2] if len(path) >= 2 and split(data, path[0]) else path[:1]


class _Links:
    """Per loaded document: the units each unit borrows positions from, and whether the units
    are independent (see the module's docstring). Worked out per unit holding aliases or merges,
    and kept while that unit and the units it names are the same objects."""

    def __init__(self, loaded):
        data = loaded.data
        positions = loaded.positions
        split_tops = {top for top in data if split(data, top)}

        def unit_of(path: tuple) -> tuple:
            return path[:2] if len(path) >= 2 and path[0] in split_tops else path[:1]

        grouped: dict = {}
        for path, target in positions.aliases.items():
            if path and path[-1] is MERGE:
                continue  # the ``<<`` key itself: what it brings in is checked with the merges
            grouped.setdefault(unit_of(path), []).append((path, (target,), False))
        for path, sources in positions.merges.items():
            grouped.setdefault(unit_of(path), []).append((path, tuple(sources), True))
        self.borrowed: dict[tuple, set] = {}
        self.independent = True
        for own, items in grouped.items():
            value = value_at(data, own)
            with _links_lock:
                kept = _unit_links.get(own)
            if kept is not None and kept[0] is value and all(value_at(data, path) is other for path, other in kept[1]):
                borrowed, independent = kept[2], kept[3]
            else:
                borrowed, independent, named = _unit_links_of(data, positions, unit_of, own, items)
                with _links_lock:
                    if len(_unit_links) >= KEPT_UNITS:
                        _unit_links.clear()
                    _unit_links[own] = (value, tuple((path, value_at(data, path)) for path in named), borrowed,
                                        independent)
            if borrowed:
                self.borrowed[own] = borrowed
            self.independent = self.independent and independent


_unit_links: dict = {}  # unit path -> (its value, ((named unit, its value), ...), borrowed, independent)


def _unit_links_of(data: dict, written, unit_of, own: tuple, items: list):
    """``(units borrowed from, independent, units named)`` for the aliases and merges of one unit."""
    borrowed: set = set()
    named: set = set()
    independent = True
    for path, targets, merge in items:
        if not merge:
            other = unit_of(targets[0])
            if other != own:
                borrowed.add(other)
                named.add(other)
                if holds_mapping(value_at(data, targets[0])):
                    independent = False
            continue
        merged = value_at(data, path)
        if merged.__class__ is not dict:
            continue
        borrows = any(path + (key,) not in written for key in merged)
        for source in targets:
            other = unit_of(source)
            if other == own:
                continue
            named.add(other)
            if borrows:
                borrowed.add(other)
            for key, value in _mapping(value_at(data, source)).items():
                if merged.get(key) is value and holds_mapping(value):
                    independent = False
    return borrowed, independent, named


def _mapping(value) -> dict:
    return value if value.__class__ is dict else {}


_links_lock = threading.Lock()
_links: dict = {}  # id(loaded) -> (loaded, _Links); the last few documents


def links(loaded) -> _Links:
    with _links_lock:
        entry = _links.get(id(loaded))
        if entry is not None and entry[0] is loaded:
            return entry[1]
    found = _Links(loaded)
    with _links_lock:
        while len(_links) >= 4:  # the oldest let go one by one: four loads freed at once cost one edit 5 ms
            del _links[next(iter(_links))]
        _links[id(loaded)] = (loaded, found)
    return found


def units_independent(loaded) -> bool:
    """Whether walking the units one by one finds what walking the whole model finds."""
    return links(loaded).independent


def key_line(loaded, path: tuple) -> int | None:
    """The line of the unit's key (where its text starts)."""
    entry = loaded.positions.written(path)
    if entry is None or entry[0] is None:
        return None
    return entry[0][0]


class _Kept:
    __slots__ = ("value", "line", "borrowed", "result")

    def __init__(self, value, line, borrowed, result):
        self.value = value
        self.line = line
        self.borrowed = borrowed  # ((unit path, its value, its key line), ...)
        self.result = result


class UnitCache:
    """What ``compute(unit)`` found for each unit, kept by the unit's object and moved with its
    lines by ``shift(result, lines)``."""

    def __init__(self, limit: int = KEPT_UNITS):
        self.limit = limit
        self.reused = 0  # results kept or moved rather than computed (for tests)
        self._kept: dict = {}
        self._lock = threading.Lock()

    def get(self, loaded, unit: Unit, compute, shift, valid=None):
        """The result for ``unit`` of ``loaded``: kept, moved, or computed now. ``valid(result)``
        (when given) says whether a kept result still holds (it may depend on other units)."""
        key = unit.path
        line = key_line(loaded, unit.path)
        with self._lock:
            kept = next((kept for kept in self._kept.get(key, ()) if kept.value is unit.value), None)
        if kept is not None and line is not None and kept.line is not None:
            lines = line - kept.line
            if self._same_borrowed(loaded, kept.borrowed, lines) and (valid is None or valid(kept.result)):
                self.reused += 1
                if not lines:
                    return kept.result
                result = shift(kept.result, lines)
                borrowed = tuple((path, value, at + lines) for path, value, at in kept.borrowed)
                self._keep(key, _Kept(unit.value, line, borrowed, result))
                return result
        result = compute(unit)
        borrowed = tuple((path, value_at(loaded.data, path), key_line(loaded, path))
                         for path in sorted(links(loaded).borrowed.get(unit.path, ()), key=repr))
        self._keep(key, _Kept(unit.value, line, borrowed, result))
        return result

    def _same_borrowed(self, loaded, borrowed, lines: int) -> bool:
        for path, value, at in borrowed:
            if value_at(loaded.data, path) is not value:
                return False
            line = key_line(loaded, path)
            if line is None or at is None or line - at != lines:
                return False
        return True

    def _keep(self, key, kept: _Kept) -> None:
        with self._lock:
            if len(self._kept) >= self.limit:
                self._kept.clear()
            versions = [old for old in self._kept.get(key, ()) if old.value is not kept.value]
            self._kept[key] = [kept] + versions[:KEPT_VERSIONS - 1]

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


def moved(span: Span, lines: int) -> Span:
    return Span(span.line + lines, span.column, span.end_line + lines, span.end_column)
