"""Code lenses: how often each action, flow, zone and own function is used, by kind of use
(``2 steps · 1 tactic``), above its declaration.

Uses come from the model's index (:mod:`.symbols`), each counted by where it stands: a step's
``do``, a flow node's ``ref`` or a ``run`` op, an op's zone or variable field, an expression, an
end condition's ``scope``. An action also counts the tactic files (passed in: those that play
the model) whose places name it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Span
from .place_uses import place_name_spans, tactics_of
from .scope import is_expression_path

KINDS = ("action", "flow", "zone", "function")
_ORDER = ("step", "flow node", "run", "op", "expression", "end condition", "tactic")


@dataclass(frozen=True)
class Lens:
    """``title`` shown above ``span`` (the declared name); ``references`` is the number of uses."""

    span: Span
    title: str
    kind: str
    name: str
    references: int


def code_lenses(snap, index, tactics=()) -> list[Lens]:
    if index is None or snap.kind != "model":
        return []
    playing = tactics_of(snap.path, tactics)
    lenses = []
    for (kind, name), declared in index.decls.items():
        if kind not in KINDS or not declared:
            continue
        counts: dict[str, int] = {}
        for site in index.refs.get((kind, name), []):
            where = _where(site.path)
            counts[where] = counts.get(where, 0) + 1
        if kind == "action":
            named = sum(1 for tactic in playing
                        if place_name_spans(tactic.loaded, tactic.lines, "action", name) != ([], 0))
            if named:
                counts["tactic"] = named
        lenses.append(Lens(declared[0].span, _title(counts), kind, name, sum(counts.values())))
    return sorted(lenses, key=lambda lens: (lens.span.line, lens.span.column))


def _where(path: tuple) -> str:
    last = path[-1] if path else None
    if is_expression_path("model", path):
        return "expression"
    if last == "do" or (len(path) >= 2 and path[-2] == "do"):
        return "step"
    if last == "ref":
        return "flow node"
    if last == "flow":
        return "run"
    if last == "scope":
        return "end condition"
    return "op"


def _title(counts: dict) -> str:
    if not counts:
        return "no uses"
    parts = []
    for where in _ORDER:
        count = counts.get(where)
        if count:
            parts.append(f"{count} {_plural(where, count)}")
    return " · ".join(parts)


def _plural(word: str, count: int) -> str:
    return word if count == 1 else word + "s"
