"""Walking the JSON Schemas along a path of a (possibly half-written) document.

The model schema picks an op's fields with ``if``/``then`` on ``op`` and a node's with ``if`` on
``kind``; :func:`view` flattens a schema for a mapping whose written values are known, so the
fields of ``{op: add, ...}`` are the fields of ``add`` and the fields of a mapping without ``op``
are those of any op. ``content`` is free in the schema; a mapping inside it that looks like an
item (it has an ``id``, or sits at ``content.<catalogue>.<item>``) gets :data:`CONTENT_ITEM`, so
an item's ``effect``, ``triggers`` and ``abilities`` complete like their counterparts elsewhere.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..schemas import load_schema


@lru_cache(maxsize=None)
def root(kind: str) -> dict:
    schema = load_schema(kind)
    if kind == "model":
        schema["$defs"]["content_item"] = _content_item(schema)
    return schema


def _content_item(schema: dict) -> dict:
    """A schema for content items, built from the model schema's own definitions."""
    ability = dict(schema["$defs"]["action"])
    ability_props = dict(ability["properties"])
    ability_props["id"] = {"type": ["string", "integer"],
                           "description": "Name of the ability, unique across all actions and abilities."}
    ability = {**ability, "properties": ability_props, "description": "An ability: an action on the item itself."}
    return {
        "type": "object",
        "description": "A content item: a card, a die, a unit: game material as data.",
        "properties": {
            "id": {"type": ["string", "integer"], "description": "Identity of the item; decisions in its effect are asked at `content <id>`."},
            "label": {"type": "string", "description": "Display name of the item."},
            "status": {"enum": ["verified", "uncertain", "missing"],
                       "description": "How sure the model is of the item: `verified`, `uncertain` or `missing` (the validator warns without one)."},
            "text": {"type": "string", "description": "The item's text in your own words."},
            "effect": {"$ref": "#/$defs/ops", "description": "Ops run by `exec`, with `self` the item."},
            "active_x": {"$ref": "#/$defs/expression",
                         "description": "When the item's triggers and modifiers apply (`self` is the item); without it they always do."},
            "triggers": {"type": "array", "items": {"$ref": "#/$defs/trigger"}, "description": "Triggers bound to the item."},
            "modifiers": {"type": "array", "items": {"$ref": "#/$defs/modifier"}, "description": "Modifiers bound to the item."},
            "abilities": {"type": "array", "items": ability, "description": "Actions on the item itself, playable in priority windows by their `speed`."},
            "keywords": {"type": ["string", "array"], "description": "Keywords, as text or a list; rules test them in quotes."},
            "faces": {"type": "array", "description": "Die faces as `\"type number\"`."},
            "source": {"type": "string", "description": "Where the item comes from."},
            "cost": {"description": "What the item costs, for people."},
            "requires": {"description": "What the item needs, for people."},
            "note": {"type": "string", "description": "Free comment for people; the engine ignores it."},
        },
    }


def deref(kind: str, schema: dict) -> dict:
    """``schema`` with its ``$ref`` resolved; the referring schema's own keys win (descriptions)."""
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 20:
        name = schema["$ref"].rsplit("/", 1)[-1]
        target = root(kind)["$defs"].get(name, {})
        schema = {**target, **{k: v for k, v in schema.items() if k != "$ref"}, "x-def": name}
        seen += 1
    return schema


def def_name(kind: str, schema: dict) -> str | None:
    """The ``$defs`` name a (referring) schema stands for."""
    return deref(kind, schema).get("x-def") if isinstance(schema, dict) else None


def view(kind: str, schema: dict, mapping) -> dict:
    """The properties (and other keywords) that apply to ``mapping`` under ``schema``."""
    schema = deref(kind, schema)
    values = mapping if isinstance(mapping, dict) else {}
    result = {"properties": {}, "patternProperties": {}}
    _merge(kind, schema, values, result, 0)
    return result


def _merge(kind: str, schema: dict, values: dict, result: dict, depth: int) -> None:
    if depth > 12 or not isinstance(schema, dict):
        return
    schema = deref(kind, schema)
    for key, value in schema.items():
        if key == "properties":
            for name, sub in value.items():
                result["properties"].setdefault(name, sub)
        elif key == "patternProperties":
            result["patternProperties"].update(value)
        elif key not in result and key not in ("if", "then", "else", "allOf", "anyOf", "oneOf"):
            result[key] = value
    if "if" in schema:
        holds = _test(schema["if"], values)
        if holds is None:
            # The deciding value (``op``, ``kind``) is not known: every branch may apply.
            for branch in (schema.get("then"), schema.get("else")):
                if branch is not None:
                    _merge(kind, branch, values, result, depth + 1)
        else:
            branch = schema.get("then") if holds else schema.get("else")
            if branch is not None:
                _merge(kind, branch, values, result, depth + 1)
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in schema.get(key, ()):
            if isinstance(sub, dict) and set(sub) == {"required"}:
                continue
            _merge(kind, sub, values, result, depth + 1)


def _test(condition: dict, values: dict) -> bool | None:
    """Whether ``values`` pass an ``if`` made of ``required`` and ``const``/``enum`` tests;
    ``None`` when a required value is missing (it decides, and it is not written yet)."""
    for name in condition.get("required", ()):
        if name not in values:
            return None
    for name, sub in condition.get("properties", {}).items():
        if name not in values:
            continue
        allowed = [sub["const"]] if "const" in sub else sub.get("enum")
        if allowed is not None and values[name] not in allowed:
            return False
    return True


def child(kind: str, schema: dict, step, mapping) -> dict | None:
    """The schema of ``step`` (a key or list index) inside a value with schema ``schema``."""
    if schema is None:
        return None
    if isinstance(step, int):
        flat = deref(kind, schema)
        items = flat.get("items")
        if items is None:
            for sub in [*flat.get("anyOf", ()), *flat.get("oneOf", ())]:
                items = deref(kind, sub).get("items") or items
        return deref(kind, items) if isinstance(items, dict) else None
    flat = view(kind, schema, mapping)
    properties = flat["properties"]
    if step in properties:
        return deref(kind, properties[step])
    for pattern, sub in flat["patternProperties"].items():
        if re.search(pattern, str(step)):
            return deref(kind, sub)
    extra = flat.get("additionalProperties")
    return deref(kind, extra) if isinstance(extra, dict) else None


def at_path(kind: str, path: tuple, data) -> dict | None:
    """The schema of the value at ``path`` of ``data`` (what is known of the document)."""
    schema: dict | None = root(kind)
    value = data
    for depth, step in enumerate(path):
        if kind == "model" and depth >= 1 and path[0] == "content":
            schema = _content_child(path[:depth + 1], value, step, schema, depth)
        else:
            schema = child(kind, schema, step, value)
            if kind == "model" and depth == 0 and step == "content":
                schema = {**schema, "x-def": "content"}
        value = _step(value, step)
        if schema is None:
            return None
    return schema


def _content_child(path: tuple, parent, step, schema, depth: int) -> dict | None:
    """Inside ``content``: free data, except what looks like an item and what is inside one."""
    if schema is not None and schema.get("x-def") != "content":
        return child("model", schema, step, parent)
    value = _step(parent, step)
    if isinstance(step, str) and (len(path) == 3 or (isinstance(value, dict) and "id" in value)):
        return deref("model", {"$ref": "#/$defs/content_item"})
    return {"x-def": "content", "description": "Free data of the content layer."}


def _step(value, step):
    if isinstance(value, dict):
        return value.get(step)
    if isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
        return value[step]
    return None


def value_at(data, path: tuple):
    value = data
    for step in path:
        value = _step(value, step)
    return value


def is_object(kind: str, schema: dict | None) -> bool:
    if schema is None:
        return False
    flat = deref(kind, schema)
    types = flat.get("type")
    types = [types] if isinstance(types, str) else (types or [])
    return "object" in types or "properties" in flat or "if" in flat or flat.get("x-def") == "content_item"


def is_array(kind: str, schema: dict | None) -> bool:
    if schema is None:
        return False
    flat = deref(kind, schema)
    types = flat.get("type")
    types = [types] if isinstance(types, str) else (types or [])
    return "array" in types or "items" in flat


def enum_values(kind: str, schema: dict | None) -> list:
    """The closed set of values of a schema (``enum``, ``const``, booleans), else ``[]``."""
    if schema is None:
        return []
    flat = deref(kind, schema)
    if "enum" in flat:
        return list(flat["enum"])
    if "const" in flat:
        return [flat["const"]]
    types = flat.get("type")
    types = [types] if isinstance(types, str) else (types or [])
    if "boolean" in types and "number" not in types:
        return [True, False]
    return []


def properties(kind: str, schema: dict | None, mapping) -> dict:
    """The keys a mapping under ``schema`` may have, with their schemas, in schema order."""
    if schema is None:
        return {}
    return view(kind, schema, mapping)["properties"]
