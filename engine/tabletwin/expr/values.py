"""The values of the language beyond plain Python ones: ordered sets and the text form.

Numbers are Python ``int`` and ``float`` underneath, but the language has one number type:
an integral float *is* that integer, so it prints without ``.0`` (``str(4/2)`` is ``'2'``).
"""

from __future__ import annotations

import math

MAX_TEXT = 1_000_000
"""Longest text ``str()`` may produce; a larger result is a MemoryError, not a hang."""

NUMBER_TYPES = (int, float)  # bool is an int


class TSet:
    """A set that keeps insertion order (the spec's sets are ordered, Python's are not)."""

    __slots__ = ("_items",)

    def __init__(self, items=()):
        self._items = dict.fromkeys(items)

    @classmethod
    def _of_keys(cls, keys: dict) -> "TSet":
        result = cls.__new__(cls)
        result._items = keys
        return result

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)

    def __contains__(self, item):
        return item in self._items

    def __eq__(self, other):
        if other.__class__ is TSet:
            return self._items.keys() == other._items.keys()
        return NotImplemented

    def __ne__(self, other):
        if other.__class__ is TSet:
            return self._items.keys() != other._items.keys()
        return NotImplemented

    def __le__(self, other):
        if other.__class__ is TSet:
            return self._items.keys() <= other._items.keys()
        return NotImplemented

    def __lt__(self, other):
        if other.__class__ is TSet:
            return self._items.keys() < other._items.keys()
        return NotImplemented

    def __ge__(self, other):
        if other.__class__ is TSet:
            return self._items.keys() >= other._items.keys()
        return NotImplemented

    def __gt__(self, other):
        if other.__class__ is TSet:
            return self._items.keys() > other._items.keys()
        return NotImplemented

    def __sub__(self, other):
        if other.__class__ is TSet:
            theirs = other._items
            return TSet._of_keys({k: None for k in self._items if k not in theirs})
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return to_text(self)


# Python's own error messages name the class ("'<' not supported between 'set' and 'int'").
TSet.__name__ = TSet.__qualname__ = "set"


def type_name(value) -> str:
    """The name of a value's kind, as Python would print it."""
    if value is None:
        return "NoneType"
    return type(value).__name__


def is_integral(value) -> bool:
    return value.__class__ is int or value.__class__ is bool or (
        value.__class__ is float and value.is_integer()
    )


def number_text(value) -> str:
    """A number as the language prints it: integral values without a fraction."""
    if value.__class__ is float:
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        if math.isnan(value):
            return "nan"
        return repr(value)
    return str(int(value)) if value.__class__ is bool else str(value)


def to_text(value) -> str:
    """``str(value)`` in the language: text as is, everything else in Python notation."""
    if value.__class__ is str:
        return value
    parts: list[str] = []
    _write(value, parts, [0])
    return "".join(parts)


def _write(value, parts: list[str], size: list[int]) -> None:
    cls = value.__class__
    if cls is str:
        piece = repr(value)
    elif value is None or cls is bool:
        piece = str(value)
    elif cls is int or cls is float:
        piece = number_text(value)
    elif cls is list or cls is tuple or cls is TSet or isinstance(value, (list, tuple)):
        if cls is TSet:
            if not value:
                piece = "set()"
            else:
                _write_items(value, "{", "}", parts, size)
                return
        elif isinstance(value, tuple) and len(value) == 1:
            parts.append("(")
            _write(value[0], parts, size)
            parts.append(",)")
            return
        else:
            opening, closing = ("[", "]") if isinstance(value, list) else ("(", ")")
            _write_items(value, opening, closing, parts, size)
            return
    elif isinstance(value, dict):
        parts.append("{")
        first = True
        for key, item in value.items():
            if not first:
                parts.append(", ")
            first = False
            _write(key, parts, size)
            parts.append(": ")
            _write(item, parts, size)
        parts.append("}")
        return
    elif callable(value) and hasattr(value, "__name__"):
        piece = f"<function {value.__name__}>"
    else:
        piece = f"<{type_name(value)}>"
    size[0] += len(piece)
    if size[0] > MAX_TEXT:
        raise MemoryError(f"text too long (more than {MAX_TEXT} characters)")
    parts.append(piece)


def _write_items(items, opening: str, closing: str, parts: list[str], size: list[int]) -> None:
    parts.append(opening)
    first = True
    for item in items:
        if not first:
            parts.append(", ")
        first = False
        _write(item, parts, size)
    parts.append(closing)
