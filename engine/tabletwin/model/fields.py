"""Reading an op's or node's fields the way the spec says: ``f_x`` wins, else a literal ``f``.

Text in a field that needs a value is a description for people, so reading it stops the
engine (``field 'amount' is text without amount_x``); the exception is ``value`` of ``set``
and ``let``, where text is the literal string. Paths (``hand[actor]``) are split into a name
and an index expression once, when the model is loaded.
"""

from __future__ import annotations

import copy
import re

from ..errors import NotExecutable
from .code import Code

_ABSENT, _LITERAL, _CODE, _TEXT, _LITERAL_COPY = range(5)


class Field:
    """How to get one field's value at run time."""

    __slots__ = ("name", "mode", "value")

    def __init__(self, name: str, mode: int, value=None):
        self.name = name
        self.mode = mode
        self.value = value

    @property
    def present(self) -> bool:
        return self.mode != _ABSENT

    @property
    def is_code(self) -> bool:
        return self.mode == _CODE

    @property
    def is_literal(self) -> bool:
        """A value written in the model that reading gives as it is (not text, not a list or dict)."""
        return self.mode == _LITERAL

    def get(self, local_names: dict, scope, place: str, default=None, required: bool = False):
        mode = self.mode
        if mode == _LITERAL:
            return self.value
        if mode == _CODE:
            return self.value(local_names, scope)
        if mode == _LITERAL_COPY:
            # A list or dict written in the model: a fresh copy each time, so that no op of any
            # game can change the model through it (a let-bound dict changed with attr).
            return copy.deepcopy(self.value)
        if mode == _TEXT:
            raise NotExecutable(f"{place}: field '{self.name}' is text without {self.name}_x")
        if required:
            raise NotExecutable(f"{place}: field '{self.name}' is missing")
        return default


_ABSENT_FIELDS: dict[str, Field] = {}


def absent(name: str) -> Field:
    """The (shared) missing field ``name``."""
    field = _ABSENT_FIELDS.get(name)
    if field is None:
        field = _ABSENT_FIELDS[name] = Field(name, _ABSENT)
    return field


def read_field(raw: dict, name: str, path: tuple, text_is_literal: bool = False,
               local_names: frozenset[str] | None = None) -> Field:
    """The field ``name`` of ``raw`` (an op or node dict written at ``path``)."""
    twin = name + "_x"
    if twin in raw and raw[twin] is not None:
        return Field(name, _CODE, Code(raw[twin], path + (twin,), local_names))
    if name in raw:
        value = raw[name]
        if isinstance(value, str) and not text_is_literal:
            return Field(name, _TEXT, value)
        return Field(name, _LITERAL_COPY if isinstance(value, (list, dict)) else _LITERAL, value)
    return Field(name, _ABSENT)


def read_code(raw: dict, name: str, path: tuple, local_names: frozenset[str] | None = None) -> Code | None:
    """An expression-only field (``pre_x``, ``cond_x``, ...): its Code, or None."""
    value = raw.get(name)
    if value is None:
        return None
    return Code(value, path + (name,), local_names)


_PATH = re.compile(r"^\s*([^\[\]\s]+)\s*(?:\[(.*)\])?\s*$", re.S)


class ModelPath:
    """A variable or zone path: ``name`` or ``name[expression]``."""

    __slots__ = ("text", "name", "index")

    def __init__(self, text: str, name: str, index: Code | None):
        self.text = text
        self.name = name
        self.index = index

    def __repr__(self) -> str:
        return f"ModelPath({self.text!r})"


def read_path(raw: dict, name: str, path: tuple) -> ModelPath | None:
    """The path in field ``name``; None when absent. A malformed path keeps its text as name."""
    text = raw.get(name)
    if text is None:
        return None
    text = str(text)
    match = _PATH.match(text)
    if match is None:
        return ModelPath(text, text, None)
    index = match.group(2)
    return ModelPath(text, match.group(1), Code(index, path + (name,)) if index is not None else None)
