"""Go to definition, find references, rename and the document outline.

All of them work on the index of the exact text they answer for (never an older one), since
their answers point into it. Definition of an event goes from a trigger to the ``emit``s that
fire it and back; in a tactic, from a place in ``at`` to where it arises in the model file.
Rename covers actions, zones, variables, step ids, priority windows and triggers: the
declaration and every use, inside expressions too, but only uses whose characters map one to one
to the name (plain or quoted scalars without escapes); the others are counted in
:attr:`Rename.skipped` and left alone.

An action is also named by tactics (``at: action commit``, and option labels of rules that pick
between actions, see :mod:`.tactic_places`). Renaming it in a model also edits the tactics
passed in that play this model; renaming it from a place in a tactic edits the model, that
tactic and the others passed in (:attr:`Rename.others`, one :class:`FileEdits` per file). Step
ids, windows and triggers are named by places too (``step act``, ``window main``, ``trigger
counter · hit``): renaming one in the model edits those places, and find references of any of
the four lists them (:mod:`.place_uses`). The tactics are those passed in: the language server
passes the open ones and those beside the model.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase

from ..errors import Span
from ..modelfile.shared import Once, brief
from .document import Snapshot
from .fix import Edit
from .place_uses import PREFIX, place_name_spans, tactics_of
from .places import model_places
from .symbols import Index, Site
from .tactic_places import action_at, action_edits
from .text import word_span

RENAMEABLE = ("action", "zone", "var", "node", "window", "trigger")
_PLACE_NAME = re.compile(r"[A-Za-z_][\w\-]*")  # a name a tactic can write after its place kind
_NAME = {"action": _PLACE_NAME, "zone": re.compile(r"[A-Za-z][A-Za-z0-9_]*"),
         "var": re.compile(r"[A-Za-z][A-Za-z0-9_]*"), "node": _PLACE_NAME, "window": _PLACE_NAME,
         "trigger": _PLACE_NAME}


@dataclass(frozen=True)
class Location:
    """``path`` ``None`` is the document asked about; otherwise another file (a tactic's model)."""

    path: str | None
    span: Span


@dataclass
class FileEdits:
    """Edits in another file than the one asked about; ``lines`` is the text they point into."""

    path: str
    lines: list[str]
    edits: list[Edit]


@dataclass
class Rename:
    edits: list[Edit]
    skipped: int = 0
    others: list[FileEdits] = field(default_factory=list)


@dataclass
class Symbol:
    name: str
    kind: str
    span: Span
    selection: Span
    detail: str = ""
    children: list["Symbol"] = field(default_factory=list)


def site_at(snap: Snapshot, index: Index, line: int, column: int) -> Site | None:
    """The site under the cursor; for a site spanning a whole value, the one named by the word."""
    site = index.at(line, column)
    if site is None or site.exact:
        return site
    word, _span = word_span(snap.lines[line], line, column, expression=True)
    for candidate in index.by_line.get(line, ()):
        span = candidate.span
        if candidate.name == word and span.column <= column <= span.end_column:
            return candidate
    return None


def definition(snap: Snapshot, line: int, column: int, index: Index | None = None) -> list[Location]:
    index = index if index is not None else snap.index
    if snap.kind == "tactic":
        return _tactic_definition(snap, line, column, index)
    if index is None:
        return []
    site = site_at(snap, index, line, column)
    if site is None:
        return []
    if site.kind == "event":
        targets = index.refs.get(("event", site.name), []) if site.decl else index.decls.get(("event", site.name), [])
        return [Location(None, s.span) for s in targets]
    return [Location(None, s.span) for s in index.decls.get((site.kind, site.name), [])]


def references(snap: Snapshot, line: int, column: int, include_declaration: bool = True,
               index: Index | None = None, tactics: Iterable[Snapshot] = ()) -> list[Location]:
    """Every use of the name under the cursor; for an action, step id, window or trigger, also
    the places of the ``tactics`` (that play this model) that name it."""
    index = index if index is not None else snap.index
    if index is None:
        return []
    site = site_at(snap, index, line, column)
    if site is None:
        return []
    key = (site.kind, site.name)
    found = (index.decls.get(key, []) if include_declaration else []) + index.refs.get(key, [])
    unique = list(dict.fromkeys((s.span.line, s.span.column, s.span.end_line, s.span.end_column) for s in found))
    result = [Location(None, Span(*where)) for where in sorted(unique)]
    if site.kind in PREFIX and snap.kind == "model":
        for tactic in tactics_of(snap.path, tactics):
            spans, _inexact = place_name_spans(tactic.loaded, tactic.lines, site.kind, site.name)
            result += [Location(tactic.path, span) for span in spans]
    return result


def prepare_rename(snap: Snapshot, line: int, column: int, index: Index | None = None) -> Span | None:
    if snap.kind == "tactic":
        found = _tactic_action(snap, line, column)
        return found[1] if isinstance(found, tuple) else None
    index = index if index is not None else snap.index
    if index is None or snap.kind != "model":
        return None
    site = site_at(snap, index, line, column)
    if site is None or site.kind not in RENAMEABLE or not site.exact or not index.declared(site.kind, site.name):
        return None
    return site.span


def rename(snap: Snapshot, line: int, column: int, new_name: str, index: Index | None = None,
           tactics: Iterable[Snapshot] = ()) -> Rename | str:
    """The edits that rename the action, zone or variable under the cursor, or why not.

    ``tactics`` are snapshots of other tactic files (the open ones); those that play the model
    get edits too when an action is renamed.
    """
    if snap.kind == "tactic":
        return _rename_from_tactic(snap, line, column, new_name, tactics)
    index = index if index is not None else snap.index
    if index is None:
        return "the document does not parse; fix it before renaming"
    site = site_at(snap, index, line, column)
    if site is None or site.kind not in RENAMEABLE or not index.declared(site.kind, site.name):
        return "only actions, zones, variables, step ids, windows and triggers can be renamed"
    result = _rename_name(index, site.kind, site.name, new_name)
    if isinstance(result, Rename) and result.edits and site.kind == "action":
        others, skipped = _tactic_edits(snap.path, snap.loaded.data, site.name, new_name, tactics)
        result.others += others
        result.skipped += skipped
    elif isinstance(result, Rename) and result.edits and site.kind in PREFIX:
        for tactic in tactics_of(snap.path, tactics):
            spans, inexact = place_name_spans(tactic.loaded, tactic.lines, site.kind, site.name)
            result.skipped += inexact
            if spans:
                result.others.append(FileEdits(tactic.path, tactic.lines, [Edit(span, new_name) for span in spans]))
    return result


def _rename_name(index: Index, kind: str, name: str, new_name: str) -> Rename | str:
    """The edits in the model of ``index`` that rename ``name`` (a ``kind``), or why not."""
    if not _NAME[kind].fullmatch(new_name):
        return f"'{new_name}' is not a valid name for {_a(_WORD[kind])}"
    if new_name == name:
        return Rename([])
    for other in (kind,) + (("var", "zone", "derived", "constant", "function") if kind in ("var", "zone") else ()):
        if index.declared(other, new_name):
            return f"'{new_name}' is already {_a(_WORD.get(other, other))}"
    sites = index.decls.get((kind, name), []) + index.refs.get((kind, name), [])
    edits = {}
    skipped = 0
    for found in sites:
        if not found.exact:
            skipped += 1
            continue
        span = found.span
        edits[(span.line, span.column)] = Edit(span, new_name)
    return Rename(sorted(edits.values(), key=lambda e: (e.span.line, e.span.column)), skipped)


def _tactic_action(snap: Snapshot, line: int, column: int):
    """``(action name, span of the name, model)`` for a place ``action <name>`` under the
    cursor in a tactic whose model declares the action, or why there is none."""
    loaded = snap.loaded
    if loaded is None:
        return "the document does not parse; fix it before renaming"
    found = action_at(loaded, snap.lines, line, column)
    if found is None:
        return "in a tactic, only the action of a place 'action <name>' can be renamed"
    model = snap.model()
    if model is None:
        return "the model of this tactic was not found (a model with its game in this folder or its parent)"
    if model.index is None:
        return "the model of this tactic does not parse; fix it before renaming"
    if not model.index.declared("action", found[0]):
        return f"the model has no action '{found[0]}'"
    return found[0], found[1], model


def _rename_from_tactic(snap: Snapshot, line: int, column: int, new_name: str,
                        tactics: Iterable[Snapshot]) -> Rename | str:
    found = _tactic_action(snap, line, column)
    if isinstance(found, str):
        return found
    name, _span, model = found
    in_model = _rename_name(model.index, "action", name, new_name)
    if isinstance(in_model, str) or not in_model.edits:
        return in_model
    own, skipped = _tactic_edits(model.path, model.data, name, new_name, [snap])
    others, more = _tactic_edits(model.path, model.data, name, new_name,
                                 [t for t in tactics if not (t.path and snap.path and _same_file(t.path, snap.path))])
    return Rename(own[0].edits if own else [], in_model.skipped + skipped + more,
                  [FileEdits(model.path, model.snapshot.lines, in_model.edits)] + others)


def _tactic_edits(model_path: str | None, model_data, old: str, new: str,
                  tactics: Iterable[Snapshot]) -> tuple[list[FileEdits], int]:
    """The edits that rename action ``old`` in the ``tactics`` that play the model at
    ``model_path``, and how many uses were left alone."""
    if not model_path:
        return [], 0
    places = model_places(model_data)
    found, skipped = [], 0
    for tactic in tactics:
        if tactic.kind != "tactic" or tactic.loaded is None or not tactic.path:
            continue
        model = tactic.model()
        if model is None or not _same_file(model.path, model_path):
            continue
        edits, left = action_edits(tactic.loaded, tactic.lines, places, old, new)
        skipped += left
        if edits:
            found.append(FileEdits(tactic.path, tactic.lines, edits))
    return found, skipped


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _same_file(a: str, b: str) -> bool:
    return os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b))


_WORD = {"action": "action", "zone": "zone", "var": "variable", "derived": "derived value", "constant": "constant",
         "function": "function", "node": "step id", "window": "window", "trigger": "trigger"}


def _tactic_definition(snap: Snapshot, line: int, column: int, index: Index | None) -> list[Location]:
    model = snap.model()
    line_text = snap.lines[line]
    if index is not None:
        site = site_at(snap, index, line, column)
        if site is not None and site.kind == "let":
            return [Location(None, s.span) for s in index.decls.get(("let", site.name), [])]
    if model is None or model.index is None:
        return []
    cursor = snap.cursor(line, column)
    key = cursor.key
    if cursor.role in ("value", "item") and key == "at":
        text = _scalar_around(line_text, column)
        found = [p for p in model.places if fnmatchcase(p.name, text)]
        positions = model.snapshot.loaded.positions
        result = []
        for place in found:
            node_id = place.path + ("id",)
            span = positions.value_span(node_id) if place.name.startswith("step ") else None
            span = span or positions.span(place.path)
            if span is not None:
                result.append(Location(model.path, span))
        return result
    word, _span = word_span(line_text, line, column, expression=True)
    kind = model.index.resolve(word, ())
    if kind is None:
        return []
    return [Location(model.path, s.span) for s in model.index.decls.get((kind, word), [])]


def _scalar_around(line_text: str, column: int) -> str:
    start = column
    while start > 0 and line_text[start - 1] not in ":,[":
        start -= 1
    end = column
    while end < len(line_text) and line_text[end] not in ",]#":
        end += 1
    return line_text[start:end].strip().strip("'\"")


def document_symbols(snap: Snapshot, loaded=None) -> list[Symbol]:
    """The outline: the flow as a tree of nodes, actions, state, triggers, end conditions..."""
    loaded = loaded if loaded is not None else snap.loaded
    if loaded is None or not isinstance(loaded.data, dict):
        return []
    outline = _Outline(loaded, snap.lines)
    if snap.kind == "tactic":
        return outline.tactic()
    return outline.model()


class _Outline:
    def __init__(self, loaded, lines: list[str]):
        self.data = loaded.data
        self.positions = loaded.positions
        self.lines = lines
        self.once = Once()  # a node that aliases share is outlined once, at its anchor

    def symbol(self, name: str, kind: str, path: tuple, detail: str = "", children=None) -> Symbol | None:
        key = self.positions.key_span(path)
        value = self.positions.value_span(path)
        if value is None:
            return None
        start = key if key is not None else value
        span = Span(start.line, start.column, value.end_line, value.end_column)
        return Symbol(str(name), kind, span, key if key is not None else value, detail, children or [])

    def model(self) -> list[Symbol]:
        data = self.data
        result = []
        for key, value in data.items():
            path = (key,)
            children = []
            if key == "flow":
                node = self.node(value, path)
                if node is not None:
                    children = [node]
            elif key == "flows" and isinstance(value, dict):
                children = [self.node(node, path + (name,), str(name)) for name, node in value.items()]
            elif key == "state" and isinstance(value, dict):
                for section, kind in (("zones", "zone"), ("vars", "var"), ("derived", "derived"),
                                      ("entity_types", "entity")):
                    table = value.get(section)
                    if isinstance(table, dict):
                        entries = [self.symbol(name, kind, path + (section, name)) for name in table]
                        children.append(self.symbol(section, "section", path + (section,), children=entries))
            elif key in ("actions", "constants", "functions", "boards", "outcomes", "agents", "code") \
                    and isinstance(value, dict):
                kind = {"actions": "action", "constants": "constant", "functions": "function", "boards": "board",
                        "outcomes": "outcome", "agents": "agent", "code": "code"}[key]
                children = [self.symbol(name, kind, path + (name,), _label(item)) for name, item in value.items()]
            elif key == "priority" and isinstance(value, dict) and isinstance(value.get("windows"), dict):
                children = [self.symbol(name, "window", path + ("windows", name)) for name in value["windows"]]
            elif key in ("triggers", "modifiers", "end", "open_questions") and isinstance(value, list):
                kind = {"triggers": "trigger", "modifiers": "modifier", "end": "end", "open_questions": "question"}[key]
                for position, item in enumerate(value):
                    item = item if isinstance(item, dict) else {}
                    name = item.get("id", item.get("event", item.get("stat", position)))
                    detail = str(item.get("event", item.get("result", item.get("stat", ""))))
                    children.append(self.symbol(name, kind, path + (position,), detail))
            elif key == "content" and isinstance(value, dict):
                for catalogue, items in value.items():
                    entries = []
                    if isinstance(items, dict):
                        entries = [self.symbol(name, "content", path + (catalogue, name), _label(item))
                                   for name, item in items.items() if isinstance(item, dict)]
                    children.append(self.symbol(catalogue, "section", path + (catalogue,), children=entries))
            symbol = self.symbol(key, "section", path, _scalar_detail(value),
                                 [child for child in children if child is not None])
            if symbol is not None:
                result.append(symbol)
        return result

    def node(self, node, path: tuple, name: str | None = None) -> Symbol | None:
        if not isinstance(node, dict):
            return None
        if not self.once.first(node):
            return self.symbol(name or brief(node.get("id", "node")), "node", path,
                               "the same node as above (a YAML alias)")
        children = []
        for position, child in enumerate(node.get("children") if isinstance(node.get("children"), list) else []):
            children.append(self.node(child, path + ("children", position)))
        for position, case in enumerate(node.get("cases") if isinstance(node.get("cases"), list) else []):
            if isinstance(case, dict):
                inner = [self.node(child, path + ("cases", position, "children", index))
                         for index, child in enumerate(case.get("children") or [])]
                label = case.get("label") or case.get("when_x") or case.get("when") or f"case {position + 1}"
                symbol = self.symbol(str(label), "case", path + ("cases", position),
                                     children=[c for c in inner if c is not None])
                children.append(symbol)
        kind = str(node.get("kind", "node"))
        detail = kind
        if kind == "step" and node.get("do") is not None:
            do = node["do"]
            detail = f"step: {', '.join(map(brief, do)) if isinstance(do, list) else brief(do)}"
        label = name or brief(node.get("id", kind))
        return self.symbol(label, "node", path, detail, [c for c in children if c is not None])

    def tactic(self) -> list[Symbol]:
        result = []
        for key, value in self.data.items():
            path = (key,)
            children = []
            if key == "let" and isinstance(value, dict):
                children = [self.symbol(name, "let", path + (name,)) for name in value]
            elif key == "rules" and isinstance(value, list):
                for position, rule in enumerate(value):
                    rule = rule if isinstance(rule, dict) else {}
                    at = rule.get("at", "?")
                    at = ", ".join(map(str, at)) if isinstance(at, list) else str(at)
                    pick = next((f"{k}: {rule[k]}" for k in ("pick", "pick_x", "max_x", "min_x", "take_x") if k in rule), "")
                    children.append(self.symbol(at, "rule", path + (position,), pick))
            symbol = self.symbol(key, "section", path, _scalar_detail(value),
                                 [child for child in children if child is not None])
            if symbol is not None:
                result.append(symbol)
        return result


def _label(item) -> str:
    if isinstance(item, dict):
        return str(item.get("label", item.get("text", "")))[:60]
    return ""


def _scalar_detail(value) -> str:
    return str(value)[:60] if isinstance(value, (str, int, float)) and not isinstance(value, bool) else ""
