"""What a symbol index holds: its :class:`Site` objects and the tables of :class:`Index`.

A model indexed entry by entry (:mod:`.unitindex`) hands its sites over in chunks, one per pass
and unit, each with the number of lines the unit moved since its sites were made
(:meth:`Index.add_chunk`). An edit that adds a line moves every entry below it, and most readers
need no site of those entries: lint reads which names are declared and the names nothing
declares; the editor's tables of sites by name and by line are read by navigation, hover and
lenses. So the names declared are gathered as the chunks come, the unknown names are placed
when first read, and the tables of sites when first read; a moved site is made then, once.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass

from ..errors import Span
from ..validate.walk import mapping

GLOBAL_ORDER = ("var", "zone", "derived", "function", "constant")


@dataclass(frozen=True)
class Site:
    kind: str
    name: str
    span: Span
    path: tuple
    exact: bool
    decl: bool = False


def resolve_in(decls, name: str, local_names) -> str | None:
    """The kind of global ``name`` refers to (lookup order of the engine) with the declarations
    ``decls`` (anything answering ``(kind, name) in decls``), else ``None``."""
    if name in local_names:
        return None
    for kind in GLOBAL_ORDER:
        if (kind, name) in decls:
            return kind
    return None


_new_object = object.__new__
_set = object.__setattr__
# A frozen Span's slots, set through their descriptors (its ``__init__`` and ``object.__setattr__``
# by name cost more; thousands of sites move after an edit that adds a line above them).
_set_line, _set_column = Span.line.__set__, Span.column.__set__
_set_end_line, _set_end_column = Span.end_line.__set__, Span.end_column.__set__


def moved_span(span: Span, lines: int) -> Span:
    """``span`` ``lines`` lower."""
    new = _new_object(Span)
    _set_line(new, span.line + lines)
    _set_column(new, span.column)
    _set_end_line(new, span.end_line + lines)
    _set_end_column(new, span.end_column)
    return new


def moved_site(site: Site, lines: int) -> Site:
    """``site`` ``lines`` lower, equal to the site the passes would make there."""
    fields = site.__dict__.copy()
    fields["span"] = moved_span(site.span, lines)
    new = _new_object(Site)
    _set(new, "__dict__", fields)
    return new


class _Chunk:
    """Sites and unknown names of one pass over one unit, made ``lines`` higher than they are;
    ``placed``: the moved site of each site moved so far (by id), so that an unknown name that
    is also a site of its pass stays one object, as when indexed."""

    __slots__ = ("sites", "unknown", "lines", "placed")

    def __init__(self, sites: list, unknown: list, lines: int):
        self.sites = sites
        self.unknown = unknown
        self.lines = lines
        self.placed: dict = {}

    def place(self, site: Site) -> Site:
        if not self.lines:
            return site
        new = self.placed.get(id(site))
        if new is None:
            new = self.placed[id(site)] = moved_site(site, self.lines)
        return new


class Index:
    """Declarations and references of one loaded model (or tactic) text.

    ``decls`` and ``refs`` map ``(kind, name)`` to sites, ``by_line`` a line to its sites,
    ``unknown`` holds ``(site, local names there)`` of names declared nowhere. An index is never
    changed once built (and read by several threads): what is made on first read is made whole
    under a lock before it is seen."""

    def __init__(self, kind: str, data, positions, lines: list[str]):
        self.kind = kind
        self.data = data
        self.positions = positions
        self.lines = lines
        self.event_locals: dict = {}
        self.modified_kwargs: dict = {}
        self.content_keys: set = set()
        self.serial = _serials()  # tells indexes apart in caches
        self._keys: dict = {}  # (kind, name) of every declaration, in the order of ``decls``
        self._chunks: list = []  # sites not in the tables yet
        self._tables: tuple | None = ({}, {}, {})  # decls, refs, by_line; None until the chunks are placed
        self._unknown: list | None = []  # None until the chunks' unknown names are placed
        self._lock = threading.Lock()

    def add(self, site: Site) -> None:
        if self._chunks:
            self.add_chunk([site], ((site.kind, site.name),) if site.decl else (), [], 0)
            return
        decls, refs, by_line = self._tables
        if site.decl:
            self._keys[(site.kind, site.name)] = None
            decls.setdefault((site.kind, site.name), []).append(site)
        else:
            refs.setdefault((site.kind, site.name), []).append(site)
        by_line.setdefault(site.span.line, []).append(site)

    def add_chunk(self, sites: list, declared: tuple, unknown: list, lines: int) -> None:
        """Sites and unknown names of a pass made ``lines`` higher (as :meth:`add` would add the
        sites, moved); ``declared``: the keys of its declarations. An index is filled either this
        way or site by site with :meth:`add` and ``unknown.append``, never both."""
        if declared:
            self._keys.update(dict.fromkeys(declared))
        if sites or unknown:
            self._chunks.append(_Chunk(sites, unknown, lines))
            self._tables = None
            self._unknown = None

    @property
    def decls(self) -> dict:
        return self._ready()[0]

    @property
    def refs(self) -> dict:
        return self._ready()[1]

    @property
    def by_line(self) -> dict:
        return self._ready()[2]

    @property
    def unknown(self) -> list:
        found = self._unknown
        if found is None:
            with self._lock:
                found = self._unknown
                if found is None:
                    found = []
                    for chunk in self._chunks:
                        if chunk.unknown:
                            place = chunk.place
                            found += [(place(site), names) for site, names in chunk.unknown]
                    self._unknown = found
        return found

    def unknown_chunks(self):
        """``(unknown names, lines)``: :attr:`unknown` in parts, each list as made and the lines
        to move its sites by (for a reader that needs the places of a few of them only)."""
        if self._unknown is not None:
            yield self._unknown, 0
            return
        for chunk in self._chunks:
            if chunk.unknown:
                yield chunk.unknown, chunk.lines

    def _ready(self) -> tuple:
        tables = self._tables
        if tables is None:
            self.unknown  # placed first: the tables share its moved sites
            with self._lock:
                tables = self._tables
                if tables is None:
                    tables = self._tables = self._placed()
        return tables

    def _placed(self) -> tuple:
        decls: dict = {}
        refs: dict = {}
        by_line: dict = {}
        for chunk in self._chunks:
            lines = chunk.lines
            placed = chunk.placed
            for site in chunk.sites:
                if lines:
                    new = placed.get(id(site))
                    site = moved_site(site, lines) if new is None else new
                (decls if site.decl else refs).setdefault((site.kind, site.name), []).append(site)
                by_line.setdefault(site.span.line, []).append(site)
        return decls, refs, by_line

    def names(self, kind: str) -> list[str]:
        return [name for (k, name) in self._keys if k == kind]

    def declared_keys(self):
        """``(kind, name)`` of every declaration, in the order of ``decls`` (without its sites)."""
        return self._keys.keys()

    def candidates(self, site: Site, local_names=()) -> list[str]:
        """Declared names an unknown ``site`` may have meant (for "did you mean")."""
        if site.kind == "name":
            return list(local_names) + [name for (kind, name) in self._keys if kind in GLOBAL_ORDER]
        return self.names(site.kind)

    def declared(self, kind: str, name: str) -> bool:
        return (kind, name) in self._keys

    def at(self, line: int, column: int) -> Site | None:
        """The site under ``(line, column)``: the narrowest one that holds the column."""
        best = None
        for site in self.by_line.get(line, ()):
            span = site.span
            if span.column <= column <= span.end_column and (span.line == span.end_line or column >= span.column):
                if best is None or (span.end_column - span.column) < (best.span.end_column - best.span.column):
                    best = site
        return best

    def resolve(self, name: str, local_names) -> str | None:
        """The kind of global ``name`` refers to (lookup order of the engine), else ``None``."""
        return resolve_in(self._keys, name, local_names)

    def boards(self) -> bool:
        """Whether the model declares boards (their functions are then names of the engine)."""
        return bool(mapping(self.data).get("boards"))

    def content_id(self, keys: tuple) -> str | None:
        """The ``id`` of the content item at ``content[keys[0]][keys[1]]...``, if there is one."""
        value = mapping(self.data).get("content")
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        if isinstance(value, dict) and "id" in value and isinstance(value["id"], str | int):
            return str(value["id"])
        return None


_serials = itertools.count().__next__
