"""Quick fixes for the lines an editor asks about.

- "Did you mean": an unknown key reported by the validator (its diagnostic carries
  ``data = {"key": ..., "suggestion": ...}``) becomes the suggestion; an unknown name (an action
  in ``do``, a zone, a variable, a name in an expression) becomes a close declared name.
- Add the missing ``_x`` twin of a text field the engine cannot run (``pre`` without ``pre_x``,
  ``if`` without ``if_x`` ...): the twin is inserted next to it with an empty expression, which
  the validator then points at until it is written.
- Declare a loop's ``as`` variable that ``state.vars`` lacks.
- For lint warnings and validator errors whose repair is clear (did you mean for names, ops and
  ``about``; ``hand[actor]``; ``==``; declaring a zone or variable): :mod:`.lintfixes`. An unknown
  key that is a key and its value without the space (``result:win``) gets the space.
- Quote a key that YAML 1.1 reads as a boolean (``on:`` becomes ``"on":``).
"""

from __future__ import annotations

import difflib
import re
from ..errors import Span
from . import schemanav
from .context import def_of
from .document import Snapshot
from .fix import Diagnostic, Edit, Fix
from .lintfixes import declare, lint_fixes
from .symbols import Index
from .text import line_indent

#: Text fields the engine cannot run, by the keydocs/schema definition they belong to.
TWINS = {
    "action": ("pre",), "trigger": ("if", "controller"), "end_condition": ("if", "who"),
    "modifier": ("if", "change"), "op_if": ("cond",), "case": ("when",), "op_exec": ("of",),
    "op_modify": ("change",), "outcome": ("p",), "node_loop": ("over", "until"), "node_step": ("actor",),
    "op_search": ("filter",), "protocol": ("first",),
}
_TWIN_KEY = re.compile(r"(?:^|[\s{,])(pre|if|controller|who|change|cond|when|of|p|over|until|actor|filter|first)\s*:(?=\s|$)")
_BOOLEAN_WORDS = ("yes", "no", "on", "off", "true", "false")
_BOOLEAN_KEY = re.compile(
    r"(?:^|(?<=[\s{,\-]))(" + "|".join(w for word in _BOOLEAN_WORDS for w in (word, word.title(), word.upper()))
    + r")(?=\s*:(?:\s|$))")
_AS_KEY = re.compile(r"(?:^|[\s{,])as\s*:\s*['\"]?([A-Za-z_]\w*)")


def code_actions(snap: Snapshot, span: Span, diagnostics: list[Diagnostic] | None = None,
                 index: Index | None = None) -> list[Fix]:
    if snap.kind is None:
        return []
    diagnostics = diagnostics or []
    fixes: list[Fix] = []
    fixes += _unknown_keys(snap, diagnostics)
    fixes += lint_fixes(snap, diagnostics)
    fixes += _boolean_keys(snap, span, diagnostics)
    index = index if index is not None else snap.index
    if index is not None and snap.kind == "model":
        fixes += _unknown_names(snap, index, span, diagnostics)
        fixes += _twins(snap, index, span)
        fixes += _loop_variables(snap, index, span, diagnostics)
    seen = set()
    unique = []
    for fix in fixes:
        key = (fix.title, tuple((e.span, e.text) for e in fix.edits))
        if key not in seen:
            seen.add(key)
            unique.append(fix)
    return unique


def _lines_of(span: Span, diagnostics: list[Diagnostic]) -> range:
    first = min([span.line] + [d.span.line for d in diagnostics])
    last = max([span.end_line] + [d.span.end_line for d in diagnostics])
    return range(first, last + 1)


def _overlapping(diagnostics: list[Diagnostic], span: Span) -> list[int]:
    return [i for i, d in enumerate(diagnostics)
            if d.span.line <= span.end_line and span.line <= d.span.end_line]


def _unknown_keys(snap: Snapshot, diagnostics: list[Diagnostic]) -> list[Fix]:
    fixes = []
    for number, diagnostic in enumerate(diagnostics):
        data = diagnostic.data or {}
        key, suggestion = data.get("key"), data.get("suggestion")
        if not isinstance(key, str) or not isinstance(suggestion, str):
            continue
        span = _key_span(snap, diagnostic.span, key)
        if span is None:
            continue
        if key.startswith(f"{suggestion}:"):
            # ``result:win`` is one key to YAML; the author meant the key and its value.
            at = span.column + len(suggestion) + 1
            fixes.append(Fix(f"Add a space after '{suggestion}:'", [Edit(Span(span.line, at, span.line, at), " ")],
                             [number], True))
            continue
        fixes.append(Fix(f"Change '{key}' to '{suggestion}'", [Edit(span, suggestion)], [number], True))
    return fixes


def _key_span(snap: Snapshot, span: Span, key: str) -> Span | None:
    """Where ``key`` is written at (or on the line of) ``span``, without quotes."""
    if span.line >= len(snap.lines):
        return None
    line = snap.lines[span.line]
    if line[span.column:span.end_column] == key:
        return span
    found = line.find(key, span.column)
    if found < 0:
        found = line.find(key)
    if found < 0:
        return None
    return Span(span.line, found, span.line, found + len(key))


def _boolean_keys(snap: Snapshot, span: Span, diagnostics: list[Diagnostic]) -> list[Fix]:
    fixes = []
    for line in _lines_of(span, diagnostics):
        if line >= len(snap.lines):
            break
        text = snap.lines[line]
        for match in _BOOLEAN_KEY.finditer(text):
            if text[:match.start()].strip(" -{,") and "{" not in text[:match.start()] and "," not in text[:match.start()]:
                continue
            word = match.group(1)
            where = Span(line, match.start(1), line, match.end(1))
            fixes.append(Fix(f"Quote the key {word} (YAML 1.1 reads it as true/false)",
                             [Edit(where, f'"{word}"')], _overlapping(diagnostics, where), True))
    return fixes


def _unknown_names(snap: Snapshot, index: Index, span: Span, diagnostics: list[Diagnostic]) -> list[Fix]:
    fixes = []
    lines = _lines_of(span, diagnostics)
    for site, local_names in index.unknown:
        if site.span.line not in lines or not site.exact:
            continue
        candidates = list(dict.fromkeys(index.candidates(site, local_names)))
        for suggestion in difflib.get_close_matches(site.name, candidates, n=3, cutoff=0.6):
            fixes.append(Fix(f"Change '{site.name}' to '{suggestion}'", [Edit(site.span, suggestion)],
                             _overlapping(diagnostics, site.span), not fixes))
    return fixes


def _cursor_mapping(snap: Snapshot, line: int, column: int):
    cursor = snap.cursor(line, column)
    if cursor.role != "key":
        return None
    return cursor


def _twins(snap: Snapshot, index: Index, span: Span) -> list[Fix]:
    loaded = snap.loaded
    if loaded is None:
        return []
    fixes = []
    for line in range(span.line, min(span.end_line, len(snap.lines) - 1) + 1):
        text = snap.lines[line]
        for match in _TWIN_KEY.finditer(text):
            key = match.group(1)
            cursor = _cursor_mapping(snap, line, match.start(1))
            if cursor is None:
                continue
            path = cursor.path
            mapping = schemanav.value_at(loaded.data, path)
            if not isinstance(mapping, dict) or f"{key}_x" in mapping or not isinstance(mapping.get(key), str):
                continue
            schema = schemanav.at_path("model", path, loaded.data)
            flat = schemanav.deref("model", schema) if schema else {}
            owner = "protocol" if tuple(path) == ("priority", "protocol") else def_of("model", path, flat, mapping)
            if key not in TWINS.get(owner or "", ()):
                continue
            edit = _insert_after(snap, loaded.positions, path, key, f'{key}_x: ""')
            if edit is not None:
                # As a snippet the cursor lands between the quotes, ready for the expression.
                snippet = Edit(edit.span, edit.text[:-1] + '$0"')
                fixes.append(Fix(f"Add {key}_x (the expression the engine runs for '{key}')", [edit],
                                 snippet=[snippet]))
    return fixes


def _insert_after(snap: Snapshot, positions, path: tuple, key: str, entry: str) -> Edit | None:
    """An edit that adds ``entry`` to the mapping at ``path`` right after ``key``'s value."""
    key_span = positions.key_span(path + (key,))
    value_span = positions.value_span(path + (key,))
    if key_span is None or value_span is None:
        return None
    before = snap.lines[key_span.line][:key_span.column].rstrip()
    at = Span(value_span.end_line, value_span.end_column, value_span.end_line, value_span.end_column)
    if before.endswith(("{", ",")):
        return Edit(at, f", {entry}")
    return Edit(at, f"\n{' ' * key_span.column}{entry}")


def _loop_variables(snap: Snapshot, index: Index, span: Span, diagnostics: list[Diagnostic]) -> list[Fix]:
    loaded = snap.loaded
    if loaded is None:
        return []
    fixes = []
    for line in _lines_of(span, diagnostics):
        if line >= len(snap.lines):
            break
        for match in _AS_KEY.finditer(snap.lines[line]):
            name = match.group(1)
            site = index.at(line, match.start(1))
            if site is None or site.kind != "var" or site.name != name or index.declared("var", name):
                continue
            edit = declare(snap, ("state", "vars"), name, "{init: null}")
            if edit is not None:
                fixes.append(Fix(f"Declare the loop variable '{name}' in state.vars", [edit],
                                 _overlapping(diagnostics, site.span), True))
    return fixes


__all__ = ["Diagnostic", "Edit", "Fix", "code_actions", "line_indent"]
