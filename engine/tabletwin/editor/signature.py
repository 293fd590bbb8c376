"""Signature help inside expressions: the function whose call the cursor is in, and which of its
parameters is being written.

The call is found in the text typed so far (which usually does not parse yet): the innermost
``(`` not yet closed, outside text literals, preceded by a name; the commas at its depth count
the parameter. The name is looked up as the engine would among callables: own functions first,
then board functions (when the model has boards), then builtins (expressions.md §6).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import keydocs
from .context import function_signature
from .scope import is_expression_path

_NAME_BEFORE = re.compile(r"([^\W\d]\w*)\s*$")
_BRACKETS = {")": "(", "]": "[", "}": "{"}


@dataclass(frozen=True)
class Help:
    """The forms of the function called (``min(iterable)`` and ``min(a, b, ...)``), and the one
    that fits the parameters written so far."""

    signatures: tuple["Signature", ...]
    active: int


@dataclass(frozen=True)
class Signature:
    """``label`` such as ``step(board, cell, direction, n=1)``; ``parameters`` are the
    ``(start, end)`` offsets of each parameter in it; ``active`` is the one at the cursor."""

    label: str
    parameters: tuple[tuple[int, int], ...]
    active: int
    doc: str


def signature_at(snap, line: int, column: int, index=None) -> Help | None:
    if snap.kind is None:
        return None
    cursor = snap.cursor(line, column)
    if cursor.role != "value" or not is_expression_path(snap.kind, cursor.path):
        return None
    call = open_call(cursor.typed)
    if call is None:
        return None
    name, commas = call
    if snap.kind == "tactic":
        model = snap.model()
        data = model.data if model is not None else None
    else:
        data = index.data if index is not None else (snap.loaded.data if snap.loaded is not None else None)
    return lookup(name, data if isinstance(data, dict) else {}, commas)


def open_call(typed: str) -> tuple[str, int] | None:
    """``(function name, commas before the cursor)`` of the innermost open call in ``typed``."""
    stack: list[list] = []  # [opening bracket, position, commas]
    quote = ""
    position = 0
    while position < len(typed):
        char = typed[position]
        if quote:
            if char == "\\":
                position += 1
            elif char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "([{":
            stack.append([char, position, 0])
        elif char in _BRACKETS:
            if stack and stack[-1][0] == _BRACKETS[char]:
                stack.pop()
        elif char == "," and stack:
            stack[-1][2] += 1
        position += 1
    for bracket, start, commas in reversed(stack):
        if bracket != "(":
            continue
        found = _NAME_BEFORE.search(typed, 0, start)
        if found is None:
            return None
        return found.group(1), commas
    return None


def lookup(name: str, data: dict, commas: int) -> Help | None:
    functions = data.get("functions") if isinstance(data.get("functions"), dict) else {}
    if isinstance(functions.get(name), dict):  # anything else declares no function
        function = functions[name]
        text = function.get("text", "")
        return Help((_signature(function_signature(name, function), commas, str(text or "Own function.")),), 0)
    entry = None
    if data.get("boards"):
        entry = keydocs.docs()["board_functions"].get(name)
    entry = entry or keydocs.docs()["builtins"].get(name)
    if entry is None:
        return None
    forms = tuple(_signature(label, commas, entry["doc"]) for label in entry["signature"].split(" / "))
    fitting = [number for number, form in enumerate(forms)
               if commas < len(form.parameters) or form.label.endswith("...)")]
    return Help(forms, fitting[0] if fitting else len(forms) - 1)


def _signature(label: str, commas: int, doc: str) -> Signature:
    inside_start = label.index("(") + 1
    inside = label[inside_start:label.rindex(")")]
    parameters = []
    offset = inside_start
    for part in inside.split(",") if inside.strip() else []:  # no default holds a comma
        stripped = part.strip()
        start = offset + part.index(stripped[:1]) if stripped else offset
        parameters.append((start, start + len(stripped)))
        offset += len(part) + 1
    active = min(commas, len(parameters) - 1) if parameters else 0
    return Signature(label, tuple(parameters), active, doc)
