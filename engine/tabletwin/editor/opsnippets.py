"""Ops as snippets: each op with the fields it needs to run as tab stops, and its one-line
description for the completion list.

The fields are the ones :data:`tabletwin.lint.ops.REQUIRED` checks (one of each group of
alternatives, a test keeps the two together), plus the field without which an op that lint does
not check does nothing (``zone`` of ``shuffle``, ``event`` of ``emit`` ...) and the lists of
``if``, ``for_each`` and ``repeat``. Placeholders say what goes there; expressions are quoted.
"""

from __future__ import annotations

import re

from . import keydocs

#: ``(field, placeholder)`` per op, in the order they are written; a placeholder in quotes is an
#: expression, one in brackets a list (empty brackets: a tab stop inside them).
FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "set": (("var", "variable"), ("value", "0")),
    "add": (("var", "variable"), ("amount", "1")),
    "let": (("bind", "name"), ("value_x", '"expression"')),
    "place": (("what", "item"), ("to", "zone")),
    "create": (("what", "thing"), ("to", "zone")),
    "move": (("what_x", '"item"'), ("from", "zone"), ("to", "zone")),
    "destroy": (("what_x", '"item"'),),
    "draw": (("from", "zone"), ("to", "zone")),
    "shuffle": (("zone", "zone"),),
    "look": (("from", "zone"),),
    "search": (("from", "zone"), ("bind", "found")),
    "reveal": (("what_x", '"value"'),),
    "roll": (("die", "[1, 2, 3, 4, 5, 6]"), ("bind", "pips")),
    "choose": (("options", "[yes, no]"), ("bind", "choice")),
    "if": (("cond_x", '"condition"'), ("then", "[]")),
    "for_each": (("items_x", '"players"'), ("as", "p"), ("body", "[]")),
    "repeat": (("until_x", '"condition"'), ("body", "[]")),
    "emit": (("event", "event"),),
    "sample": (("model", "model"),),
    "exec": (("of_x", '"item"'), ("content", "catalogue")),
    "run": (("flow", "flow"),),
    "window": (("name", "window"),),
    "cancel": (("target_x", '"-1"'),),
    "modify": (("stat", "stat"), ("change_x", '"1"')),
    "reset": (),
    "call": (("code", "code"),),
    "say": (("agent", "agent"),),
}

_SENTENCE_END = re.compile(r"(?<=[.;])\s")


def description(op: str) -> str:
    """The first sentence of the op's summary, for one line of the completion list."""
    summary = keydocs.def_doc(f"op_{op}").get("summary", "")
    return _SENTENCE_END.split(summary, 1)[0].rstrip(".;")


def _fields(op: str, first_stop: int) -> list[str]:
    """``field: placeholder`` snippets, numbered from ``first_stop``."""
    written = []
    for stop, (field, placeholder) in enumerate(FIELDS.get(op, ()), start=first_stop):
        if placeholder == "[]":
            written.append(f"{field}: [${stop}]")
        elif placeholder.startswith('"'):
            written.append(f'{field}: "${{{stop}:{placeholder[1:-1]}}}"')
        else:
            written.append(f"{field}: ${{{stop}:{placeholder}}}")
    return written


def flow_item(op: str) -> str:
    """The op as a one-line list item body: ``{op: draw, from: ${1:zone}, to: ${2:zone}}``."""
    return "{" + ", ".join([f"op: {op}", *_fields(op, 1)]) + "}"


def after_op_key(op: str, block_indent: str | None) -> str:
    """What follows ``op:`` when the op's name is completed: the name and the fields, on the
    same line in a flow mapping (``block_indent`` None), else one per line at ``block_indent``
    (relative to the line's own indentation, which the editor adds)."""
    fields = _fields(op, 1)
    if not fields:
        return op
    if block_indent is None:
        return ", ".join([op, *fields])
    return "\n".join([op, *(block_indent + field for field in fields)])
