"""What the editor's answers work from: the document, its index, and the data known at the cursor.

:func:`merged_data` combines the (perhaps slightly older) index's data with what the cursor walk
read of the current text; :func:`def_of` and :func:`name_kind` say what a mapping is and what a
field names, for completion, hover and quick fixes alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import schemanav
from .cursor import Cursor
from .symbols import Index

#: Fields that name something of the model, by the key and, where it matters, the op.
NAME_FIELDS = {
    "do": "action", "ref": "flow", "window": "window", "from": "zone", "to": "zone", "zone": "zone",
    "drawn_from": "zone", "var": "var", "as": "var", "model": "outcome", "agent": "agent", "code": "code",
}


@dataclass
class Context:
    """What completion works from: the document, its (maybe slightly old) index and, for a
    tactic, the model it plays."""

    kind: str
    text: str
    lines: list[str]
    index: Index | None
    model: object = None  # a document.ModelRef for tactics


def def_of(schema_kind: str, path: tuple, flat: dict, mapping) -> str | None:
    """The keydocs entry of the mapping at ``path`` (``op_add`` for an ``add`` op...)."""
    name = flat.get("x-def")
    if not path:
        return schema_kind
    values = mapping if isinstance(mapping, dict) else {}
    if name in ("op", "op_any") and isinstance(values.get("op"), str):
        return f"op_{values['op']}"
    if name in ("node", "node_any") and isinstance(values.get("kind"), str):
        return f"node_{values['kind']}"
    return name


def name_kind(path: tuple, key: str, cursor: Cursor) -> str | None:
    """What kind of name the field ``key`` at ``path`` takes, if any."""
    owner = cursor.mapping
    op = owner.get("op") if isinstance(owner, dict) else None
    in_flow = bool(path) and path[0] in ("flow", "flows")
    in_trigger = "triggers" in path
    if key == "event":
        if in_trigger and op is None:
            return "event"
        return "listened" if op == "emit" else None
    if key == "until" and op == "modify":
        return "event"
    if key == "stat":
        return "stat"
    if key == "scope" and path and path[0] == "end":
        return "flow"
    if key == "flow":
        return "flow" if op == "run" or op is None and not in_flow else None
    if key == "name":
        return "window" if op == "window" else None
    if key == "as":
        return "var" if in_flow else None
    if key in ("do", "ref", "window"):
        return NAME_FIELDS[key] if in_flow else None
    if key in ("from", "to", "zone", "var", "model", "agent", "code"):
        return NAME_FIELDS[key] if not in_flow else None
    if key == "drawn_from":
        return "zone"
    return None


def merged_data(index: Index | None, cursor: Cursor) -> dict:
    """The document as far as it is known: the index's data (perhaps a few edits old) under
    what was read of the current text, with the keys known around the cursor."""
    known = index.data if index is not None and isinstance(index.data, dict) else {}
    data = _overlay(known, cursor.data)
    where = cursor.path if cursor.role == "key" else cursor.path[:-1]
    if cursor.mapping and isinstance(schemanav.value_at(data, where) if where else data, (dict, type(None))):
        data = _with_mapping(data, where, cursor.mapping)
    return data if isinstance(data, dict) else {}


def _overlay(base, top):
    if isinstance(base, dict) and isinstance(top, dict):
        result = dict(base)
        for key, value in top.items():
            result[key] = _overlay(base.get(key), value)
        return result
    if isinstance(base, list) and isinstance(top, list):
        result = list(base) + [None] * max(0, len(top) - len(base))
        for position, value in enumerate(top):
            if value is not None:
                result[position] = _overlay(base[position] if position < len(base) else None, value)
        return result
    return top if top is not None else base


def _with_mapping(data, path: tuple, mapping: dict):
    if not path:
        return {**mapping, **data} if isinstance(data, dict) else dict(mapping)
    step, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, step: _with_mapping(data.get(step), rest, mapping)}
    if isinstance(data, list) and isinstance(step, int):
        items = list(data) + [None] * max(0, step + 1 - len(data))
        items[step] = _with_mapping(items[step], rest, mapping)
        return items
    if data is None and isinstance(step, str):
        return {step: _with_mapping(None, rest, mapping)}
    if data is None and isinstance(step, int):
        return [None] * step + [_with_mapping(None, rest, mapping)]
    return data


def function_signature(name, function) -> str:
    params = function.get("params") if isinstance(function, dict) else None
    names = [str(p) for p in params] if isinstance(params, list) else []
    return f"{name}({', '.join(names)})"
