"""Operations that compiled expressions call where Python's own operators differ from the spec
or could exhaust the machine.

Every function here takes plain values; those that allocate or loop also take the evaluation's
:class:`~tabletwin.expr.scope.Globals` to charge its work budget. The budget is what bounds the
time and memory of one evaluation: every loop step of a comprehension and every element of a
newly built text, list or tuple costs one unit.
"""

from __future__ import annotations

import math

from ..dictorder import ordered
from .errors import DictKeyError, TextFormattingError
from .values import TSet, type_name

MAX_LENGTH = 10_000_000
"""Longest text, list or tuple an expression may build."""

WORK_LIMIT = 50_000_000
"""Loop steps plus built elements allowed in one evaluation (a few seconds of work)."""

SAFE_INTEGER = 2**53
"""Integers beyond this lose precision: products and powers become decimals there."""

_SEQUENCES = (str, list, tuple)
_SIZED = (list, tuple, dict, str, TSet)


def too_long(length: int) -> MemoryError:
    return MemoryError(f"text or list too long ({length} elements; at most {MAX_LENGTH})")


def charge(G, units: int) -> None:
    """Spend ``units`` of the evaluation's work budget."""
    G.steps -= units
    if G.steps < 0:
        raise TimeoutError(f"expression runs too long (more than {WORK_LIMIT} steps)")


def missing_local(name: str):
    """A local name the caller declared for this place but did not bind."""
    raise NameError(f"name '{name}' is not defined")


def iterate(G, iterable):
    """The iterable of a comprehension clause, with its steps charged to the budget."""
    cls = iterable.__class__
    if cls is list or cls is tuple or isinstance(iterable, _SIZED):
        G.steps -= len(iterable)
        if G.steps < 0:
            charge(G, 0)
        return iterable
    return _counted(G, iter(iterable))


def _counted(G, iterator):
    for item in iterator:
        G.steps -= 1
        if G.steps < 0:
            charge(G, 0)
        yield item


def add(G, a, b):
    result = plus(a, b)
    if isinstance(result, _SEQUENCES):
        charge(G, len(result))
    return result


def plus(a, b):
    """``a + b`` with the language's length limit (the ``add`` op uses it outside expressions)."""
    result = a + b
    if isinstance(result, _SEQUENCES) and len(result) > MAX_LENGTH:
        raise too_long(len(result))
    return result


def mul(G, a, b):
    if isinstance(a, _SEQUENCES):
        return _repeat(G, a, b)
    if isinstance(b, _SEQUENCES):
        return _repeat(G, b, a)
    result = a * b
    if result.__class__ is int and not -SAFE_INTEGER <= result <= SAFE_INTEGER:
        return _as_decimal(result)
    return result


def _repeat(G, sequence, times):
    if times.__class__ is float and times.is_integer():
        times = int(times)
    if not (times.__class__ is int or times.__class__ is bool):
        raise TypeError(f"can't multiply sequence by non-int of type '{type_name(times)}'")
    length = len(sequence) * max(times, 0)
    if length > MAX_LENGTH:
        raise too_long(length)
    charge(G, length)
    return sequence * times


def _as_decimal(value: int) -> float:
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def power(a, b):
    if (a.__class__ is int or a.__class__ is bool) and (b.__class__ is int or b.__class__ is bool) and b >= 0:
        if abs(a) <= 1 or b * abs(a).bit_length() <= 64:
            result = a**b
            if -SAFE_INTEGER <= result <= SAFE_INTEGER:
                return result
            return float(result)
        a = float(a)
    try:
        result = a**b
    except OverflowError:
        raise OverflowError("number too large") from None
    if result.__class__ is complex:
        return math.nan
    if result.__class__ is int and not -SAFE_INTEGER <= result <= SAFE_INTEGER:
        return _as_decimal(result)
    return result


def modulo(a, b):
    if isinstance(a, str):
        raise TextFormattingError()
    return a % b


def make_dict(mapping: dict) -> dict:
    """A dict built by a literal or comprehension: text keys only, the language's key order."""
    for key in mapping:
        if key.__class__ is not str:
            raise DictKeyError(type_name(key))
    return ordered(mapping)


def dict_from_parts(parts: list) -> dict:
    """Strict twin of a dict literal: ``(True, key, value)`` entries and ``(False, d, None)`` merges.

    Unlike Python's own literal it names a non-text key instead of failing on hashing it.
    """
    result: dict = {}
    for is_entry, first, second in parts:
        if is_entry:
            if first.__class__ is not str:
                raise DictKeyError(type_name(first))
            result[first] = second
        else:
            if not isinstance(first, dict):
                raise TypeError(f"'{type_name(first)}' object is not a mapping")
            result.update(first)
    return ordered(result)


def dict_from_pairs(pairs: list) -> dict:
    result: dict = {}
    for key, value in pairs:
        if key.__class__ is not str:
            raise DictKeyError(type_name(key))
        result[key] = value
    return ordered(result)


def make_set(items) -> TSet:
    return TSet(items)


def get_item(container, index):
    """Strict subscript: integral decimals index lists, non-text keys are simply missing."""
    if isinstance(container, dict):
        if index.__class__ is not str:
            raise KeyError(index)
        return container[index]
    return container[_as_index(index)]


def get_slice(container, lower, upper, step):
    return container[slice(_as_bound(lower), _as_bound(upper), _as_bound(step))]


def _as_index(index):
    if index.__class__ is float:
        if index.is_integer():
            return int(index)
        raise TypeError(f"indices must be integers, not {index!r}")
    return index


def _as_bound(value):
    return None if value is None else _as_index(value)


def contains(item, container) -> bool:
    """Strict ``in``: a non-text key is never in a dict (instead of an unhashable error)."""
    if isinstance(container, dict):
        return item.__class__ is str and item in container
    return item in container


def not_contains(item, container) -> bool:
    return not contains(item, container)


def _no_method(value, name: str) -> AttributeError:
    return AttributeError(f"'{type_name(value)}' object has no attribute '{name}'")


def get(value, key, default=None, /):
    if not isinstance(value, dict):
        raise _no_method(value, "get")
    if key.__class__ is not str:
        return default
    return value.get(key, default)


def items(value, /):
    if not isinstance(value, dict):
        raise _no_method(value, "items")
    return list(value.items())


def keys(value, /):
    if not isinstance(value, dict):
        raise _no_method(value, "keys")
    return list(value)


def values(value, /):
    if not isinstance(value, dict):
        raise _no_method(value, "values")
    return list(value.values())


def count(value, item, /):
    if not isinstance(value, _SEQUENCES):
        raise _no_method(value, "count")
    return value.count(item)


def index(value, item, /):
    if not isinstance(value, _SEQUENCES):
        raise _no_method(value, "index")
    return value.index(item)


METHOD_FUNCTIONS = {"get": get, "items": items, "keys": keys, "values": values, "count": count,
                    "index": index}


def method_value(value, name: str):
    """``d.get`` used as a value (``max(L, key=d.get)``): a function bound to ``d``."""
    method = METHOD_FUNCTIONS[name]
    allowed = dict if name in ("get", "items", "keys", "values") else _SEQUENCES
    if not isinstance(value, allowed):
        raise _no_method(value, name)
    def bound(*args):
        return method(value, *args)

    bound.__name__ = bound.__qualname__ = name
    return bound
