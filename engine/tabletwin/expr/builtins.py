"""The built-in functions of the language (expressions.md §4), and nothing else.

Python's own functions do the work where their behaviour is the spec's (``len``, ``min``,
``sorted``, ...); the rest are written here. Every builtin whose work or result grows with its
arguments charges the evaluation's budget for it first (:mod:`~tabletwin.expr.budget`), so
those are bound to the evaluation's scope (:func:`bound_builtins`).
"""

from __future__ import annotations

import builtins as py
import math
from functools import partial
from itertools import islice

from ..dictorder import ordered
from .budget import (ELEMENT_COST, PRINT_COST, TEXT_ELEMENT, TOUCH_COST, build, build_text, charge, out_of_room,
                     out_of_work, touch, weight)
from .errors import DictKeyError
from .runtime import MAX_LENGTH, SAFE_INTEGER, big_integer, counted, iterate, too_long
from .values import MAX_TEXT, TSet, str_text, to_text, type_name

MAX_RANGE = 10_000_000
"""Longest list ``range()`` may build."""


def _integer(value, what: str) -> int:
    if value.__class__ is int or value.__class__ is bool:
        return int(value)
    if value.__class__ is float and value.is_integer():
        return int(value)
    raise TypeError(f"{what} needs an integer, not {to_text(value) if value.__class__ is float else type_name(value)}")


def _range(G, *args):
    if len(args) == 1 and args[0].__class__ is int and 0 <= args[0] <= MAX_RANGE:
        count = args[0]  # build() inline
        G.room -= count
        if G.room < 0:
            raise out_of_room()
        G.steps -= count * ELEMENT_COST
        if G.steps < 0:
            raise out_of_work()
        return list(range(count))
    if not 1 <= len(args) <= 3:
        raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
    numbers = [_integer(a, "range()") for a in args]
    span = range(*numbers)
    if len(span) > MAX_RANGE:
        raise ValueError("range too large")
    build(G, len(span))
    return list(span)


def iterate_range(G, units, room, function, *args):
    """``for i in range(n)`` in a comprehension: when ``range`` is the builtin and ``n`` a
    plain count, Python's own range, charged as ``range(n)`` charges the list it makes and as
    runtime.iterate() charges the steps; otherwise the call and iterate() as they are."""
    if (len(args) == 1 and function.__class__ is partial and function.func is _range
            and args[0].__class__ is int and 0 <= args[0] <= MAX_RANGE):
        count = args[0]
        build(G, count)
        if room:
            G.room -= count * room
            if G.room < 0:
                raise out_of_room()
        G.steps -= count * units
        if G.steps < 0:
            raise out_of_work()
        return py.range(count)
    return iterate(G, function(*args), units, room)


_SIZED = (list, tuple, dict, str, TSet)


def _materialized(G, iterable) -> list | tuple:
    """The elements of ``iterable`` as a sequence, each new element charged as it comes."""
    if iterable.__class__ is list or iterable.__class__ is tuple:
        return iterable
    if isinstance(iterable, _SIZED):
        build(G, len(iterable))
        return py.list(iterable)
    return py.list(_held(G, py.iter(iterable)))


def _held(G, iterator):
    for item in iterator:
        G.room -= 1
        G.steps -= _HELD_COST
        if G.room < 0 or G.steps < 0:
            build(G, 0)  # raises the error of whichever ran out
        yield item


_HELD_COST = 4
"""Units for taking one element from an iterator in Python and keeping it."""


def _copy(G, iterable, kind):
    if isinstance(iterable, _SIZED):
        build(G, len(iterable))
        return kind(iterable)
    return kind(_held(G, py.iter(iterable)))


def _list(G, iterable=(), /):
    return _copy(G, iterable, py.list)


def _tuple(G, iterable=(), /):
    return _copy(G, iterable, py.tuple)


def _set(G, iterable=(), /):
    items = _materialized(G, iterable)
    touch(G, items)  # hashing walks tuples,
    touch(G, items)  # and each insertion probes the table
    build(G, len(items))
    return TSet(items)


def _sorted(G, iterable, /, *, key=None, reverse=False):
    items = _materialized(G, iterable)
    build(G, len(items))
    # About n log n comparisons: of the keys (which the key function's own work pays for
    # making), or of the elements, each as deep as they are.
    size = len(items) if key is not None else weight(items, G.steps)
    charge(G, size * py.max(1, len(items).bit_length()))
    return py.sorted(items, key=key, reverse=reverse)


def _extreme(function):
    def extreme(G, *args, **options):
        if not options and args:
            # max(row) or max(0.1, x) of numbers, the usual cases (Python's max of several
            # arguments is its max of their tuple): touch() inline, charged as a flat list
            # (its least weight) before Python's own max runs. That max compares each element
            # with a number, one step each, and fails at once on anything but a number; so
            # when it succeeds the list was flat and the charge is touch()'s, and when it
            # fails the charge is given back and the list weighed below.
            items = args[0] if len(args) == 1 else args
            cls = items.__class__
            if (cls is list or cls is tuple) and items and items[0].__class__ in _NUMBERS:
                units = TOUCH_COST * (len(items) + 1)
                if units <= G.steps:
                    G.steps -= units
                    try:
                        return function(items)
                    except TypeError:
                        G.steps += units
        if len(args) == 1:
            items = args[0]
            if items.__class__ is not list and items.__class__ is not tuple:
                items = _materialized(G, items)
        else:
            items = args
        if "key" in options:
            charge(G, TOUCH_COST * len(items))  # compares keys, made by the key function
        else:
            touch(G, items)
        if not options:
            return function(items) if len(args) == 1 else function(*args)
        return function(items, **options) if len(args) == 1 else function(*args, **options)

    return extreme


def _truth(function):
    def truth(G, iterable, /):
        if iterable.__class__ is _GENERATOR:  # the usual case: its clauses charge its steps
            return function(iterable)
        if isinstance(iterable, _SIZED):
            charge(G, TOUCH_COST * len(iterable))
        return function(iterable)

    return truth


def _enumerate(G, iterable, start=0):
    return counted(G, py.enumerate(iterable, _integer(start, "enumerate()")))


def _zip(G, *iterables):
    return counted(G, py.zip(*iterables))


def _sum(G, iterable, /, start=0):
    """Sum with compensation for decimals, the way Python 3.12 does it (Neumaier).

    A generator is summed a chunk at a time: never held whole in memory.
    """
    cls = iterable.__class__
    if start.__class__ is int:  # the usual cases first, with nothing to check on the start
        if cls is list or cls is tuple:
            G.steps -= len(iterable)
            if G.steps < 0:
                raise out_of_work()
            chunk, rest = iterable, None
        elif cls is _GENERATOR:  # its steps are charged by its own clauses
            chunk = py.list(islice(iterable, _CHUNK))
            rest = iterable if len(chunk) == _CHUNK else None
        else:
            return _sum_any(G, iterable, start)
        if rest is None:
            total = py.sum(chunk, start)
            if total.__class__ is int:
                return total if -SAFE_INTEGER <= total <= SAFE_INTEGER else big_integer(total)
            if total.__class__ is not float:
                return big_integer(total)
        return _compensated(start, chunk, rest)  # decimals came in: summed again, compensated
    return _sum_any(G, iterable, start)


def _sum_any(G, iterable, start):
    if isinstance(start, str):
        raise TypeError("sum() can't sum text; use str() and +")
    if isinstance(start, (list, tuple)):
        return _sum_sequences(G, iterable, start)
    if isinstance(iterable, (list, tuple)):
        charge(G, len(iterable))
        chunk, rest = iterable, None
    else:
        rest = py.iter(iterable)
        chunk = py.list(islice(rest, _CHUNK))
        if len(chunk) < _CHUNK:
            rest = None
    if rest is None:  # all in one piece: the usual case
        total = py.sum(chunk, start)
        if total.__class__ is not float:
            return big_integer(total)
    return _compensated(start, chunk, rest)


def _compensated(start, chunk, rest):
    """The sum of ``chunk`` and then of the chunks left in ``rest`` (an iterator or None)."""
    total = _Total(start)
    total.add(chunk)
    if rest is not None:
        for chunk in _chunks(rest):
            total.add(chunk)
    return total.result()


_GENERATOR = py.type(_ for _ in ())

SUM_CHUNK = _CHUNK = 4096
"""Elements of a generator summed at once (in C when they are integers)."""


def summed(chunk: list):
    """What ``sum()`` gives for a generator whose elements are all in ``chunk``, at most
    :data:`SUM_CHUNK` of them (translate_calls.summed_generator makes the list instead)."""
    total = py.sum(chunk, 0)
    if total.__class__ is int:
        return total if -SAFE_INTEGER <= total <= SAFE_INTEGER else big_integer(total)
    if total.__class__ is not float:
        return big_integer(total)
    return _compensated(0, chunk, None)


def _chunks(iterator):
    while True:
        chunk = py.list(islice(iterator, _CHUNK))
        if not chunk:
            return
        yield chunk


class _Total:
    """A running sum: exact in C while it is integers, compensated once decimals come in."""

    __slots__ = ("total", "compensation", "decimal")

    def __init__(self, start):
        self.total = start
        self.compensation = 0.0
        self.decimal = start.__class__ is float

    def add(self, chunk) -> None:
        if not self.decimal:
            total = py.sum(chunk, self.total)
            if total.__class__ is not float:
                self.total = total
                return
        total, compensation, decimal = self.total, self.compensation, self.decimal
        for item in chunk:
            cls = item.__class__
            if cls is float or (decimal and (cls is int or cls is bool)):
                if not decimal:
                    total = float(total)
                    decimal = True
                item = float(item)
                step = total + item
                if abs(total) >= abs(item):
                    compensation += (total - step) + item
                else:
                    compensation += (item - step) + total
                total = step
            elif not decimal and (cls is int or cls is bool):
                total += item
            else:
                if decimal:
                    total, compensation, decimal = total + compensation, 0.0, False
                total = total + item
        self.total, self.compensation, self.decimal = total, compensation, decimal

    def result(self):
        total = self.total
        if self.decimal and self.compensation and math.isfinite(self.compensation):
            total += self.compensation
        return big_integer(total)


def _sum_sequences(G, iterable, start):
    result = list(start)
    if isinstance(iterable, (list, tuple)):
        # The length limit is the first thing to say about a result too long for it.
        length = len(start) + py.sum(len(item) for item in iterable if isinstance(item, (list, tuple)))
        if length > MAX_LENGTH:
            raise too_long(length)
    for item in iterable:
        if not isinstance(item, type(start)):
            raise TypeError(f'can only concatenate {type_name(start)} (not "{type_name(item)}") to {type_name(start)}')
        if len(result) + len(item) > MAX_LENGTH:
            raise too_long(len(result) + len(item))
        build(G, len(item))
        result.extend(item)
    return result if isinstance(start, list) else tuple(result)


def _round(number, ndigits=None):
    if ndigits is None:
        return big_integer(py.round(number))
    places = _integer(ndigits, "round()")
    if places < 0 and (number.__class__ is int or number.__class__ is bool):
        # Python computes 10**-places first: with a huge -places that alone runs for minutes.
        # Past the number's own digits (fewer than bits/3 + 1) the answer is 0 anyway.
        if -places > number.bit_length() // 3 + 2:
            return 0
    return big_integer(py.round(number, places))


_NO_SOURCE = object()


def _dict(G, source=_NO_SOURCE, /, **pairs):
    result: dict = {}
    build(G, len(pairs))
    if source is not _NO_SOURCE:
        if isinstance(source, dict):
            build(G, len(source))
            result.update(source)
        else:
            for entry in _held(G, py.iter(source)):
                key, value = entry
                if key.__class__ is not str:
                    raise DictKeyError(type_name(key))
                result[key] = value
    result.update(pairs)
    return ordered(result)


def _int(value=0, base=None, /):
    try:
        if base is None:
            return big_integer(py.int(value))
        return big_integer(py.int(value, _integer(base, "int()")))
    except ValueError as error:
        if str(error).startswith("Exceeds the limit"):  # Python's limit on digits, in our words
            raise ValueError(f"int() of text with more than {_DIGITS} digits") from None
        raise


_DIGITS = 4300
"""Python reads at most this many digits into an integer (sys.get_int_max_str_digits())."""


def _float(G, value=0, /):
    if value.__class__ is str:
        charge(G, len(value) // 32)
    return py.float(value)


def _str(G, value="", /):
    cls = value.__class__
    if cls is int and -SAFE_INTEGER <= value <= SAFE_INTEGER:
        # The usual case, written by Python itself; charged as below, in the same order.
        text = py.repr(value)
        G.steps -= PRINT_COST
        if G.steps < 0:
            raise out_of_work()
        elements = len(text) // TEXT_ELEMENT + 1
        G.room -= elements
        if G.room < 0:
            raise out_of_room()
        G.steps -= elements * ELEMENT_COST
        if G.steps < 0:
            raise out_of_work()
        return text
    if (cls is list or cls is tuple) and 0 < len(value) < _SHORT_LIST and _INTEGERS.issuperset(map(type, value)):
        # A short list of integers (``str(score)``): flat, so its weight is its length + 1.
        G.steps -= PRINT_COST * (len(value) + 1)
        if G.steps < 0:
            raise out_of_work()
        if -SAFE_INTEGER <= py.min(value) and py.max(value) <= SAFE_INTEGER:
            text = py.repr(value)  # as _integers_text() writes it (never near MAX_TEXT here)
            elements = len(text) // TEXT_ELEMENT + 1  # build_text() inline
            G.room -= elements
            if G.room < 0:
                raise out_of_room()
            G.steps -= elements * ELEMENT_COST
            if G.steps < 0:
                raise out_of_work()
            return text
    elif cls is not str:
        # Every element writes at least two characters: str_text stops at MAX_TEXT // 2 of them.
        charge(G, PRINT_COST * py.min(weight(value, MAX_TEXT // 2), MAX_TEXT // 2))
    text = _integers_text(value) if cls is list or cls is tuple else None
    if text is None:
        text = str_text(value)
    build_text(G, len(text))
    return text


_INTEGERS = frozenset({int, bool})
_NUMBERS = frozenset({int, float, bool})

_SHORT_LIST = 1000
"""Lists shorter than this are checked for being all integers before they are charged: the
check costs less than the charge does."""


def _integers_text(value) -> str | None:
    """A list or tuple of exact integers written by Python (as the language writes it), else None."""
    if not value or not _INTEGERS.issuperset(map(type, value)):
        return None
    if not (-SAFE_INTEGER <= py.min(value) and py.max(value) <= SAFE_INTEGER):
        return None  # past 2**53 an integer is written as the decimal it stands for
    text = py.repr(value)
    return text if len(text) <= MAX_TEXT else None


def sigmoid(x, /):
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    z = math.exp(x)
    return z / (1 + z)


def _exp(x, /):
    try:
        return math.exp(x)
    except OverflowError:
        raise OverflowError("number too large") from None


def _sqrt(x, /):
    return math.sqrt(x)


def _log(x, base=None, /):
    return math.log(x) if base is None else math.log(x, base)


def _named(function, name: str):
    function.__name__ = function.__qualname__ = name
    return function


PLAIN_BUILTINS = {
    "len": py.len,
    "abs": _named(lambda x, /: big_integer(py.abs(x)), "abs"),
    "round": _named(_round, "round"),
    "int": _named(_int, "int"),
    "bool": _named(lambda value=False, /: py.bool(value), "bool"),
    "sigmoid": sigmoid,
    "σ": sigmoid,
    "exp": _named(_exp, "exp"),
    "sqrt": _named(_sqrt, "sqrt"),
    "log": _named(_log, "log"),
}

CHARGING_BUILTINS = {
    "range": _range,
    "sum": _sum,
    "any": _truth(py.any),
    "all": _truth(py.all),
    "min": _extreme(py.min),
    "max": _extreme(py.max),
    "sorted": _sorted,
    "list": _list,
    "tuple": _tuple,
    "set": _set,
    "dict": _dict,
    "enumerate": _enumerate,
    "zip": _zip,
    "float": _float,
    "str": _str,
}
"""Builtins whose work grows with their arguments: each charges the evaluation's budget."""

BUILTIN_NAMES = frozenset(PLAIN_BUILTINS) | frozenset(CHARGING_BUILTINS)


def _bound(name: str, function, globals_):
    bound = partial(function, globals_)
    bound.__name__ = name
    return bound


def bound_builtins(globals_) -> dict:
    """All builtins, those in :data:`CHARGING_BUILTINS` charging ``globals_``'s budget."""
    table = dict(PLAIN_BUILTINS)
    for name, function in CHARGING_BUILTINS.items():
        table[name] = _bound(name, function, globals_)
    return table
