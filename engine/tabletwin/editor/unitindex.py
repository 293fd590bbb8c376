"""The symbol index of a model built entry by entry, keeping what each entry contributes.

:func:`~.indexes.build_index` runs its passes (declarations; events and ``modified()``
keywords; the references of nodes, of ops, of triggers and ends; the names of expressions) on
each unit of :mod:`.entries` alone, and adds up the results pass by pass, unit by unit. What a
unit contributes is kept per unit object (:class:`~.entries.UnitCache`), so after an edit that
:func:`~.reload.spliced_load` read as one entry, only that entry is indexed again; each other
entry the edit moved is moved by one number (:class:`_Part`), its sites only when the index's
tables of sites are first read (:class:`~.sitetable.Index`).

The declarations and events of a unit depend on the unit alone. Its references also read what
the whole model declares: whether a name is declared and as what, the names bound where an
event is emitted, ``modified()``'s keywords, whether there are boards, which content item a
``content[...]`` subscript names. Each unit keeps the answers it read (:class:`_Refs`), and
its references are reused only while every answer is still the same: the answers are read
again only when the model's declarations (its "world", :func:`_world`) changed since they last held.
"""

from __future__ import annotations

import threading

from ..checks import expression_fields
from ..checks.syntax import _fields_in
from ..modelfile.shared import Once
from . import symbols
from .entries import UnitCache, units
from .sitetable import Index, Site, resolve_in

_kept = UnitCache()


class _Decls:
    """What a unit declares: its sites of the declaration and event passes, the names bound at
    its emits, the keywords of its ``modified()`` calls, the keys of its content items."""

    kind = "model"

    def __init__(self, loaded, lines: list[str]):
        self.positions = loaded.positions
        self.lines = lines
        self.decls: dict = {}  # never read by these passes
        self.sites: list = []
        self.event_locals: dict = {}
        self.modified_kwargs: dict = {}
        self.content_keys: set = set()
        self.unknown: list = []  # never written by these passes
        self.passes: list = []

    def add(self, site: Site) -> None:
        self.sites.append(site)

    def end_pass(self) -> None:
        self.passes.append((self.sites, self.unknown))
        self.sites = []


class _Reading:
    """A table of the model's index, read through: each answer is noted in ``reads``."""

    __slots__ = ("name", "table", "reads")

    def __init__(self, name: str, table: dict, reads: dict):
        self.name = name
        self.table = table
        self.reads = reads

    def __contains__(self, key) -> bool:
        found = key in self.table
        self.reads[(self.name, key)] = found
        return found

    def get(self, key, default=None):
        found = self.table.get(key)
        self.reads[(self.name, key)] = found
        return default if found is None else found


class _Refs:
    """What a unit references: its sites and unknown names per pass, and what it read of the
    model's declarations to find them."""

    kind = "model"

    def __init__(self, loaded, lines: list[str], index: Index):
        self.positions = loaded.positions
        self.lines = lines
        self.index = index
        self.reads = _Reads()
        self.decls = _Reading("decls", index.declared_keys(), self.reads)
        self.event_locals = _Reading("event_locals", index.event_locals, self.reads)
        self.modified_kwargs = _Reading("modified_kwargs", index.modified_kwargs, self.reads)
        self.sites: list = []
        self.unknown: list = []
        self.passes: list = []

    def add(self, site: Site) -> None:
        self.sites.append(site)

    def end_pass(self) -> None:
        self.passes.append((self.sites, self.unknown))
        self.sites, self.unknown = [], []

    def resolve(self, name: str, local_names) -> str | None:
        return resolve_in(self.decls, name, local_names)

    def boards(self) -> bool:
        found = self.index.boards()
        self.reads[("boards",)] = found
        return found

    def content_id(self, keys: tuple) -> str | None:
        found = self.index.content_id(keys)
        self.reads[("content", keys)] = found
        return found


def _answer(index: Index, read: tuple):
    name = read[0]
    if name == "decls":
        return index.declared(*read[1])
    if name == "event_locals":
        return index.event_locals.get(read[1])
    if name == "modified_kwargs":
        return index.modified_kwargs.get(read[1])
    if name == "boards":
        return index.boards()
    return index.content_id(read[1])


def _fields(unit) -> tuple[list, list]:
    """The unit's expression fields: found in the model's order, and then the functions' and
    derived values' (see :func:`~tabletwin.checks.expression_fields`)."""
    every = expression_fields(unit.data)
    if unit.path[0] not in ("functions", "state"):
        return every, []
    inner: list = []
    _fields_in(unit.data, (), inner, Once())
    return every[:len(inner)], every[len(inner):]


def _applies(tops, unit) -> bool:
    return tops is None or unit.path[0] in tops


def index_by_units(index: Index, loaded, kept: bool = True) -> None:
    """Fill ``index`` (empty, of ``loaded``) unit by unit, step by step of the passes."""
    found = units(loaded.data)
    lines = index.lines
    by_top: dict = {}
    for number, unit in enumerate(found):
        by_top.setdefault(unit.path[0], []).append(number)
    ordered: dict = {}
    for _step, tops, _part in symbols.DECLARATION_STEPS + symbols.REFERENCE_STEPS:
        if tops not in ordered:
            ordered[tops] = range(len(found)) if tops is None else [number for top in tops
                                                                    for number in by_top.get(top, ())]

    def declare(unit):
        inner, extra = _fields(unit)
        unit_decls = _Decls(loaded, lines)
        for step, tops, _part in symbols.DECLARATION_STEPS:
            if _applies(tops, unit):
                step(unit_decls, unit.data, inner + extra)
            unit_decls.end_pass()
        return (_Part(unit_decls.passes), unit_decls.event_locals, unit_decls.modified_kwargs,
                frozenset(unit_decls.content_keys), (inner, extra))

    kept_units = [_kept.get(loaded, unit, lambda unit: _Unit(declare(unit)), _moved_unit) if kept
                  else _Unit(declare(unit)) for unit in found]
    declared = [kept_unit.decls for kept_unit in kept_units]
    add_chunk = index.add_chunk
    for number, (step, tops, _part) in enumerate(symbols.DECLARATION_STEPS):
        for unit_number in ordered[tops]:
            part, event_locals, *_rest = declared[unit_number]
            sites, unknown = part.passes[number]
            if sites:
                add_chunk(sites, part.declared[number], unknown, part.lines)
            if step is symbols._emits:
                for event, names in event_locals.items():
                    known = index.event_locals.setdefault(event, {})
                    for name, where in names.items():
                        known.setdefault(name, where)
    for _part, _events, modified_kwargs, content_keys, _fields_found in declared:
        for stat, names in modified_kwargs.items():
            index.modified_kwargs.setdefault(stat, set()).update(names)
        index.content_keys.update(content_keys)
    world = _world(index)

    def reference(unit, fields):
        refs = _Refs(loaded, lines, index)
        inner, extra = fields
        for step, tops, part in symbols.REFERENCE_STEPS:
            if _applies(tops, unit):
                step(refs, unit.data, extra if part == "extra" else inner if part == "inner" else inner + extra)
            refs.end_pass()
        refs.reads.world = world
        return _Part(refs.passes), refs.reads

    def still_valid(result) -> bool:
        reads = result[1]
        if reads.world is world:
            return True
        if all(_answer(index, read) == answer for read, answer in reads.items()):
            reads.world = world
            return True
        return False

    referenced = []
    for unit, kept_unit in zip(found, kept_units):
        refs = kept_unit.refs
        if refs is None or not still_valid(refs):
            refs = kept_unit.refs = reference(unit, kept_unit.decls[4])
        referenced.append(refs)
    for number, (_step, tops, _part) in enumerate(symbols.REFERENCE_STEPS):
        for unit_number in ordered[tops]:
            part = referenced[unit_number][0]
            sites, unknown = part.passes[number]
            if sites or unknown:
                add_chunk(sites, part.declared[number], unknown, part.lines)


class _Unit:
    """What a unit contributes, kept per unit object (:class:`~.entries.UnitCache`): its
    declarations, and its references once worked out (they are valid while what they read of
    the whole model is the same, see :class:`_Refs`)."""

    __slots__ = ("decls", "refs")

    def __init__(self, decls: tuple, refs: tuple | None = None):
        self.decls = decls
        self.refs = refs


def _moved_unit(kept: _Unit, lines: int) -> _Unit:
    return _Unit(_moved_decls(kept.decls, lines), None if kept.refs is None else _moved_refs(kept.refs, lines))


class _Part:
    """The sites and unknown names a unit's passes made (per pass), with the keys of the
    declarations among them, ``lines`` lower now than where they were made: a unit an edit
    moved is moved by one number, its sites when the index's tables are first read
    (:class:`~.sitetable.Index`)."""

    __slots__ = ("passes", "declared", "lines")

    def __init__(self, passes: list, declared: list | None = None, lines: int = 0):
        self.passes = passes
        self.declared = declared if declared is not None else \
            [tuple((site.kind, site.name) for site in sites if site.decl) for sites, _unknown in passes]
        self.lines = lines

    def moved(self, lines: int) -> _Part:
        return _Part(self.passes, self.declared, self.lines + lines)


class _Reads(dict):
    """What a unit's references read of the whole model (``(table, key) -> answer``), and the
    last world (:func:`_world`) in which every answer was found the same."""

    __slots__ = ("world",)

    def __init__(self):
        super().__init__()
        self.world = None


#: Worlds kept by :func:`_world`: the last indexes' (an edit that declares nothing new keeps it).
KEPT_WORLDS = 4
_worlds: list = []
_worlds_lock = threading.Lock()


def _world(index: Index) -> tuple:
    """All that :func:`_answer` reads of ``index``: equal worlds answer every read alike, so a
    unit whose reads held in a world holds in an equal one without reading them again. The
    last few are kept, so that an equal world is the very object."""
    data = index.data if isinstance(index.data, dict) else {}
    found = (index._keys, index.event_locals, index.modified_kwargs, index.boards(), data.get("content"))
    with _worlds_lock:
        for world in _worlds:
            if world == found:
                return world
        found = (dict(index._keys), *found[1:])
        _worlds.insert(0, found)
        del _worlds[KEPT_WORLDS:]
    return found


def _moved_decls(result, lines: int):
    part, event_locals, modified_kwargs, content_keys, fields = result
    return part.moved(lines), event_locals, modified_kwargs, content_keys, fields


def _moved_refs(result, lines: int):
    part, reads = result
    return part.moved(lines), reads
