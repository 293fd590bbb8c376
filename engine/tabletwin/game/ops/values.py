"""``set``, ``add`` and ``let``: change a variable or attribute, or bind a local name."""

from __future__ import annotations

from ...errors import ExprError
from ...expr import to_text
from ...expr.runtime import plus
from .common import get, require_text, write_attribute, write_variable


def op_set(runner, op, local_names, place):
    value = get(runner, op, "value", local_names, place, required=True)
    if "attr" in op.raw:
        write_attribute(runner, op, local_names, place, lambda old: value)
    else:
        write_variable(runner, op, local_names, place, lambda old: value)


def op_add(runner, op, local_names, place):
    amount = get(runner, op, "amount", local_names, place, required=True)

    def added(old):
        try:
            return plus(old, amount)
        except (TypeError, MemoryError) as exc:
            raise ExprError(f"{place}: cannot add {to_text(amount)} to {to_text(old)} ({exc})", path=op.path) from None

    if "attr" in op.raw:
        write_attribute(runner, op, local_names, place, lambda old: added(old or 0))
    else:
        write_variable(runner, op, local_names, place, added)


def op_let(runner, op, local_names, place):
    name = require_text(op, "bind", place)
    local_names[name] = get(runner, op, "value", local_names, place, required=True)


OPS = {"set": op_set, "add": op_add, "let": op_let}
