"""Quick fixes for lint warnings and for validator errors whose repair is clear.

- Did you mean, from a lint warning's ``data.suggestions`` (a name in an expression, a variable
  in ``var``, an open question's ``about``) and for an unknown op (the ops the engine knows).
- ``hand`` → ``hand[actor]`` for a per-player zone or variable without an index.
- "Use ==" for an ``=`` in an expression (the language has no assignment).
- Declare a zone (``state.zones``) or a variable (``state.vars``) that a path names.

Each fix replaces the exact token the diagnostic points at, and only when the text there is still
what the diagnostic was about (an edit since may have moved it).
"""

from __future__ import annotations

import difflib
import re

from ..errors import Span
from .fix import Edit, Fix

_UNKNOWN_OP = re.compile(r"^unknown op '([^']+)'")
_UNDECLARED_ZONE = re.compile(r"zone '([A-Za-z_]\w*)' is not declared in state\.zones")
_ASSIGNMENT = "assignment is not allowed in"
# A lone ``=``: not part of ``==``, ``<=``, ``>=``, ``!=`` (nor of a keyword argument, see _lone_equals).
_LONE_EQUALS = re.compile(r"(?<![=<>!])=(?!=)")


def lint_fixes(snap, diagnostics) -> list:
    fixes = []
    for number, diagnostic in enumerate(diagnostics):
        data = diagnostic.data or {}
        code = data.get("code") if data.get("source") == "tabletwin-lint" else None
        span = diagnostic.span
        text = _text_at(snap, span)
        if code in ("undefined-name", "undeclared-variable", "unknown-about", "unknown-label"):
            expected = data.get("name")
            for position, suggestion in enumerate(data.get("suggestions") or ()):
                if code == "unknown-about":
                    edit_span = _unquoted(snap, span)
                    if edit_span is None:
                        continue
                elif text != expected:
                    continue
                else:
                    edit_span = span
                fixes.append(Fix(f"Change '{_text_at(snap, edit_span)}' to '{suggestion}'",
                                 [Edit(edit_span, suggestion)], [number], position == 0))
            if code == "undeclared-variable" and text == expected and isinstance(expected, str):
                edit = declare(snap, ("state", "vars"), expected, "{init: null}")
                if edit is not None:
                    fixes.append(Fix(f"Declare the variable '{expected}' in state.vars", [edit], [number]))
        elif code == "missing-index" and text == data.get("name") and isinstance(data.get("replacement"), str):
            fixes.append(Fix(f"Write '{data['replacement']}'", [Edit(span, data["replacement"])], [number], True))
        elif _UNKNOWN_OP.match(diagnostic.message):
            fixes += _op_fixes(snap, number, span, _UNKNOWN_OP.match(diagnostic.message).group(1))
        elif _UNDECLARED_ZONE.search(diagnostic.message):
            name = _UNDECLARED_ZONE.search(diagnostic.message).group(1)
            edit = declare(snap, ("state", "zones"), name, "{}")
            if edit is not None:
                fixes.append(Fix(f"Declare the zone '{name}' in state.zones", [edit], [number]))
        elif diagnostic.message.startswith(_ASSIGNMENT):
            fix = _use_equals(snap, number, span)
            if fix is not None:
                fixes.append(fix)
    return fixes


def _text_at(snap, span: Span) -> str | None:
    if span.line != span.end_line or span.line >= len(snap.lines):
        return None
    return snap.lines[span.line][span.column:span.end_column]


def _unquoted(snap, span: Span) -> Span | None:
    text = _text_at(snap, span)
    if not text:
        return None
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return Span(span.line, span.column + 1, span.line, span.end_column - 1)
    return span


def _op_fixes(snap, number: int, span: Span, name: str) -> list:
    from ..game.optable import TABLE
    if _text_at(snap, span) != name:
        return []
    return [Fix(f"Change '{name}' to '{op}'", [Edit(span, op)], [number], position == 0)
            for position, op in enumerate(difflib.get_close_matches(name, sorted(TABLE), n=3, cutoff=0.6))]


def _use_equals(snap, number: int, span: Span):
    """``pips = 1`` → ``pips == 1``: only when the expression has exactly one lone ``=`` outside
    brackets (``f(a=1)`` is a keyword argument, not a comparison)."""
    text = _text_at(snap, span)
    if text is None:
        return None
    depth, found = 0, []
    for position, char in enumerate(text):
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "=" and depth == 0 and _LONE_EQUALS.match(text, position) and \
                (position == 0 or text[position - 1] not in "=<>!"):
            found.append(position)
    if len(found) != 1:
        return None
    at = span.column + found[0]
    return Fix("Use == (compare; the language has no assignment)", [Edit(Span(span.line, at, span.line, at + 1), "==")],
               [number], True)


def declare(snap, section: tuple, name: str, value: str) -> Edit | None:
    """An edit that declares ``name: value`` at the end of ``state.zones`` or ``state.vars``
    (created when missing), in the style (block or flow) the model writes it."""
    loaded = snap.loaded
    if loaded is None or not isinstance(loaded.data, dict):
        return None
    data, positions = loaded.data, loaded.positions
    part = section[1]
    entry = f"{name}: {value}"
    state = data.get("state")
    table = state.get(part) if isinstance(state, dict) else None
    if isinstance(table, dict):
        span = positions.value_span(section)
        if _is_flow(snap, span):
            at = Span(span.end_line, span.end_column - 1, span.end_line, span.end_column - 1)
            return Edit(at, (", " if table else "") + entry)
        last = list(table)[-1] if table else None
        key_span = positions.key_span(section + (last,)) if last is not None else None
        end = positions.value_span(section + (last,)) if last is not None else None
        if key_span is None or end is None:
            return None
        at = Span(end.end_line, end.end_column, end.end_line, end.end_column)
        return Edit(at, f"\n{' ' * key_span.column}{entry}")
    if isinstance(state, dict) and state:
        state_span = positions.value_span(("state",))
        if _is_flow(snap, state_span):
            at = Span(state_span.end_line, state_span.end_column - 1, state_span.end_line, state_span.end_column - 1)
            return Edit(at, f", {part}: {{{entry}}}")
        first = positions.key_span(("state", next(iter(state))))
        if state_span is None or first is None:
            return None
        at = Span(state_span.end_line, state_span.end_column, state_span.end_line, state_span.end_column)
        indent = " " * first.column
        return Edit(at, f"\n{indent}{part}:\n{indent}{indent}{entry}")
    if "state" in data:  # ``state:`` with nothing (or not a mapping) under it: write it anew
        key_span = positions.key_span(("state",))
        value_span = positions.value_span(("state",))
        if key_span is None or value_span is None:
            return None
        return Edit(Span(key_span.line, key_span.column, value_span.end_line, value_span.end_column),
                    f"state:\n  {part}:\n    {entry}")
    flow_key = positions.key_span(("flow",))
    line = flow_key.line if flow_key is not None else len(snap.lines)
    return Edit(Span(line, 0, line, 0), f"state:\n  {part}:\n    {entry}\n")


def _is_flow(snap, span: Span | None) -> bool:
    if span is None or span.line >= len(snap.lines):
        return False
    return snap.lines[span.line][span.column:span.column + 1] == "{"
