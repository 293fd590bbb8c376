"""``if``, ``for_each``, ``repeat`` and ``run``; ``call`` and ``say``, which never run."""

from __future__ import annotations

from ...errors import ExprError, NotExecutable
from ...expr import to_text
from ..work import OP_COST, spend
from .common import get, require_text

MAX_REPEAT_PASSES = 10_000
"""Passes of one ``repeat`` before ``repeat does not end``."""


def op_if(runner, op, local_names, place):
    condition = op.codes.get("cond_x")
    if condition is None:
        why = "is text without cond_x" if "cond" in op.raw else "is missing"
        raise NotExecutable(f"{place}: field 'cond' {why}", path=op.path)
    branch = "then" if condition(local_names, runner.scope) else "else"
    yield from runner.run_ops(op.nested.get(branch, ()), local_names, place)


def op_for_each(runner, op, local_names, place):
    items = get(runner, op, "items", local_names, place, required=True)
    if isinstance(items, (str, dict)) or not hasattr(items, "__iter__"):
        raise ExprError(f"{place}: for_each items must be a list, not {to_text(items)}", path=op.path)
    name = str(op.raw.get("as", "it"))
    body = op.nested.get("body", ())
    # The live list, as the spec says: a body that moves items out of it skips some.
    scope = runner.scope
    for item in items:
        spend(scope, OP_COST, place, op.path)
        names = dict(local_names)
        names[name] = item
        yield from runner.run_ops(body, names, place)


def op_repeat(runner, op, local_names, place):
    until = op.field("until")
    body = op.nested.get("body", ())
    passes = 0
    while not until.get(local_names, runner.scope, place, required=True):
        passes += 1
        if passes > MAX_REPEAT_PASSES:
            raise ExprError(f"{place}: repeat does not end", path=op.path)
        spend(runner.scope, OP_COST, place, op.path)
        yield from runner.run_ops(body, local_names, place)


def op_run(runner, op, local_names, place):
    yield from runner.run_flow(require_text(op, "flow", place), place)


def op_call(runner, op, local_names, place):
    name = require_text(op, "code", place)
    entry = (runner.model.data.get("code") or {}).get(name)
    if not isinstance(entry, dict):
        raise NotExecutable(f"code '{name}' is not declared", path=op.path)
    raise NotExecutable(f"code '{name}' → {entry.get('ref', '?')} is not implemented", path=op.path)


def op_say(runner, op, local_names, place):
    raise NotExecutable("say needs a language agent", path=op.path)


OPS = {
    "if": (op_if, True), "for_each": (op_for_each, True), "repeat": (op_repeat, True), "run": (op_run, True),
    "call": (op_call, False), "say": (op_say, False),
}
