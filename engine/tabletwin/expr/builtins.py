"""The built-in functions of the language (expressions.md §4), and nothing else.

Python's own functions are used where their behaviour is the spec's (``len``, ``min``,
``sorted``, ...); the rest are written here. ``range`` and ``sum`` build or loop without bound,
so they charge the evaluation's work budget and are bound to its scope (:func:`bound_builtins`).
"""

from __future__ import annotations

import builtins as py
import math
from functools import partial

from ..dictorder import ordered
from .errors import DictKeyError
from .runtime import MAX_LENGTH, charge, too_long
from .values import TSet, to_text, type_name

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
        G.steps -= args[0]
        if G.steps < 0:
            charge(G, 0)
        return list(range(args[0]))
    if not 1 <= len(args) <= 3:
        raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
    numbers = [_integer(a, "range()") for a in args]
    span = range(*numbers)
    if len(span) > MAX_RANGE:
        raise ValueError("range too large")
    charge(G, len(span))
    return list(span)


def _sum(G, iterable, /, start=0):
    """Sum with compensation for decimals, the way Python 3.12 does it (Neumaier)."""
    if isinstance(start, str):
        raise TypeError("sum() can't sum text; use str() and +")
    if isinstance(start, (list, tuple)):
        return _sum_sequences(G, iterable, start)
    if not isinstance(iterable, (list, tuple)):
        iterable = list(iterable)
    total = py.sum(iterable, start)
    if total.__class__ is not float:
        return total
    # Decimals are involved: sum again with compensation.
    total = start
    compensation = 0.0
    decimal = total.__class__ is float
    for item in iterable:
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
    if decimal and compensation and math.isfinite(compensation):
        total += compensation
    return total


def _sum_sequences(G, iterable, start):
    result = list(start)
    for item in iterable:
        if not isinstance(item, type(start)):
            raise TypeError(f'can only concatenate {type_name(start)} (not "{type_name(item)}") to {type_name(start)}')
        if len(result) + len(item) > MAX_LENGTH:
            raise too_long(len(result) + len(item))
        charge(G, len(item))
        result.extend(item)
    return result if isinstance(start, list) else tuple(result)


def _round(number, ndigits=None):
    if ndigits is None:
        return py.round(number)
    return py.round(number, _integer(ndigits, "round()"))


def _set(iterable=(), /):
    return TSet(iterable)


_NO_SOURCE = object()


def _dict(source=_NO_SOURCE, /, **pairs):
    result: dict = {}
    if source is not _NO_SOURCE:
        if isinstance(source, dict):
            result.update(source)
        else:
            for entry in source:
                key, value = entry
                if key.__class__ is not str:
                    raise DictKeyError(type_name(key))
                result[key] = value
    result.update(pairs)
    return ordered(result)


def _int(value=0, base=None, /):
    if base is None:
        return py.int(value)
    return py.int(value, _integer(base, "int()"))


def _str(value="", /):
    return to_text(value)


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
    "any": py.any,
    "all": py.all,
    "min": py.min,
    "max": py.max,
    "abs": py.abs,
    "round": _named(_round, "round"),
    "sorted": py.sorted,
    "list": _named(lambda iterable=(), /: py.list(iterable), "list"),
    "tuple": _named(lambda iterable=(), /: py.tuple(iterable), "tuple"),
    "set": _named(_set, "set"),
    "dict": _named(_dict, "dict"),
    "enumerate": _named(lambda iterable, start=0: py.enumerate(iterable, _integer(start, "enumerate()")), "enumerate"),
    "zip": _named(lambda *iterables: py.zip(*iterables), "zip"),
    "int": _named(_int, "int"),
    "float": _named(lambda value=0, /: py.float(value), "float"),
    "str": _named(_str, "str"),
    "bool": _named(lambda value=False, /: py.bool(value), "bool"),
    "sigmoid": sigmoid,
    "σ": sigmoid,
    "exp": _named(_exp, "exp"),
    "sqrt": _named(_sqrt, "sqrt"),
    "log": _named(_log, "log"),
}

BUILTIN_NAMES = frozenset(PLAIN_BUILTINS) | {"range", "sum"}


def _bound(name: str, function, globals_):
    bound = partial(function, globals_)
    bound.__name__ = name
    return bound


def bound_builtins(globals_) -> dict:
    """All builtins, with ``range`` and ``sum`` charging ``globals_``'s budget."""
    table = dict(PLAIN_BUILTINS)
    table["range"] = _bound("range", _range, globals_)
    table["sum"] = _bound("sum", _sum, globals_)
    return table
