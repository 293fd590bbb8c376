"""Storing a value: a copy, so that a variable, zone or attribute holds a value, never a view.

An expression gives the very objects it reads: ``L`` is the constant's list, ``pile`` the zone
itself, ``eliminated`` the engine's own list, ``v`` the list variable ``v`` holds. Ops change
lists and dicts in place (``set var: "v[i]"``, ``set of_x: c, attr: a``, ``place``). Stored as
they are, a later change through one name would show under another: the constant, the zone or
a snapshot would change with the variable (reference §3: constants never change; a variable
holds a value). So every op that stores a value stores a copy, and only an op on a name changes
what that name holds.

Not copied: numbers, text and the other immutable values; model data (read-only, changing it is
an error); and instances (dicts with a ``uid``, reference §7), which are things with their own
state: a variable may hold one, and a change of its attribute shows wherever it lies. A value
that holds the same list twice holds the same copy twice (its copy is as large as the value).

Local names (``let``, ``bind``, ``as``) are not stores: they name what an expression gave for
the rest of an effect, as in an expression.
"""

from __future__ import annotations

from ..errors import ExprError
from ..expr import TSet
from ..model.data import ModelDict
from .work import out_of_work

MAX_STORED_DEPTH = 100
"""Lists and dicts nested in one stored value; deeper nesting is an error, not a crash."""

_IMMUTABLE = frozenset({int, float, str, bool, type(None), TSet, ModelDict, range})


def stored(value, scope, path, place: str | None = None):
    """A copy of ``value`` fit to store; each element copied spends a step of the game's work."""
    cls = value.__class__
    if cls in _IMMUTABLE or cls is dict and "uid" in value:
        return value
    return _Copier(scope, path, place).copy(value, 0)


class _Copier:
    __slots__ = ("scope", "path", "place", "memo")

    def __init__(self, scope, path, place):
        self.scope = scope
        self.path = path
        self.place = place
        self.memo: dict[int, object] = {}

    def copy(self, value, depth: int):
        cls = value.__class__
        if cls in _IMMUTABLE:
            return value
        if isinstance(value, dict) and "uid" in value:
            return value  # an instance: stored by reference
        if not isinstance(value, (list, tuple, dict)):
            return value  # a function or another value no op can change
        done = self.memo.get(id(value))
        if done is not None:
            return done
        if depth >= MAX_STORED_DEPTH:
            where = self.place or "value"
            raise ExprError(f"{where}: value nested too deeply to store (more than {MAX_STORED_DEPTH} levels)",
                            path=self.path)
        scope = self.scope
        scope.work -= len(value)
        if scope.work < 0:
            raise out_of_work(self.place, self.path)
        depth += 1
        if isinstance(value, dict):
            result = self.memo[id(value)] = {}
            for key, item in value.items():
                result[key] = self.copy(item, depth)
            return result
        if isinstance(value, list):
            result = self.memo[id(value)] = []
            result.extend(self.copy(item, depth) for item in value)
            return result
        result = tuple(self.copy(item, depth) for item in value)
        self.memo[id(value)] = result
        return result
