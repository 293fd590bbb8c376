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

CONTAINER_COST = 40
"""Steps of the game's work one list, tuple or dict copied spends, besides one per element."""

_IMMUTABLE = frozenset({int, float, str, bool, type(None), TSet, ModelDict, range})
IMMUTABLE = _IMMUTABLE
"""The classes of values stored as they are: a caller that stores many values may test this first."""
_SHORT = 16


def stored(value, scope, path, place: str | None = None):
    """A copy of ``value`` fit to store; copying spends the game's work (``scope.steps``)."""
    cls = value.__class__
    if cls in _IMMUTABLE or cls is dict and "uid" in value:
        return value
    if cls is list and len(value) <= _SHORT:
        # The usual case (a row, the scores): a short list of numbers or text, copied here.
        for item in value:
            if item.__class__ not in _IMMUTABLE:
                break
        else:
            scope.steps -= CONTAINER_COST + len(value)
            if scope.steps < 0:
                raise out_of_work(place, path)
            return value[:]
    elif not isinstance(value, (list, tuple, dict)):
        return value  # a function or another value no op can change
    return _copy(value, scope, path, place, {}, 0)


def _copy(value, scope, path, place, memo: dict, depth: int):
    """Copy of a list, tuple or dict; ``memo``: the copies made so far, by the original's id."""
    done = memo.get(id(value))
    if done is not None:
        return done
    if depth >= MAX_STORED_DEPTH:
        raise ExprError(f"{place or 'value'}: value nested too deeply to store (more than {MAX_STORED_DEPTH} levels)",
                        path=path)
    scope.steps -= CONTAINER_COST + len(value)
    if scope.steps < 0:
        raise out_of_work(place, path)
    items = value.values() if isinstance(value, dict) else value
    if set(map(type, items)) <= _IMMUTABLE:  # flat: one copy at C speed
        result = value if isinstance(value, tuple) else dict(value) if isinstance(value, dict) else list(value)
    elif isinstance(value, dict):
        result = memo[id(value)] = {}
        for key, item in value.items():
            result[key] = _element(item, scope, path, place, memo, depth)
        return result
    elif isinstance(value, list):
        result = memo[id(value)] = []
        result.extend([_element(item, scope, path, place, memo, depth) for item in value])
        return result
    else:
        result = tuple([_element(item, scope, path, place, memo, depth) for item in value])
    memo[id(value)] = result
    return result


def _element(item, scope, path, place, memo, depth):
    cls = item.__class__
    if cls in _IMMUTABLE or cls is dict and "uid" in item or not isinstance(item, (list, tuple, dict)):
        return item  # immutable, an instance (stored by reference), or a function
    return _copy(item, scope, path, place, memo, depth + 1)
