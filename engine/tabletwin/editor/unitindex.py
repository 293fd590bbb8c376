"""The symbol index of a model built entry by entry, keeping what each entry contributes.

:func:`~.indexes.build_index` runs its passes (declarations; events and ``modified()``
keywords; the references of nodes, of ops, of triggers and ends; the names of expressions) on
each unit of :mod:`.entries` alone, and adds up the results pass by pass, unit by unit. What a
unit contributes is kept per unit object (:class:`~.entries.UnitCache`), so after an edit that
:func:`~.reload.spliced_load` read as one entry, only that entry is indexed again; the others'
sites are moved by the lines the edit added or removed.

The declarations and events of a unit depend on the unit alone. Its references also read what
the whole model declares: whether a name is declared and as what, the names bound where an
event is emitted, ``modified()``'s keywords, whether there are boards, which content item a
``content[...]`` subscript names. Each unit keeps the answers it read (:class:`_Refs`), and
its references are reused only while every answer is still the same.
"""

from __future__ import annotations

from ..checks import expression_fields
from ..checks.syntax import _fields_in
from ..modelfile.shared import Once
from . import symbols
from ..errors import Span
from .entries import UnitCache, units
from .symbols import Index, Site

_declared = UnitCache()
_referenced = UnitCache()


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
        self.passes.append(self.sites)
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
    resolve = Index.resolve

    def __init__(self, loaded, lines: list[str], index: Index):
        self.positions = loaded.positions
        self.lines = lines
        self.index = index
        self.reads: dict = {}
        self.decls = _Reading("decls", index.decls, self.reads)
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
        return read[1] in index.decls
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
    ordered: dict = {}
    for _step, tops, _part in symbols.DECLARATION_STEPS + symbols.REFERENCE_STEPS:
        if tops not in ordered:
            ordered[tops] = found if tops is None else \
                [number for top in tops for number, unit in enumerate(found) if unit.path[0] == top]
    ordered = {tops: (range(len(found)) if tops is None else numbers) for tops, numbers in ordered.items()}

    def declare(unit):
        inner, extra = _fields(unit)
        unit_decls = _Decls(loaded, lines)
        for step, tops, _part in symbols.DECLARATION_STEPS:
            if _applies(tops, unit):
                step(unit_decls, unit.data, inner + extra)
            unit_decls.end_pass()
        return (unit_decls.passes, unit_decls.event_locals, unit_decls.modified_kwargs,
                frozenset(unit_decls.content_keys), (inner, extra))

    declared = [_declared.get(loaded, unit, declare, _moved_decls) if kept else declare(unit) for unit in found]
    for number, (step, tops, _part) in enumerate(symbols.DECLARATION_STEPS):
        for unit_number in ordered[tops]:
            passes, event_locals, *_rest = declared[unit_number]
            for site in passes[number]:
                index.add(site)
            if step is symbols._emits:
                for event, names in event_locals.items():
                    known = index.event_locals.setdefault(event, {})
                    for name, where in names.items():
                        known.setdefault(name, where)
    for _passes, _events, modified_kwargs, content_keys, _fields_found in declared:
        for stat, names in modified_kwargs.items():
            index.modified_kwargs.setdefault(stat, set()).update(names)
        index.content_keys.update(content_keys)

    def reference(unit, fields):
        refs = _Refs(loaded, lines, index)
        inner, extra = fields
        for step, tops, part in symbols.REFERENCE_STEPS:
            if _applies(tops, unit):
                step(refs, unit.data, extra if part == "extra" else inner if part == "inner" else inner + extra)
            refs.end_pass()
        return refs.passes, refs.reads

    def still_valid(result) -> bool:
        return all(_answer(index, read) == answer for read, answer in result[1].items())

    referenced = []
    for unit, (_passes, _events, _kwargs, _keys, fields) in zip(found, declared):
        if kept:
            referenced.append(_referenced.get(loaded, unit, lambda unit, fields=fields: reference(unit, fields),
                                              _moved_refs, still_valid))
        else:
            referenced.append(reference(unit, fields))
    for number, (_step, tops, _part) in enumerate(symbols.REFERENCE_STEPS):
        for unit_number in ordered[tops]:
            sites, unknown = referenced[unit_number][0][number]
            for site in sites:
                index.add(site)
            index.unknown += unknown


_new_object = object.__new__
_set = object.__setattr__
# A frozen Span's slots, set through their descriptors (its ``__init__`` and ``object.__setattr__``
# by name cost more; thousands of sites move after an edit that adds a line above them).
_set_line, _set_column = Span.line.__set__, Span.column.__set__
_set_end_line, _set_end_column = Span.end_line.__set__, Span.end_column.__set__


def _moved_site(site: Site, lines: int) -> Site:
    """``site`` ``lines`` lower, equal to the site the passes would make there."""
    span = site.span
    new_span = _new_object(Span)
    _set_line(new_span, span.line + lines)
    _set_column(new_span, span.column)
    _set_end_line(new_span, span.end_line + lines)
    _set_end_column(new_span, span.end_column)
    fields = site.__dict__.copy()
    fields["span"] = new_span
    new = _new_object(Site)
    _set(new, "__dict__", fields)
    return new


def _moved_decls(result, lines: int):
    passes, event_locals, modified_kwargs, content_keys, fields = result
    return ([[_moved_site(site, lines) for site in sites] for sites in passes], event_locals, modified_kwargs,
            content_keys, fields)


def _moved_refs(result, lines: int):
    passes, reads = result
    moved_passes = []
    for sites, unknown in passes:
        moved = [_moved_site(site, lines) for site in sites]
        if unknown:
            # An unknown name of a field that names something is also one of the pass's sites
            # (:func:`~.symbols._check_known`): moved once, it stays one object, as when indexed.
            same = {id(site): new for site, new in zip(sites, moved)}
            unknown = [(same.get(id(site)) or _moved_site(site, lines), names) for site, names in unknown]
        moved_passes.append((moved, unknown))
    return moved_passes, reads
