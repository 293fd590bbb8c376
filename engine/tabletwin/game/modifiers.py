"""Modifiers: ``modified('stat', base, k=v)`` in expressions, and the ``modify`` op.

Order: by ``layer`` (low first); within a layer the static modifiers (top-level list, then
content items) and then the temporary ones in the order they were added. Each active modifier
replaces ``value`` with its ``change_x``.
"""

from __future__ import annotations

from ..errors import NotExecutable
from ..expr.errors import BareError
from ..expr.runtime import charge
from ..model import Modifier
from .content import is_active
from .ops.common import require_text
from .stored import stored
from .work import MODIFIER_COST

MAX_MODIFIER_DEPTH = 20
"""``modified()`` calls nested inside modifiers before they count as a cycle."""


class ModifierCycle(RecursionError, BareError):
    def __init__(self, stat):
        super().__init__(f"modifiers for '{stat}' refer to each other in a cycle")


def _layer(modifier) -> float:
    layer = modifier.layer
    return layer if isinstance(layer, (int, float)) and not isinstance(layer, bool) else 0


def make_modified(runner):
    depth = [0]

    def modified(stat, value, **context):
        if depth[0] >= MAX_MODIFIER_DEPTH:
            raise ModifierCycle(stat)
        scope = runner.scope
        # Spent from the calling evaluation's budget (and so from the game's): modifiers that call
        # modified() more than once each would otherwise take time exponential in their depth.
        charge(scope, MODIFIER_COST + len(runner.model.modifiers) + len(runner.state.temporary_modifiers))
        static = [m for m in runner.model.modifiers if m.stat == stat]
        temporary = [m for m in runner.state.temporary_modifiers if m.stat == stat]
        if not static and not temporary:
            return value
        depth[0] += 1
        try:
            for modifier in sorted(static + temporary, key=_layer):
                names = dict(modifier.captured) if modifier.captured else {}
                names.update(context)
                names["value"] = value
                if modifier.item is not None:
                    names["self"] = modifier.item
                    if not is_active(runner, modifier.item, names, nested=True):
                        continue
                if modifier.condition is not None and not modifier.condition.run(names, scope):
                    continue
                if modifier.change is None:
                    raise NotExecutable(f"modifier for '{stat}' has no change_x", path=modifier.path)
                value = modifier.change.run(names, scope)
                if runner.tally is not None:
                    runner.tally.modifier(modifier)
        finally:
            depth[0] -= 1
        return value

    return modified


def op_modify(runner, op, local_names, place):
    stat = require_text(op, "stat", place)
    change = op.codes.get("change_x")
    if change is None:
        why = "is text without change_x" if "change" in op.raw else "is missing"
        raise NotExecutable(f"{place}: field 'change' {why}", path=op.path)
    # A copy: the modifier keeps the values of the names as they are now (a snapshot).
    captured = {key: stored(value, runner.scope, op.path, place) for key, value in local_names.items()
                if key != "stack"}
    runner.state.temporary_modifiers.append(Modifier(op.path, stat, change, op.raw.get("layer", 0),
                                                     op.codes.get("if_x"), None, op.raw.get("until"), captured))


OPS = {"modify": op_modify}
