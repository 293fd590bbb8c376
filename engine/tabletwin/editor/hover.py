"""Hover texts: what a key or op means, what a name in an expression is, where a place arises.

- A key: its description where it stands, its default and, for a key whose value is a thing of
  its own (``state``, ``flow``, an action), that thing's fields and example (:mod:`.keydocs`).
- ``op: add`` and ``kind: step``: the op's or node kind's summary, fields, defaults and example.
- A name in an expression: a local name with where it is bound; a variable, zone, constant,
  derived value or own function with its declaration as written (``score: {scope: player,
  init: 0}``); a builtin or board function with its signature; a name of the engine.
- A name a field refers to (``do: roll``, ``to: discard``): its declaration.
- A place in a tactic's ``at``: where it arises in the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import Span
from ..modelfile import format_path
from ..modelfile.place_words import path_words
from . import keydocs, schemanav
from .action_hover import action_markdown
from .comprehension_hover import comprehension_markdown, scalar_around
from .context import Context, def_of, function_signature, merged_data, name_kind
from .cursor import Cursor
from .scope import is_expression_path, scope_at
from .symbols import Index
from .text import word_span

_MAX_DECLARATION = 300


@dataclass
class Hover:
    markdown: str
    span: Span


def hover(ctx: Context, cursor: Cursor) -> Hover | None:
    cursor.data = merged_data(ctx.index, cursor)
    line_text = ctx.lines[cursor.line]
    schema_kind = "tactic" if ctx.kind == "tactic" else "model"
    path = cursor.path
    if cursor.role == "value" and is_expression_path(ctx.kind, path):
        return _expression(ctx, cursor, path)
    word, span = word_span(line_text, cursor.line, cursor.column)
    if not word:
        return None
    is_key = line_text[span.end_column:].lstrip(" ").startswith(":")
    if cursor.role == "key" or (is_key and cursor.role == "item"):
        mapping_path = path
        schema = schemanav.at_path(schema_kind, mapping_path, cursor.data)
        flat = schemanav.deref(schema_kind, schema) if schema else {}
        mapping = cursor.mapping
        props = schemanav.properties(schema_kind, schema, mapping)
        parent = def_of(schema_kind, mapping_path, flat, mapping)
        if word == "op" and isinstance(mapping.get("op"), str) and keydocs.def_doc(f"op_{mapping['op']}"):
            return Hover(keydocs.def_markdown("model", f"op_{mapping['op']}"), span)
        if word in props:
            return Hover(keydocs.key_markdown(schema_kind, parent, word, props[word]), span)
        declared = _declared_key(ctx, mapping_path, word)
        if declared is not None:
            return Hover(declared, span)
        return None
    if cursor.role in ("value", "item"):
        return _value(ctx, cursor, path, word, span)
    return None


def _declared_key(ctx: Context, path: tuple, word: str) -> str | None:
    """Hovering a declaration's own key (``score:`` under ``state.vars``): show what it is."""
    index = ctx.index
    if index is None or ctx.kind != "model":
        return None
    kinds = {("actions",): "action", ("state", "vars"): "var", ("state", "zones"): "zone",
             ("state", "derived"): "derived", ("constants",): "constant", ("functions",): "function",
             ("flows",): "flow", ("priority", "windows"): "window", ("outcomes",): "outcome",
             ("agents",): "agent", ("code",): "code", ("boards",): "board"}
    kind = kinds.get(tuple(path))
    if kind is None or not index.declared(kind, word):
        return None
    uses = len(index.refs.get((kind, word), ()))
    return declaration_markdown(index, kind, word) + f"\n\n{uses} use{'s' if uses != 1 else ''} in this file"


def _value(ctx: Context, cursor: Cursor, path: tuple, word: str, span: Span) -> Hover | None:
    schema_kind = "tactic" if ctx.kind == "tactic" else "model"
    key = next((step for step in reversed(path) if isinstance(step, str)), None)
    line_text = ctx.lines[cursor.line]
    if ctx.kind == "tactic" and key == "at" and ctx.model is not None:
        return _place(ctx, cursor, line_text)
    if key == "op" and keydocs.def_doc(f"op_{word}"):
        return Hover(keydocs.def_markdown("model", f"op_{word}"), span)
    if key == "kind" and path and path[0] in ("flow", "flows") and keydocs.def_doc(f"node_{word}"):
        return Hover(keydocs.def_markdown("model", f"node_{word}"), span)
    index = ctx.index
    if index is not None and key is not None and ctx.kind == "model":
        target = name_kind(path, key, cursor)
        if target in ("zone", "var"):
            # a path such as hand[actor]: the name under the cursor may be the zone or a name of its index
            expression = _expression(ctx, cursor, path, base_kind=target)
            if expression is not None:
                return expression
        if target in ("listened", "event"):
            return Hover(_event_markdown(index, word), span)
        if target is not None and index.declared(target, word):
            return Hover(declaration_markdown(index, target, word), span)
    schema_path = path[:-1] if isinstance(path[-1], int) else path
    schema = schemanav.at_path(schema_kind, schema_path, cursor.data)
    if schema is not None and key is not None:
        owner = schemanav.at_path(schema_kind, tuple(s for s in schema_path[:-1]), cursor.data)
        flat = schemanav.deref(schema_kind, owner) if owner else {}
        return Hover(keydocs.key_markdown(schema_kind, def_of(schema_kind, schema_path[:-1], flat, cursor.mapping),
                                          key, schema), span)
    return None


def _place(ctx: Context, cursor: Cursor, line_text: str) -> Hover | None:
    """A place in a tactic's ``at``: the whole scalar (places have spaces) and where it arises."""
    start = cursor.column
    while start > 0 and line_text[start - 1] not in ":,[":
        start -= 1
    end = cursor.column
    while end < len(line_text) and line_text[end] not in ",]#":
        end += 1
    raw = line_text[start:end]
    text = raw.strip().strip("'\"")
    if not text:
        return None
    offset = start + raw.index(text)
    span = Span(cursor.line, offset, cursor.line, offset + len(text))
    from fnmatch import fnmatchcase

    found = [p for p in ctx.model.places if fnmatchcase(p.name, text)]
    if not found:
        return Hover(f"**`{text}`** · place\n\nNo such place in `{ctx.model.path}`: a rule here is never used.", span)
    lines = [f"**`{text}`** · place in `{ctx.model.path.rsplit('/', 1)[-1]}`", ""]
    for place in found[:12]:
        options = f" Options: {', '.join(place.options)}." if place.options else ""
        where = format_path(place.path)
        words = path_words(ctx.model.data, place.path) if isinstance(ctx.model.data, dict) else where
        said = (where in place.about or words in place.about or words == place.name)  # op places say it already
        at = "" if said else f" ({words})"
        lines.append(f"- `{place.name}`: {place.about}{at}.{options}")
    return Hover("\n".join(lines), span)


def _event_markdown(index: Index, name: str) -> str:
    emits = index.decls.get(("event", name), [])
    listeners = index.refs.get(("event", name), [])
    lines = [f"**`{name}`** · event", ""]
    lines.append(f"Fired at {len(emits)} place{'s' if len(emits) != 1 else ''}"
                 + (": " + ", ".join(f"line {s.span.line + 1}" for s in emits[:6]) if emits else ""))
    lines.append(f"Heard by {len(listeners)} trigger{'s' if len(listeners) != 1 else ''}"
                 + (": " + ", ".join(f"line {s.span.line + 1}" for s in listeners[:6]) if listeners else ""))
    return "\n".join(lines)


_KIND_WORDS = {"var": "variable", "zone": "zone", "derived": "derived value", "constant": "constant",
               "function": "own function", "action": "action", "flow": "flow", "window": "priority window",
               "outcome": "outcome model", "agent": "agent", "code": "code", "board": "board",
               "content": "content item", "node": "flow node"}


def declaration_markdown(index: Index, kind: str, name: str) -> str:
    """The declaration of ``name`` as written in the model, with what kind of thing it is."""
    sites = index.decls.get((kind, name), [])
    if not sites:
        return f"**`{name}`** · {_KIND_WORDS.get(kind, kind)}"
    site = sites[0]
    path = site.path[:-1] if kind in ("content", "node") else site.path  # the item, not its id
    where = format_path(path)
    if kind == "action" and tuple(path[:1]) == ("actions",):
        return action_markdown(index, name, where, site.span.line + 1)
    text = declaration_text(index, path)
    return f"```yaml\n{text}\n```\n{_KIND_WORDS.get(kind, kind)} · `{where}` · line {site.span.line + 1}"


def declaration_text(index: Index, path: tuple) -> str:
    """``score: {scope: player, init: 0}``: the key and a one-line value (long values shortened)."""
    positions = index.positions
    key_span = positions.key_span(path)
    value_span = positions.value_span(path)
    if key_span is not None and value_span is not None and value_span.line == key_span.line:
        return index.lines[key_span.line][key_span.column:value_span.end_column]
    value = schemanav.value_at(index.data, path)
    if isinstance(path[-1], int):
        return f"- {_flow(value)}"
    return f"{path[-1]}: {_flow(value)}"


def _flow(value, budget: list | None = None) -> str:
    budget = budget if budget is not None else [_MAX_DECLARATION]
    if budget[0] <= 0:
        return "..."
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            if budget[0] <= 0:
                parts.append("...")
                break
            text = f"{key}: {_flow(item, budget)}"
            budget[0] -= len(text)
            parts.append(text)
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, list):
        parts = []
        for item in value:
            if budget[0] <= 0:
                parts.append("...")
                break
            text = _flow(item, budget)
            budget[0] -= len(text)
            parts.append(text)
        return "[" + ", ".join(parts) + "]"
    if isinstance(value, str):
        return value if re.fullmatch(r"[\w .\-/]*", value) and value.strip() == value and value else repr(value)
    return keydocs.plain(value)


def _expression(ctx: Context, cursor: Cursor, path: tuple, base_kind: str | None = None) -> Hover | None:
    line_text = ctx.lines[cursor.line]
    word, span = word_span(line_text, cursor.line, cursor.column, expression=True)
    if not word or word[0].isdigit():
        return None
    if base_kind is not None:
        value_start = cursor.column - len(cursor.typed)
        before = line_text[value_start:span.column].lstrip("'\" ")
        if not before:  # the path's own name: the zone or variable itself
            index = ctx.index
            if index is not None and index.declared(base_kind, word):
                return Hover(declaration_markdown(index, base_kind, word), span)
            return None
    site = ctx.index.at(cursor.line, cursor.column) if ctx.index is not None and ctx.kind == "model" else None
    if site is not None and site.kind == "content" and site.name == word:  # content['cards']['bolt']
        return Hover(declaration_markdown(ctx.index, "content", word), span)
    markdown = describe_name(ctx, cursor, path, word)
    return Hover(markdown, span) if markdown else None


def describe_name(ctx: Context, cursor: Cursor, path: tuple, name: str) -> str | None:
    """What ``name`` is in the expression at ``path``."""
    tactic = ctx.kind == "tactic"
    # The scalar around the cursor as written now (the index may be a few edits old), else the
    # index's value (an expression over several lines).
    written = scalar_around(ctx.lines[cursor.line], cursor.column)
    indexed = schemanav.value_at(ctx.index.data, path) if ctx.index is not None else None
    for expression in (written, indexed):
        if isinstance(expression, str) and " for " in expression:
            markdown = comprehension_markdown(expression, name)
            if markdown is not None:  # a comprehension's variable hides any other name
                return markdown
    scope = scope_at(ctx.kind, cursor.data, path, ctx.index if not tactic else None)
    if name in scope.locals:
        doc = keydocs.name_markdown(name, tactic)
        if tactic and ctx.index is not None and ctx.index.declared("let", name):
            site = ctx.index.decls[("let", name)][0]
            return f"```yaml\n{declaration_text(ctx.index, site.path)}\n```\nlet of the tactic · line {site.span.line + 1}"
        where = scope.locals[name]
        return (doc + f"\n\nHere: {where}") if doc else f"**`{name}`** · local name\n\n{where}"
    index = ctx.index if not tactic else (ctx.model.index if ctx.model is not None else None)
    if index is not None:
        kind = index.resolve(name, ())
        if kind is not None:
            markdown = declaration_markdown(index, kind, name)
            if kind == "function":
                function = schemanav.value_at(index.data, ("functions", name))
                signature = function_signature(name, function)
                text = function.get("text") if isinstance(function, dict) else None
                markdown = f"```python\n{signature}\n```\n" + (f"{text}\n\n" if text else "") + markdown
            return markdown
        if name in keydocs.docs()["board_functions"] and isinstance(index.data, dict) and index.data.get("boards"):
            return keydocs.board_function_markdown(name)
    return keydocs.builtin_markdown(name) or keydocs.name_markdown(name, tactic)
