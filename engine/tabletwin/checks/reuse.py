"""Results of work on one part of a model, kept from the last checks and reused while it is unchanged.

After an edit the editor's load of the new text keeps every entry the edit left alone as the
very same object (:mod:`tabletwin.editor.reload`), so a check that depends only on one entry (and
on its path) can give that entry's last result again instead of walking it. Inside
:func:`reusing`, :func:`remembered` looks a result up by ``(what, path, id(part))``; the kept
entry holds the part itself, so its id stays its own and an equal id means the same object.
A result that also reads something outside the part passes it as ``reads``; it is reused only
when that compares equal too.

A mapping or list that aliases share is walked once, at its first path, so what is found in a
part that holds one could depend on the parts walked before it: such parts (and the sections
holding them) are never reused (:func:`_shared_paths`). Aliases of scalars share nothing a walk
remembers, and neither do lists that hold no mapping (every walk finds its findings, fields, items,
nodes and ops in mappings: a list of keywords shared by every card through a ``<<`` merge keeps
nothing from being reused), nor a ``<<`` merge whose mappings and lists the merging mapping overrides.
Results are shared between runs: callers must not change them.

The kept results are those the last :data:`KEPT_RUNS` runs used, so memory stays proportional to
the model being edited (two runs: an older version's analysis may end after a newer one's).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

from ..modelfile.compose import MERGE, holds_mapping

#: Runs whose results are kept: the last one, and the one before it.
KEPT_RUNS = 2

_local = threading.local()
_lock = threading.Lock()
_kept: list[dict] = []  # the results of the last runs, newest first


class _Run:
    __slots__ = ("older", "fresh", "holding", "held")

    def __init__(self, older: list[dict], shared: list[tuple]):
        self.older = older
        self.fresh: dict = {}
        self.holding = {path[:depth] for path in shared for depth in (1, 2)}  # parts holding a shared value
        self.held = {path for path in shared if len(path) <= 2}  # shared sections and entries themselves

    def reusable(self, path: tuple) -> bool:
        """Whether nothing at ``path``, in its entry or in its section is shared through aliases."""
        if not self.holding:  # nothing is shared (``held`` is part of ``holding``): the usual case
            return True
        entry = path[:2]
        return entry not in self.holding and path[:1] not in self.held and entry not in self.held


class Same:
    """A value in ``reads`` that is equal only to itself (a part read whole, compared by identity)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __eq__(self, other) -> bool:
        return isinstance(other, Same) and other.value is self.value

    def __hash__(self) -> int:
        return id(self.value)


class _Unknown(Exception):
    pass


def _at(data, path: tuple):
    value = data
    for step in path:
        if value.__class__ is dict and step in value:
            value = value[step]
        elif value.__class__ is list and step.__class__ is int and 0 <= step < len(value):
            value = value[step]
        else:
            raise _Unknown
    return value


def _shared_paths(loaded) -> list[tuple]:
    """The paths of the values holding mappings that ``loaded``'s aliases and merges put in two
    places (a path that cannot be followed counts as shared, with its alias's)."""
    data, positions = loaded.data, loaded.positions
    shared: list[tuple] = []
    for alias, target in positions.aliases.items():
        if MERGE in alias:
            continue  # a merged mapping's own values: below
        try:
            value = _at(data, target)
        except _Unknown:
            shared += [alias, target]
            continue
        if holds_mapping(value):
            shared += [alias, target]
    for merged_path, sources in positions.merges.items():
        try:
            merged = _at(data, merged_path)
            for source_path in sources:
                source = _at(data, source_path)
                for key, value in source.items() if source.__class__ is dict else ():
                    if merged.get(key) is value and holds_mapping(value):
                        shared += [merged_path + (key,), source_path + (key,)]
                if source.__class__ is not dict:
                    shared += [merged_path, source_path]
        except (_Unknown, AttributeError):
            shared += [merged_path, *sources]
    return shared


@contextmanager
def reusing(loaded):
    """Within this block (in this thread), :func:`remembered` reuses the results of the last runs
    for the parts of ``loaded`` that share nothing; a nested block belongs to the outer one."""
    if getattr(_local, "run", None) is not None or getattr(_local, "suspended", False):
        yield
        return
    shared = _shared_paths(loaded) if loaded.positions.aliases or loaded.positions.merges else []
    with _lock:
        run = _Run(list(_kept), shared)
    _local.run = run
    try:
        yield
    finally:
        _local.run = None
        with _lock:
            _kept[:] = [run.fresh, *_kept][:KEPT_RUNS]


def active() -> bool:
    """Whether results are being reused (inside :func:`reusing`, not :func:`suspended`)."""
    return getattr(_local, "run", None) is not None


def reusable(path: tuple) -> bool:
    """Whether results at ``path`` are reused now (inside :func:`reusing`, and it shares nothing)."""
    run = getattr(_local, "run", None)
    return run is not None and run.reusable(path)


def remembered(what: str, path: tuple, part, make, reads=None):
    """``make()``, or its result kept for ``part`` (the same object) at ``path`` when ``reads`` is equal."""
    if getattr(_local, "run", None) is None:
        return make()
    found = lookup(what, path, part, reads)
    if found is not None:
        return found[0]
    result = make()
    keep(what, path, part, result, reads)
    return result


def lookup(what: str, path: tuple, part, reads=None) -> tuple | None:
    """``(result,)`` kept for ``part`` at ``path`` with equal ``reads`` (kept for the next run too),
    else ``None``; outside :func:`reusing`, always ``None``."""
    run = getattr(_local, "run", None)
    if run is None or run.holding and not run.reusable(path):  # (nothing held: the usual, without a call)
        return None
    key = (what, path, id(part))
    entry = _kept_entry(run, key)
    if entry is None or entry[0] is not part or entry[1] != reads:
        return None
    run.fresh[key] = entry
    return (entry[2],)


def _kept_entry(run, key):
    """What this run or the last ones kept under ``key``, the newest first; ``None`` if nothing."""
    entry = run.fresh.get(key)
    if entry is None:
        for older in run.older:
            entry = older.get(key)
            if entry is not None:
                break
    return entry


def interned(what: str, reads):
    """``reads``, or the equal value the last runs interned for ``what``: read once per run and
    passed to many :func:`remembered` calls, it is then compared with what they kept by identity
    (a read that holds :class:`Same` values or sets is otherwise compared item by item each time)."""
    run = getattr(_local, "run", None)
    if run is None:
        return reads
    key = (_INTERNED, what)
    for older in (run.fresh, *run.older):
        kept = older.get(key)
        if kept is not None and kept == reads:
            reads = kept
            break
    run.fresh[key] = reads
    return reads


_INTERNED = object()


def same(key: tuple, where, make, moved=None):
    """``make()``, or what it made for ``key`` in the last runs when ``where`` was equal then.

    For results that ``key`` and ``where`` determine entirely (a finding by its message, path and
    raw span: :mod:`.kept`), so that an unchanged one is the very object of the last run. When
    ``where`` differs (a line was added above it), ``moved(last)`` makes the result from the last
    one, if given. Outside :func:`reusing`, always ``make()``.
    """
    run = getattr(_local, "run", None)
    if run is None:
        return make()
    fresh = run.fresh
    entry = _kept_entry(run, key)
    if entry is not None and entry[0] == where:
        fresh[key] = entry
        return entry[1]
    made = make() if entry is None or moved is None else moved(entry[1])
    fresh[key] = (where, made)
    return made


def keep(what: str, path: tuple, part, result, reads=None) -> None:
    """Keep ``result`` for ``part`` at ``path`` (inside :func:`reusing`; else nothing)."""
    run = getattr(_local, "run", None)
    if run is not None and run.reusable(path):
        run.fresh[(what, path, id(part))] = (part, reads, result)


@contextmanager
def suspended():
    """Within this block (in this thread) nothing is reused or kept: checks from scratch (for
    tests that compare them with the reused results)."""
    before = getattr(_local, "suspended", False)
    _local.suspended = True
    try:
        yield
    finally:
        _local.suspended = before


def forget_all() -> None:
    """Drop every kept result (for tests that compare with checks from scratch)."""
    with _lock:
        _kept.clear()
