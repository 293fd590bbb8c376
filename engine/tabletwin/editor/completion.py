"""Completion candidates at a cursor: keys, closed values, names, expression names, snippets.

What is offered where:

- on a key: the keys the schema allows in that mapping (an op's fields by its ``op``, a node's by
  its ``kind``) minus those already written, plus snippets for new actions, steps and end
  conditions;
- on a value: the schema's closed values (``op``, ``kind``, ``timing``, ``result`` ...), and the
  names a field refers to: actions in ``do``, flows in ``ref`` and run's ``flow``, windows, zones
  in ``from``/``to``/``zone``, variables in ``var`` and a loop's ``as``, outcome models, agents,
  code, events emitted somewhere in a trigger's ``event``;
- in an expression: the names in scope there (:mod:`.scope`), methods after ``.``, and the keys
  of content items after ``['``;
- in a tactic: places for ``at`` and option labels for ``pick``, from the model it plays.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import Span
from ..expr.checker import METHODS
from . import keydocs, opsnippets, schemanav
from .context import Context, def_of, function_signature, merged_data, name_kind
from .cursor import Cursor
from .newmodel import SNIPPET as NEW_MODEL
from .places import WILDCARDS
from .scope import is_expression_path, scope_at
from .symbols import Index
from .text import EXPR_WORD, word_after

RESERVED = ("players", "n_players", "eliminated", "results", "content")
CONSTANT_NAMES = ("True", "False", "None")
_SUBSCRIPT = re.compile(r"""(?P<chain>[A-Za-z_]\w*(?:\[\s*(?:'[^']*'|"[^"]*"|[^\[\]'"]*)\s*\])*)\[\s*(?P<quote>['"])(?P<partial>[^'"]*)$""")
_CHAIN_STEP = re.compile(r"""\[\s*(?:'([^']*)'|"([^"]*)"|[^\[\]'"]*)\s*\]""")
_METHOD = re.compile(r"(?:(?<![\w.])[A-Za-z_]\w*|[\])'\"])\s*\.\s*$")

@dataclass
class Item:
    """One candidate. ``insert`` defaults to ``label``; ``replace`` is the text it replaces."""

    label: str
    kind: str
    detail: str = ""
    documentation: str = ""
    insert: str | None = None
    snippet: bool = False
    replace: Span | None = None
    sort: str = ""
    suggest_next: bool = False
    """Ask the editor for completion again once inserted (a key whose values are known)."""
    description: str = ""
    """One line shown next to the label in the list (an op's description)."""


def complete(ctx: Context, cursor: Cursor) -> list[Item]:
    cursor.data = merged_data(ctx.index, cursor)
    kind = ctx.kind
    schema_kind = "tactic" if kind == "tactic" else "model"
    role, path = cursor.role, cursor.path
    if role == "value" and is_expression_path(kind, path):
        return _expression(ctx, cursor, path)
    if role == "key" and cursor.fresh:
        schema = schemanav.at_path(schema_kind, path, cursor.data)
        if schemanav.is_array(schema_kind, schema) and not schemanav.is_object(schema_kind, schema):
            return _values(ctx, cursor, path + (0,), dash=True)
        if schema is not None and not schemanav.is_object(schema_kind, schema):
            if is_expression_path(kind, path):
                return _expression(ctx, cursor, path)
            return _values(ctx, cursor, path)
    if role == "key":
        return _keys(ctx, cursor, path, cursor.mapping)
    if role == "item":
        schema = schemanav.at_path(schema_kind, path, cursor.data)
        items = []
        if schemanav.is_object(schema_kind, schema):
            items += _keys(ctx, cursor, path, {}, flow_item=True)
        items += _values(ctx, cursor, path)
        return items
    return _values(ctx, cursor, path)


def _insert_key(ctx: Context, cursor: Cursor, key: str) -> str:
    line = ctx.lines[cursor.line]
    rest = line[cursor.replace.end_column:].lstrip(" ")
    return key if rest.startswith(":") else f"{key}: "


def _keys(ctx: Context, cursor: Cursor, path: tuple, mapping: dict, flow_item: bool = False) -> list[Item]:
    schema_kind = "tactic" if ctx.kind == "tactic" else "model"
    schema = schemanav.at_path(schema_kind, path, cursor.data)
    flat = schemanav.deref(schema_kind, schema) if schema else {}
    props = schemanav.properties(schema_kind, schema, mapping)
    present = {str(k) for k in mapping if k != cursor.word}
    parent = def_of(schema_kind, path, flat, mapping)
    items = []
    for position, (name, sub) in enumerate(props.items()):
        if name in present:
            continue
        description = schemanav.deref(schema_kind, sub).get("description", "")
        insert = _insert_key(ctx, cursor, name)
        items.append(Item(name, "key", detail=keydocs.def_doc(parent).get("title", "") if parent else "",
                          documentation=description, insert=insert, replace=cursor.replace, sort=f"0{position:03}",
                          suggest_next=insert.endswith(": ") and _has_values(ctx, cursor, path, name, sub)))
    if not flow_item:
        items += _snippets(ctx, cursor, path, flat, mapping)
    return items


def _has_values(ctx: Context, cursor: Cursor, path: tuple, key: str, schema) -> bool:
    """Whether the value of ``key`` has suggestions: closed values, or declared names."""
    schema_kind = "tactic" if ctx.kind == "tactic" else "model"
    if schemanav.enum_values(schema_kind, schema):
        return True
    if ctx.kind == "tactic":
        return key in ("at", "pick")
    target = name_kind(path + (key,), key, cursor)
    return target is not None and ctx.index is not None and bool(_declared(ctx.index, target))


def _snippets(ctx: Context, cursor: Cursor, path: tuple, flat: dict, mapping: dict) -> list[Item]:
    if ctx.kind != "model":
        return []
    items = []
    if path == () and not any(key != cursor.word for key in mapping):
        items.append(Item("new model", "snippet", detail="a whole minimal model",
                          documentation="Players, a score, a turn loop with one step, one action and "
                                        "an end condition: a model that validates and plays. Fill in the "
                                        "tab stops, then grow it.",
                          insert=NEW_MODEL, snippet=True, replace=cursor.replace, sort="!"))
    if path == ("actions",):
        items.append(Item("action with an effect", "snippet", detail="new action",
                          documentation="An action with a label, a condition and one op in its effect.",
                          insert="${1:name}:\n  label: ${2:Label}\n  pre_x: \"${3:True}\"\n  effect:\n"
                                 "    - {op: ${4:set}, var: ${5:variable}, value_x: \"${6:value}\"}",
                          snippet=True, replace=cursor.replace, sort="1"))
    if flat.get("x-def") in ("node", "node_any") and not mapping:
        items.append(Item("step", "snippet", detail="new step node",
                          documentation="A step where the actor plays one of the listed actions.",
                          insert="id: ${1:turn}\nkind: step\nactor_x: ${2:current}\ndo: [${3:action}]",
                          snippet=True, replace=cursor.replace, sort="1"))
    if path == () and "end" not in mapping:
        items.append(Item("end condition", "snippet", detail="new end list",
                          documentation="An `end` list with one condition.",
                          insert="end:\n  - {id: ${1:won}, if_x: \"${2:score[current] >= GOAL}\", "
                                 "result: ${3|win,loss,draw,score|}, who_x: ${4:current}}",
                          snippet=True, replace=cursor.replace, sort="1"))
    return items


_ITEM_SNIPPETS = {
    "node": ("step", "new step node", "{id: ${1:turn}, kind: step, actor_x: ${2:current}, do: [${3:action}]}"),
    "end_condition": ("end condition", "new end condition",
                      "{id: ${1:won}, if_x: \"${2:condition}\", result: ${3|win,loss,draw,score,eliminate,continue|}, "
                      "who_x: ${4:current}}"),
    "trigger": ("trigger", "new trigger", "{id: ${1:name}, event: ${2:event}, timing: ${3|after,before,when,instead|}, "
                "do: [${4}]}"),
}


def _item_snippets(ctx: Context, cursor: Cursor, schema, prefix: str) -> list[Item]:
    name = schema.get("x-def") if isinstance(schema, dict) else None
    if name == "op" and ctx.kind == "model":
        return _op_snippets(cursor, prefix)
    entry = _ITEM_SNIPPETS.get(name)
    if entry is None or ctx.kind != "model":
        return []
    label, detail, body = entry
    return [Item(label, "snippet", detail=detail, documentation=f"A new {label} as one line.",
                 insert=prefix + body, snippet=True, replace=cursor.replace, sort="1")]


def _op_snippets(cursor: Cursor, prefix: str) -> list[Item]:
    """One snippet per op, with the fields it needs as tab stops, in the order of the schema."""
    items = []
    for position, op in enumerate(opsnippets.FIELDS):
        line = opsnippets.description(op)
        items.append(Item(f"op: {op}", "snippet", detail=line, description=line,
                          documentation=keydocs.def_doc(f"op_{op}").get("summary", ""),
                          insert=prefix + opsnippets.flow_item(op), snippet=True, replace=cursor.replace,
                          sort=f"1{position:03}"))
    return items


_FLOW_OP = re.compile(r"[{,]\s*op\s*:\s*$")
_BLOCK_OP = re.compile(r"^\s*(?P<dash>-\s+)?op\s*:\s*$")


def _op_value(ctx: Context, cursor: Cursor, op: str) -> tuple[str, bool]:
    """What completing ``op``'s name inserts: with its fields as tab stops when the op's mapping
    holds nothing else yet (and the line nothing after it), else the name alone."""
    replace = cursor.replace
    if replace is None or replace.line != replace.end_line or not opsnippets.FIELDS.get(op):
        return op, False
    if any(key not in ("op", cursor.word) for key in (cursor.mapping or {})):
        return op, False
    line = ctx.lines[replace.line]
    before, after = line[:replace.column], line[replace.end_column:].strip()
    if _FLOW_OP.search(before) and after in ("}", ""):
        return opsnippets.after_op_key(op, None), True
    block = _BLOCK_OP.match(before)
    if block and not after:
        return opsnippets.after_op_key(op, " " * len(block.group("dash") or "")), True
    return op, False


def _values(ctx: Context, cursor: Cursor, path: tuple, dash: bool = False) -> list[Item]:
    schema_kind = "tactic" if ctx.kind == "tactic" else "model"
    schema = schemanav.at_path(schema_kind, path, cursor.data)
    key = next((step for step in reversed(path) if isinstance(step, str)), None)
    prefix = "- " if dash else ""
    items: list[Item] = []
    if isinstance(path[-1] if path else None, int):
        items += _item_snippets(ctx, cursor, schema, prefix)
    description = schemanav.deref(schema_kind, schema).get("description", "") if schema else ""
    for position, value in enumerate(schemanav.enum_values(schema_kind, schema)):
        text = keydocs.plain(value)
        doc = description
        detail, line, insert, snippet = key or "", "", prefix + text, False
        if key == "op":
            doc = keydocs.def_doc(f"op_{value}").get("summary", description)
            detail = line = opsnippets.description(text)
            if not dash:
                insert, snippet = _op_value(ctx, cursor, text)
        elif key == "kind" and path and path[0] in ("flow", "flows"):
            doc = keydocs.def_doc(f"node_{value}").get("summary", description)
        items.append(Item(text, "enum", detail=detail, documentation=doc, insert=insert, snippet=snippet,
                          replace=cursor.replace, sort=f"0{position:03}", description=line))
    if ctx.kind == "tactic":
        return items + _tactic_values(ctx, cursor, path, key, prefix)
    index = ctx.index
    if index is None or key is None:
        return items
    target = name_kind(path, key, cursor)
    if target is not None:
        for position, name in enumerate(_declared(index, target)):
            items.append(Item(name, target, detail=_detail(index, target, name), insert=prefix + name,
                              replace=cursor.replace, sort=f"1{position:04}"))
    return items


def _declared(index: Index, kind: str) -> list[str]:
    if kind == "listened":
        return sorted({name for (k, name) in index.refs if k == "event"})
    if kind == "event":
        return sorted({name for (k, name) in index.decls if k == "event"})
    if kind == "stat":
        stats = set(index.modified_kwargs)
        return sorted(stats)
    return index.names(kind)


def _detail(index: Index, kind: str, name: str) -> str:
    data = index.data if isinstance(index.data, dict) else {}
    if kind == "action":
        action = (data.get("actions") or {}).get(name)
        if isinstance(action, dict) and action.get("label"):
            return f"action · {action['label']}"
    if kind == "zone":
        zone = ((data.get("state") or {}).get("zones") or {}).get(name)
        if isinstance(zone, dict) and zone.get("owner") == "player":
            return "zone · one per player"
    if kind == "var":
        var = ((data.get("state") or {}).get("vars") or {}).get(name)
        if isinstance(var, dict) and var.get("scope") == "player":
            return "variable · one per player"
        return "variable"
    return {"listened": "event with triggers", "event": "event", "stat": "modified stat"}.get(kind, kind)


def _tactic_values(ctx: Context, cursor: Cursor, path: tuple, key: str | None, prefix: str) -> list[Item]:
    model = ctx.model
    if model is None or key is None:
        return []
    items = []
    if key == "at":
        line = ctx.lines[cursor.line]
        typed = cursor.typed
        start = max(cursor.column - len(typed), 0) if "\n" not in typed else cursor.replace.column
        end = cursor.column + len(word_after(line, cursor.column))
        replace = Span(cursor.line, start, cursor.line, end)
        for position, place in enumerate(model.places):
            items.append(Item(place.name, "place", detail="decision" if place.decision else "chance only",
                              documentation=place.about, insert=prefix + place.name, replace=replace,
                              sort=f"{0 if place.decision else 2}{position:03}"))
        for wildcard in WILDCARDS:
            items.append(Item(wildcard, "place", detail="every place of this kind", insert=prefix + wildcard,
                              replace=replace, sort=f"1{wildcard}"))
    elif key == "pick":
        at = cursor.mapping.get("at") if isinstance(cursor.mapping, dict) else None
        wanted = [at] if isinstance(at, str) else [str(a) for a in at] if isinstance(at, list) else []
        labels: list[str] = []
        for place in model.places:
            if place.name in wanted or any(_matches(pattern, place.name) for pattern in wanted):
                labels += [label for label in place.options if label not in labels]
        for label in labels:
            items.append(Item(label, "label", detail="option", insert=prefix + label, replace=cursor.replace,
                              sort=f"1{label}"))
    return items


def _matches(pattern: str, name: str) -> bool:
    from fnmatch import fnmatchcase

    return fnmatchcase(name, pattern)


def _expression(ctx: Context, cursor: Cursor, path: tuple) -> list[Item]:
    line = ctx.lines[cursor.line]
    word = EXPR_WORD.search(line, 0, cursor.column).group()
    replace = Span(cursor.line, cursor.column - len(word), cursor.line,
                   cursor.column + len(word_after(line, cursor.column, expression=True)))
    typed = cursor.typed
    before = typed[: len(typed) - len(word)] if word and typed.endswith(word) else typed
    subscript = _SUBSCRIPT.search(typed)
    if subscript is not None:
        return _dict_keys(ctx, cursor, subscript)
    if _inside_text(before):
        return []
    if _METHOD.search(before):
        return [Item(name, "method", detail="method", insert=name, replace=replace, sort=f"0{name}")
                for name in sorted(METHODS)]
    return _names(ctx, cursor, path, replace)


def _inside_text(text: str) -> bool:
    """Whether ``text`` ends inside a text literal of the expression."""
    quote = None
    index = 0
    while index < len(text):
        char = text[index]
        if quote is None and char in "'\"":
            quote = char
        elif quote is not None and char == "\\":
            index += 1
        elif char == quote:
            quote = None
        index += 1
    return quote is not None


def _dict_keys(ctx: Context, cursor: Cursor, match: re.Match) -> list[Item]:
    partial = match.group("partial")
    replace = Span(cursor.line, cursor.column - len(partial), cursor.line,
                   cursor.column + len(re.match(r"[^'\"\]]*", ctx.lines[cursor.line][cursor.column:]).group()))
    chain = match.group("chain")
    root = re.match(r"[A-Za-z_]\w*", chain).group()
    keys: list[str] = []
    data = ctx.index.data if ctx.index is not None else None
    if ctx.kind == "tactic" and ctx.model is not None:
        data = ctx.model.data
    if root == "content" and isinstance(data, dict):
        value = data.get("content")
        for step in _CHAIN_STEP.finditer(chain[len(root):]):
            literal = step.group(1) if step.group(1) is not None else step.group(2)
            value = value.get(literal) if isinstance(value, dict) and literal is not None else None
        if isinstance(value, dict):
            keys = [str(k) for k in value]
        detail = "content key"
    else:
        index = ctx.index if ctx.kind != "tactic" else (ctx.model.index if ctx.model is not None else None)
        keys = sorted(index.content_keys | _constant_keys(index.data)) if index is not None else []
        detail = "key of content items"
    return [Item(key, "key", detail=detail, insert=key, replace=replace, sort=f"0{key}") for key in keys]


def _constant_keys(data) -> set:
    """Keys of the dicts in constants' lists and tables (``CARDS: [{id, value}]``)."""
    keys: set = set()
    constants = data.get("constants") if isinstance(data, dict) else None
    for value in (constants or {}).values() if isinstance(constants, dict) else ():
        values = value if isinstance(value, list) else value.values() if isinstance(value, dict) else ()
        for item in values:
            if isinstance(item, dict):
                keys.update(str(k) for k in item)
    return keys


def scope_names(kind: str, index: Index | None, data, path: tuple, model=None) -> list[tuple[str, str, str, str]]:
    """``(name, kind, detail, documentation)`` of every name the expression at ``path`` sees."""
    scope = scope_at(kind, data, path, index if kind == "model" else None)
    result: list[tuple[str, str, str, str]] = []
    for name, where in scope.locals.items():
        doc = keydocs.docs()["tactic_names" if scope.tactic else "names"].get(name, {}).get("doc", "")
        result.append((name, "local", where, doc))
    global_index = index if kind == "model" else (model.index if model is not None else None)
    if scope.globals and global_index is not None:
        data = global_index.data if isinstance(global_index.data, dict) else {}
        state = data.get("state") if isinstance(data.get("state"), dict) else {}
        for section, section_kind, allowed, stop in (
                ("vars", "var", True, scope.vars_before), ("zones", "zone", scope.zones, None),
                ("derived", "derived", scope.derived, scope.derived_before)):
            if not allowed:
                continue
            table = state.get(section) if isinstance(state.get(section), dict) else {}
            for name in table:
                if name == stop:
                    break
                result.append((str(name), section_kind, _declaration_detail(section_kind, table[name]), ""))
        for name, function in (data.get("functions") or {}).items() if isinstance(data.get("functions"), dict) else ():
            result.append((str(name), "function", function_signature(name, function),
                           function.get("text", "") if isinstance(function, dict) else ""))
        for name in (data.get("constants") or {}) if isinstance(data.get("constants"), dict) else ():
            result.append((str(name), "constant", "constant", ""))
        if data.get("boards"):
            for name, entry in keydocs.docs()["board_functions"].items():
                result.append((name, "board function", entry["signature"], entry["doc"]))
        for name in RESERVED:
            result.append((name, "name", "name in scope", keydocs.docs()["names"][name]["doc"]))
    elif scope.globals:
        for name in RESERVED:
            result.append((name, "name", "name in scope", keydocs.docs()["names"][name]["doc"]))
    if scope.globals and scope.modified:
        entry = keydocs.docs()["builtins"]["modified"]
        result.append(("modified", "builtin", entry["signature"], entry["doc"]))
    for name, entry in keydocs.docs()["builtins"].items():
        if name != "modified":
            result.append((name, "builtin", entry["signature"], entry["doc"]))
    for name in CONSTANT_NAMES:
        result.append((name, "constant", "", ""))
    seen: set = set()
    unique = []
    for entry in result:
        if entry[0] not in seen:
            seen.add(entry[0])
            unique.append(entry)
    return unique


def _declaration_detail(kind: str, value) -> str:
    if kind == "var":
        if isinstance(value, dict) and value.get("scope") == "player":
            return "variable · one per player"
        return "variable"
    if kind == "zone":
        if isinstance(value, dict) and value.get("owner") == "player":
            return "zone · one per player"
        return "zone"
    return "derived value"


_ORDER = {"local": "0", "var": "1", "zone": "1", "derived": "1", "function": "2", "constant": "2",
          "board function": "3", "name": "3", "builtin": "4"}


def _names(ctx: Context, cursor: Cursor, path: tuple, replace: Span) -> list[Item]:
    model = ctx.model if ctx.kind == "tactic" else None
    names = scope_names(ctx.kind, ctx.index, cursor.data, path, model)
    items = []
    for name, kind, detail, doc in names:
        insert = name
        items.append(Item(name, kind, detail=detail, documentation=doc, insert=insert, replace=replace,
                          sort=_ORDER.get(kind, "5") + name))
    return items
