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
    """A number as the language prints it: integral values without a fraction.

    An integer past 2**53 is printed as the decimal it stands for (the language has one number
    type, §10); this also keeps Python from refusing to print one of more than 4,300 digits.
    """
    if value.__class__ is float:
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        if math.isnan(value):
            return "nan"
        return repr(value)
    if value.__class__ is bool:
        return str(value)
    if not -_SAFE_INTEGER <= value <= _SAFE_INTEGER:
        try:
            return number_text(float(value))
        except OverflowError:
            return "inf" if value > 0 else "-inf"
    return str(int(value))


_SAFE_INTEGER = 2**53

MAX_SHOWN = 10_000
"""Longest text :func:`to_text` shows (a label, a value in a message or on the terminal)."""

MAX_SHOWN_DEPTH = 100
"""Deepest nesting :func:`to_text` shows, and :func:`str_text` (``str()``) accepts."""

ELISION = "…"
"""Marks where :func:`to_text` left something out."""


def to_text(value) -> str:
    """A value as people see it (labels, messages, the terminal): never fails, never huge.

    Text as is, everything else in Python notation, like ``str()`` in the language, but cut
    at :data:`MAX_SHOWN` characters and :data:`MAX_SHOWN_DEPTH` levels, each cut marked by
    :data:`ELISION`. The cut is deterministic, so labels compared with labels still agree.
    """
    if value.__class__ is str:
        return value if len(value) <= MAX_SHOWN else value[:MAX_SHOWN] + ELISION
    writer = _Writer(MAX_SHOWN, strict=False)
    try:
        writer.write(value, 0)
    except _Full:
        return "".join(writer.parts)[:MAX_SHOWN] + ELISION
    return "".join(writer.parts)


def str_text(value) -> str:
    """``str(value)`` in the language: exact, or an error when it would be too long or deep."""
    if value.__class__ is str:
        return value
    writer = _Writer(MAX_TEXT, strict=True)
    try:
        writer.write(value, 0)
    except _Full:
        raise MemoryError(f"text too long (more than {MAX_TEXT} characters)") from None
    return "".join(writer.parts)


class _Full(Exception):
    """The text reached its limit."""


class _Writer:
    __slots__ = ("parts", "room", "strict")

    def __init__(self, limit: int, strict: bool):
        self.parts: list[str] = []
        self.room = limit
        self.strict = strict

    def add(self, piece: str) -> None:
        self.room -= len(piece)
        self.parts.append(piece)
        if self.room < 0:
            raise _Full()

    def write(self, value, depth: int) -> None:
        cls = value.__class__
        if cls is str:
            # A long text is cut before repr() copies all of it.
            self.add(repr(value if len(value) <= self.room else value[: self.room + 1]))
        elif value is None or cls is bool:
            self.add(str(value))
        elif cls is int or cls is float:
            self.add(number_text(value))
        elif cls is TSet or isinstance(value, (list, tuple, dict)):
            self.container(value, depth)
        elif callable(value) and hasattr(value, "__name__"):
            self.add(f"<function {value.__name__}>")
        else:
            self.add(f"<{type_name(value)}>")

    def container(self, value, depth: int) -> None:
        if value.__class__ is TSet:
            if not value:
                self.add("set()")
                return
            opening, closing = "{", "}"
        elif isinstance(value, dict):
            opening, closing = "{", "}"
        elif isinstance(value, list):
            opening, closing = "[", "]"
        else:
            opening, closing = "(", ")"
        if depth >= MAX_SHOWN_DEPTH:
            if self.strict:
                raise RecursionError(f"value nested more than {MAX_SHOWN_DEPTH} deep")
            self.add(opening + ELISION + closing)
            return
        self.add(opening)
        first = True
        if isinstance(value, dict):
            for key, item in value.items():
                if not first:
                    self.add(", ")
                first = False
                self.write(key, depth + 1)
                self.add(": ")
                self.write(item, depth + 1)
        else:
            for item in value:
                if not first:
                    self.add(", ")
                first = False
                self.write(item, depth + 1)
            if opening == "(" and len(value) == 1:
                self.add(",")
        self.add(closing)
