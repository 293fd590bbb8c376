"""Inlay hints: what the text implies but does not show.

- after a constant read in an expression, its value (``GOAL`` → ``= 5``);
- after an outcome's ``p_x`` that reads only constants and builtins, the probability it
  resolves to (``= 16.7%``);
- after the name of a step, action, window, trigger or content item that gives rise to
  decision places, their names as a tactic writes them in ``at`` (``step act``,
  ``action deal · chance`` for a place where only chance happens), ready to copy.

The names of places come from :func:`.places.model_places`, so they are exactly the ones tactics
are checked against.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import TabletwinError
from ..expr import compile_expression
from ..expr.scope import build_globals
from ..validate.walk import mapping, sequence
from .places import kept_places
from .semantic import expression_tokens
from .symbols import names_with_binding, parsed

#: Longest shown value of a constant; longer ones end in an ellipsis (the hover shows them whole).
MAX_VALUE_LENGTH = 24


@dataclass(frozen=True)
class Hint:
    """``label`` shown at ``(line, column)``; ``kind`` is ``value`` or ``place``."""

    line: int
    column: int
    label: str
    kind: str
    tooltip: str = ""


def inlay_hints(snap, index, first_line: int = 0, last_line: int | None = None) -> list[Hint]:
    loaded = snap.loaded
    if loaded is None or not isinstance(loaded.data, dict):
        return []
    last_line = len(snap.lines) if last_line is None else last_line
    if snap.kind == "tactic":
        model = snap.model()
        constants = mapping(model.data).get("constants") if model is not None else None
    else:
        constants = loaded.data.get("constants")
    hints = _constant_hints(snap, index, mapping(constants), first_line, last_line)
    if snap.kind == "model":
        hints += _probability_hints(snap, loaded, first_line, last_line)
        hints += _place_hints(snap, loaded, first_line, last_line)
    return sorted(hints, key=lambda hint: (hint.line, hint.column))


def short_value(value) -> str:
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= MAX_VALUE_LENGTH else text[:MAX_VALUE_LENGTH - 1] + "…"


def _constant_hints(snap, index, constants: dict, first_line: int, last_line: int) -> list[Hint]:
    hints = []
    for token in expression_tokens(snap, index, first_line, last_line):
        if token.category == "constant" and token.name in constants:
            hints.append(Hint(token.line, token.column + token.length, f"= {short_value(constants[token.name])}",
                              "value", f"constant {token.name}"))
    return hints


def _probability_hints(snap, loaded, first_line: int, last_line: int) -> list[Hint]:
    data = loaded.data
    constants = mapping(data.get("constants"))
    hints = []
    for name, model in mapping(data.get("outcomes")).items():
        for position, outcome in enumerate(sequence(mapping(model).get("outcomes"))):
            value = mapping(outcome).get("p_x")
            if not isinstance(value, str):
                continue  # a YAML number is its own probability
            span = loaded.positions.value_span(("outcomes", name, "outcomes", position, "p_x"))
            if span is None or not first_line <= span.end_line <= last_line:
                continue
            probability = constant_value(value, constants)
            if isinstance(probability, (int, float)) and not isinstance(probability, bool):
                hints.append(Hint(span.end_line, span.end_column, f"= {probability * 100:.3g}%", "value",
                                  f"p_x of outcome {mapping(outcome).get('id')} of {name}"))
    return hints


def constant_value(text: str, constants: dict):
    """The value of an expression that reads only ``constants`` and builtins, else ``None``."""
    tree = parsed(text)
    if tree is None:
        return None
    from ..expr.builtins import BUILTIN_NAMES

    for node, bound in names_with_binding(tree.tree):
        if not bound and node.id not in constants and node.id not in BUILTIN_NAMES:
            return None
    try:
        return compile_expression(text).evaluate({}, build_globals(constants=constants))
    except (TabletwinError, ArithmeticError, TypeError, ValueError):
        return None


def _place_hints(snap, loaded, first_line: int, last_line: int) -> list[Hint]:
    hints = [hint for hint in snap.memo(("place hints",), lambda: _all_place_hints(loaded))
             if first_line <= hint.line <= last_line]
    return hints


def _all_place_hints(loaded) -> list[Hint]:
    by_anchor: dict[tuple[int, int], list] = {}
    for place in kept_places(loaded):
        span = _anchor(loaded.positions, place.path)
        if span is not None:
            by_anchor.setdefault((span.end_line, span.end_column), []).append(place)
    hints = []
    for (line, column), places in by_anchor.items():
        labels = [place.name + ("" if place.decision else " · chance") for place in places]
        hints.append(Hint(line, column, ", ".join(labels), "place", "\n".join(place.about for place in places)))
    return hints


def _anchor(positions, path: tuple):
    """The span of the name a place is known by: a step's ``id``, an action's or window's key,
    a trigger's or content item's ``id``."""
    for length in range(len(path), 0, -1):
        prefix = path[:length]
        if prefix[0] == "actions" and length == 2 or prefix[:2] == ("priority", "windows") and length == 3:
            return positions.key_span(prefix)
        if prefix in positions and prefix + ("id",) not in positions and prefix not in positions.aliases \
                and prefix not in positions.merges:
            continue  # written here, neither an alias nor merging: it has no id (the lookup would walk to say so)
        span = positions.value_span(prefix + ("id",))
        if span is not None:
            return span
    return None
