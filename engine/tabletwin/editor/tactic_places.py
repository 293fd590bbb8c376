"""The places a tactic names, checked against its model's places, and renamed with its actions.

A tactic names places in every rule's ``at`` and in ``search.at`` (a text or a list of texts,
shell-style wildcards allowed). The engine matches them against the place of a decision
without a subset choice's `` · n`` (tactics.md "Decision places"), so a pattern that matches none
of the model's places (:func:`.places.model_places`) is never used: :func:`place_findings`
warns about it at the pattern's own characters, with a close place as "did you mean" (also in
the finding's ``data``, ``{"place": ..., "suggestion": ...}``, which :func:`place_fixes` turns
into a quick fix).

Renaming an action reaches a tactic in two ways (:func:`action_edits`): the name in a place
``action <name>`` (also ``(cost)``, `` · <event>`` and wildcards after the name), and an option
label in ``pick`` or ``options`` of a rule that only decides between actions (every place it
matches is a step or a priority window, whose options are action names). Labels of other
rules may be anything and are left alone.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from ..checks.codes import UNKNOWN_PLACE
from ..checks.findings import Finding
from ..errors import Span
from ..modelfile import format_path
from ..tactics.player import base_place
from .fix import Diagnostic, Edit, Fix
from .places import ModelFile, Place
from .text import scalar_start

KINDS = ("step", "action", "window", "trigger", "content")
#: Kinds of places whose options are action names (and ``pass`` in a window).
ACTION_OPTIONS = ("step ", "window ")
_WILDCARD = re.compile(r"[*?\[]")
_ACTION = re.compile(r"action ([A-Za-z_][\w\-]*)(?= |$)")


@dataclass(frozen=True)
class PlaceRef:
    """A place (or pattern) written in a tactic: ``span`` is its own characters when ``exact``
    (a plain scalar, or a quoted one without escapes), else the whole value."""

    text: str
    span: Span
    exact: bool
    path: tuple  # ("rules", 2, "at") or ("rules", 2, "at", 0), ("search", "at")...
    rule: int | None  # the rule's index, None for search.at


def place_refs(loaded, lines: list[str]) -> list[PlaceRef]:
    """Every place written in the rules' ``at`` and in ``search.at``, in file order."""
    data = loaded.data if loaded is not None and isinstance(loaded.data, dict) else {}
    found = []
    rules = data.get("rules")
    for index, rule in enumerate(rules if isinstance(rules, list) else []):
        if isinstance(rule, dict) and "at" in rule:
            found += _refs(loaded.positions, lines, rule["at"], ("rules", index, "at"), index)
    search = data.get("search")
    if isinstance(search, dict) and "at" in search:
        found += _refs(loaded.positions, lines, search["at"], ("search", "at"), None)
    return found


def _refs(positions, lines: list[str], value, path: tuple, rule: int | None) -> list[PlaceRef]:
    items = [(value, path)] if not isinstance(value, list) else [(v, path + (i,)) for i, v in enumerate(value)]
    found = []
    for text, where in items:
        if not isinstance(text, str):
            continue  # the schema reports anything but text
        span = positions.value_span(where)
        if span is None:
            continue
        start = scalar_start(lines, span, text)
        if start is not None:
            found.append(PlaceRef(text, Span(span.line, start, span.line, start + len(text)), True, where, rule))
        else:
            found.append(PlaceRef(text, _first_line(span, lines), False, where, rule))
    return found


def matches(pattern: str, places: list[Place]) -> list[Place]:
    """The places ``pattern`` matches, as the engine matches a rule's ``at``."""
    return [place for place in places if fnmatchcase(place.name, pattern)]


# ---- unknown places ----------------------------------------------------------------------------


def place_findings(loaded, lines: list[str], model: ModelFile | None) -> list[Finding]:
    """A warning for every place in the tactic that matches no place of ``model``.

    Nothing when the model is unknown or does not parse: the places cannot be known then.
    """
    if model is None or model.loaded is None or loaded is None:
        return []
    places = model.places
    where = Path(model.path).name
    found = []
    for ref in place_refs(loaded, lines):
        if matches(ref.text, places):
            continue
        suggestion = suggest(ref.text, places)
        base = base_place(ref.text)
        if base != ref.text and suggestion == base:
            message = (f"no place '{ref.text}' in {where}: tactics match a subset choice at its place without "
                       f"'{ref.text[len(base):]}'")
        else:
            consequence = "look-ahead never happens there" if ref.rule is None else "the rule is never used there"
            named = f"matches '{ref.text}'" if _WILDCARD.search(ref.text) else f"'{ref.text}'"
            message = f"no place {named} in {where}: {consequence}"
        if suggestion is not None:
            message += f" (did you mean '{suggestion}'?)"
        data = {"place": ref.text, "suggestion": suggestion} if suggestion is not None else {"place": ref.text}
        found.append(Finding(message, ref.span, "warning", format_path(ref.path), data, UNKNOWN_PLACE))
    return found


def suggest(pattern: str, places: list[Place]) -> str | None:
    """A close place a mistyped ``pattern`` may have meant (decision places only), or ``None``.

    The place kind (``action``) is compared on its own, then the rest among places of that kind,
    so the shared ``action `` does not make unrelated places look close. A wildcard pattern only
    gets its kind word corrected: widening or narrowing a pattern is the author's choice.
    """
    names = [place.name for place in places if place.decision]
    base = base_place(pattern)
    if base != pattern and any(fnmatchcase(name, base) for name in names):
        return base
    kind, _, rest = pattern.partition(" ")
    if kind not in KINDS:
        close = difflib.get_close_matches(kind, KINDS, n=1, cutoff=0.6)
        if close and rest and any(fnmatchcase(name, f"{close[0]} {rest}") for name in names):
            return f"{close[0]} {rest}"
        if _WILDCARD.search(pattern):
            return None
        close = difflib.get_close_matches(pattern, names, n=1, cutoff=0.75)
        return close[0] if close else None
    if _WILDCARD.search(pattern):
        return None
    rests = [name.partition(" ")[2] for name in names if name.partition(" ")[0] == kind]
    close = difflib.get_close_matches(rest, rests, n=1, cutoff=0.6)
    return f"{kind} {close[0]}" if close else None


def place_fixes(snap, diagnostics: list[Diagnostic]) -> list[Fix]:
    """"Change 'action pnch' to 'action punch'" for the unknown places the server reported."""
    fixes = []
    for number, diagnostic in enumerate(diagnostics):
        data = diagnostic.data or {}
        place, suggestion = data.get("place"), data.get("suggestion")
        if not isinstance(place, str) or not isinstance(suggestion, str):
            continue
        span = diagnostic.span
        if span.line != span.end_line or span.line >= len(snap.lines) \
                or snap.lines[span.line][span.column:span.end_column] != place:
            continue  # the text changed since, or the place is written with escapes
        fixes.append(Fix(f"Change '{place}' to '{suggestion}'", [Edit(span, suggestion)], [number], True))
    return fixes


# ---- rename --------------------------------------------------------------------------------------


def action_span(ref: PlaceRef) -> tuple[str, Span] | None:
    """The action named by a place ``action <name>...`` and the span of its name (exact refs only)."""
    match = _ACTION.match(ref.text)
    if match is None or not ref.exact:
        return None
    start = ref.span.column + match.start(1)
    return match.group(1), Span(ref.span.line, start, ref.span.line, start + len(match.group(1)))


def action_at(loaded, lines: list[str], line: int, column: int) -> tuple[str, Span] | None:
    """The action whose name is under ``(line, column)`` in a place of the tactic, if any."""
    for ref in place_refs(loaded, lines):
        if ref.span.line != line or not ref.span.column <= column <= ref.span.end_column:
            continue
        found = action_span(ref)
        if found is not None and found[1].column <= column <= found[1].end_column:
            return found
    return None


def action_edits(loaded, lines: list[str], places: list[Place], old: str, new: str) -> tuple[list[Edit], int]:
    """The edits that rename action ``old`` to ``new`` in a tactic, and how many uses were
    left alone (written with escapes or over several lines).

    ``places`` are the model's places before the rename (they say which rules decide between
    actions).
    """
    if loaded is None or not isinstance(loaded.data, dict):
        return [], 0
    edits, skipped = [], 0
    refs = place_refs(loaded, lines)
    for ref in refs:
        named = _ACTION.match(ref.text)
        if named is None or named.group(1) != old:
            continue
        if ref.exact:
            edits.append(Edit(action_span(ref)[1], new))
        else:
            skipped += 1
    by_rule: dict[int, list[PlaceRef]] = {}
    for ref in refs:
        if ref.rule is not None:
            by_rule.setdefault(ref.rule, []).append(ref)
    rules = loaded.data.get("rules")
    for index, refs_of_rule in by_rule.items():
        rule = rules[index]
        matched = [place for ref in refs_of_rule for place in matches(ref.text, places) if place.decision]
        if not matched or not all(place.name.startswith(ACTION_OPTIONS) for place in matched) \
                or not any(old in place.options for place in matched):
            continue
        labels = [(("rules", index, "pick"), rule.get("pick"))]
        if isinstance(rule.get("options"), list):
            labels += [(("rules", index, "options", i), label) for i, label in enumerate(rule["options"])]
        for path, label in labels:
            if label != old:
                continue
            span = loaded.positions.value_span(path)
            start = scalar_start(lines, span, label)
            if start is None:
                skipped += 1
                continue
            edits.append(Edit(Span(span.line, start, span.line, start + len(old)), new))
    return sorted(edits, key=lambda e: (e.span.line, e.span.column)), skipped


def _first_line(span: Span, lines: list[str]) -> Span:
    if span.end_line == span.line or span.line >= len(lines):
        return span
    return Span(span.line, span.column, span.line, max(span.column + 1, len(lines[span.line].rstrip())))
