"""Operations that compiled expressions call where Python's own operators differ from the spec
or could exhaust the machine.

Every function here takes plain values; those that allocate or loop also take the evaluation's
:class:`~tabletwin.expr.scope.Globals` to charge its work budget. The budget is what bounds the
time and memory of one evaluation: every loop step of a comprehension and every element of a
newly built text, list or tuple costs one unit.
"""

from __future__ import annotations

import math
import operator as _operator

from ..dictorder import ordered
from .budget import (ELEMENT_COST, LOOP_COST, MAX_ELEMENTS, NODE_COST, TEXT_ELEMENT, TOUCH_COST, WORK_LIMIT,
                     build, build_text, charge, out_of_room, out_of_work, touch, weight)
from .errors import DictKeyError, TextFormattingError
from .values import TSet, type_name

MAX_LENGTH = 10_000_000
"""Longest text, list or tuple an expression may build."""

SAFE_INTEGER = 2**53
"""Integers beyond this lose precision: every integer result past it becomes a decimal."""

_SEQUENCES = (str, list, tuple)
_SIZED = (list, tuple, dict, str, TSet)

__all__ = ["MAX_ELEMENTS", "WORK_LIMIT", "charge"]


def too_long(length: int) -> MemoryError:
    return MemoryError(f"text or list too long ({length} elements; at most {MAX_LENGTH})")


ABSENT = object()
"""What a name the scope's dict does not hold reads as when the compiled code takes it from the
dict ahead (codegen.Translator.prefetched_read)."""


def missing_local(name: str):
    """A local name the caller declared for this place but did not bind."""
    raise NameError(f"name '{name}' is not defined")


def iterate(G, iterable, units=LOOP_COST + NODE_COST, room=0):
    """The iterable of a comprehension clause, its steps charged to the budget up front.

    ``units``: work of one step (the nodes it evaluates); ``room``: elements one step may add
    to the comprehension's result (0 for a generator or an outer clause).
    """
    cls = iterable.__class__
    if cls is list or cls is tuple or isinstance(iterable, _SIZED):
        count = len(iterable)
        if room:
            G.room -= count * room
            if G.room < 0:
                raise out_of_room()
        G.steps -= count * units
        if G.steps < 0:
            raise out_of_work()
        return iterable
    return _counted(G, iter(iterable), units, room)


def _counted(G, iterator, units=1, room=0):
    for item in iterator:
        G.steps -= units
        if G.steps < 0:
            raise out_of_work()
        if room:
            G.room -= room
            if G.room < 0:
                raise out_of_room()
        yield item


def counted(G, iterator):
    """A lazy iterator (``zip``, ``enumerate``) whose every step is charged to the budget."""
    return _counted(G, iterator, LOOP_COST + 3 * NODE_COST)  # a Python generator step and a tuple


def big_integer(value):
    """An integer result past 2**53 becomes the nearest decimal (expressions.md §10)."""
    if value.__class__ is int and not -SAFE_INTEGER <= value <= SAFE_INTEGER:
        return _as_decimal(value)
    return value


def add(G, a, b):
    if a.__class__ is str and b.__class__ is str:  # the usual join, build_text() inline
        length = len(a) + len(b)
        if length <= MAX_LENGTH:
            elements = length // TEXT_ELEMENT + 1
            G.room -= elements
            if G.room < 0:
                raise out_of_room()
            G.steps -= elements * ELEMENT_COST
            if G.steps < 0:
                raise out_of_work()
            return a + b
    if isinstance(a, _SEQUENCES) and isinstance(b, _SEQUENCES):
        length = len(a) + len(b)
        if length > MAX_LENGTH:
            raise too_long(length)
        if a.__class__ is str:
            build_text(G, length)
        else:
            build(G, length)
        return a + b
    return big_integer(a + b)


def subtract(a, b):
    return big_integer(a - b)


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
    if sequence.__class__ is str:
        build_text(G, length)
    else:
        build(G, length)
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
    if _PLAIN_KEYS.issuperset(mapping):  # keys seen before, in one look-up each, in C
        return mapping
    if not _TEXT.issuperset(map(type, mapping)):  # the kinds of the keys, found in C
        for key in mapping:
            if key.__class__ is not str:
                raise DictKeyError(type_name(key))
    # Only a key made of digits can be an index key, which ordered() may move to the front.
    if any(map(str.isdigit, mapping)):
        if len(mapping) < SMALL_DICT:
            keys = tuple(mapping)
            if keys in _ORDERED_KEYS:
                return mapping
            if _indexes_in_order(mapping):
                if len(_ORDERED_KEYS) >= ORDERED_KEYS_KEPT:
                    _ORDERED_KEYS.clear()
                if sum(map(len, keys)) < PLAIN_KEY_LENGTH:
                    _ORDERED_KEYS.add(keys)
                return mapping
        return ordered(mapping)
    if len(_PLAIN_KEYS) + len(mapping) > PLAIN_KEYS_KEPT:
        _PLAIN_KEYS.clear()
    _PLAIN_KEYS.update(key for key in mapping if len(key) < PLAIN_KEY_LENGTH)
    return mapping


PLAIN_KEYS_KEPT = 10_000
"""Texts kept as known plain keys (no index key: ordered() would keep them in place); the
set starts afresh when full. Keys are the few names a model's values use, again and again."""

PLAIN_KEY_LENGTH = 64
"""Only keys shorter than this are kept, so the set holds at most about 640,000 characters."""

_PLAIN_KEYS: set[str] = set()

ORDERED_KEYS_KEPT = 1_000
"""Key sequences kept as known to be index keys in ascending order (``('0', '1')`` of
``{str(p): ... for p in players}``), each shorter than PLAIN_KEY_LENGTH characters in all;
the set starts afresh when full."""

_ORDERED_KEYS: set[tuple] = set()


SMALL_DICT = 16
"""Dicts shorter than this whose keys may be index keys are first checked for being in order
already (``{str(p): ... for p in players}``), a quicker walk than ordered()'s."""


def _indexes_in_order(mapping: dict) -> bool:
    """Whether every key is an index key below 10**9 and they ascend: ordered() keeps such a
    dict as it is."""
    previous = -1
    for key in mapping:
        if not (key.isdigit() and len(key) < 10 and key.isascii()) or (key[0] == "0" and len(key) > 1):
            return False
        number = int(key)
        if number <= previous:
            return False
        previous = number
    return True


_TEXT = frozenset({str})


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


def merged(G, mapping):
    """A dict spread into a dict literal (``{**d, ...}``): its entries are copied."""
    if isinstance(mapping, dict):
        build(G, len(mapping))
    return mapping


def get_item(container, index):
    """Strict subscript: integral decimals index lists, non-text keys are simply missing."""
    if isinstance(container, dict):
        if index.__class__ is not str:
            raise KeyError(index)
        return container[index]
    return container[_as_index(index)]


def get_slice(G, container, lower, upper, step):
    """A slice is a copy: its elements are charged (once made: a slice is never longer than a
    value that already exists, so one slice can overshoot the allowance by at most that)."""
    return charge_copy(G, container[slice(_as_bound(lower), _as_bound(upper), _as_bound(step))])


def charge_copy(G, part):
    """Charge a slice just made (text by its characters, a list or tuple by its elements)."""
    if part.__class__ is str:
        build_text(G, len(part))
    else:
        build(G, len(part))
    return part


def _as_index(index):
    if index.__class__ is float:
        if index.is_integer():
            return int(index)
        raise TypeError(f"indices must be integers, not {index!r}")
    return index


def _as_bound(value):
    return None if value is None else _as_index(value)


def search_cost(G, item, container) -> None:
    """Charge looking for ``item`` in ``container`` (``in``, ``.count``, ``.index``)."""
    cls = container.__class__
    if cls is str:
        charge(G, len(container) // 32 + 1)
    elif cls is dict or cls is TSet or isinstance(container, (dict, TSet)):
        if item.__class__ is tuple:
            touch(G, item)  # hashing a tuple walks it
    elif isinstance(container, (list, tuple)):
        if item.__class__ in _CHEAP:
            # Each element is compared with a number or text: one step each, however deep it is.
            charge(G, TOUCH_COST * len(container))
        else:
            touch(G, container)
            if len(container):
                charge(G, len(container) * TOUCH_COST * weight(item, G.steps // len(container) + 1))


_CHEAP = frozenset({int, float, bool, type(None), str})


def contains(G, item, container) -> bool:
    """Strict ``in``: a non-text key is never in a dict (instead of an unhashable error)."""
    search_cost(G, item, container)
    if isinstance(container, dict):
        return item.__class__ is str and item in container
    return item in container


def not_contains(G, item, container) -> bool:
    return not contains(G, item, container)


def fast_contains(G, item, container) -> bool:
    """``in`` for the fast code: Python's own, after charging its cost."""
    search_cost(G, item, container)
    return item in container


def fast_not_contains(G, item, container) -> bool:
    search_cost(G, item, container)
    return item not in container


def compare_cost(G, a, b) -> None:
    """Charge a comparison: ``==`` and ordering walk both values as far as they agree."""
    cap = G.steps // COMPARE_COST + 1
    if _length(a) > _length(b):
        a, b = b, a
    first = weight(a, cap)  # the smaller side first: the other is only sized up to it
    charge(G, COMPARE_COST * min(first, weight(b, first)))


def _length(value) -> int:
    return len(value) if isinstance(value, _SIZED) else 0


COMPARE_COST = 2 * TOUCH_COST
"""A comparison reads two elements for each step it takes."""


def _compare(operator):
    def compare(G, a, b):
        compare_cost(G, a, b)
        return operator(a, b)

    return compare


COMPARISONS = {name: _compare(function) for name, function in (
    ("Eq", _operator.eq), ("NotEq", _operator.ne), ("Lt", _operator.lt), ("LtE", _operator.le),
    ("Gt", _operator.gt), ("GtE", _operator.ge))}

CHEAP_COMPARISON = frozenset({int, float, bool, type(None)})
"""Classes whose comparison with anything is one operation (the fast code compares them inline)."""

_PAIRS = {**COMPARISONS, "In": contains, "NotIn": not_contains,
          "Is": lambda G, a, b: a is b, "IsNot": lambda G, a, b: a is not b}


def chain(G, operators: tuple, first, *rest):
    """A comparison chain inside a comprehension's iterable: ``rest`` are thunks, evaluated
    only while the chain holds (Python's own short-circuit)."""
    left = first
    for name, thunk in zip(operators, rest):
        right = thunk()
        if not _PAIRS[name](G, left, right):
            return False
        left = right
    return True


def _no_method(value, name: str) -> AttributeError:
    return AttributeError(f"'{type_name(value)}' object has no attribute '{name}'")


def get(G, value, key, default=None, /):
    if not isinstance(value, dict):
        raise _no_method(value, "get")
    if key.__class__ is not str:
        return default
    return value.get(key, default)


def items(G, value, /):
    if not isinstance(value, dict):
        raise _no_method(value, "items")
    build(G, 3 * len(value))  # a slot and a pair for each entry
    return list(value.items())


def keys(G, value, /):
    if not isinstance(value, dict):
        raise _no_method(value, "keys")
    build(G, len(value))
    return list(value)


def values(G, value, /):
    if not isinstance(value, dict):
        raise _no_method(value, "values")
    build(G, len(value))
    return list(value.values())


def count(G, value, item, /):
    if not isinstance(value, _SEQUENCES):
        raise _no_method(value, "count")
    search_cost(G, item, value)
    return value.count(item)


def index(G, value, item, /):
    if not isinstance(value, _SEQUENCES):
        raise _no_method(value, "index")
    search_cost(G, item, value)
    return value.index(item)


METHOD_FUNCTIONS = {"get": get, "items": items, "keys": keys, "values": values, "count": count,
                    "index": index}


def method_value(G, value, name: str):
    """``d.get`` used as a value (``max(L, key=d.get)``): a function bound to ``d``."""
    method = METHOD_FUNCTIONS[name]
    allowed = dict if name in ("get", "items", "keys", "values") else _SEQUENCES
    if not isinstance(value, allowed):
        raise _no_method(value, name)
    def bound(*args):
        return method(G, value, *args)

    bound.__name__ = bound.__qualname__ = name
    return bound
