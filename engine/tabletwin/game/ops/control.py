"""``if``, ``for_each``, ``repeat`` and ``run``; ``call`` and ``say``, which never run."""

from __future__ import annotations

from ...errors import ExprError, NotExecutable
from ...expr import to_text
from ..flowframes import FlowFrame
from ..frames import Frame, OpsFrame
from ..work import OP_COST, spend
from .common import get, require_text

MAX_REPEAT_PASSES = 10_000
"""Passes of one ``repeat`` before ``repeat does not end``."""


def op_if(runner, op, local_names, place):
    condition = op.codes.get("cond_x")
    if condition is None:
        why = "is text without cond_x" if "cond" in op.raw else "is missing"
        raise NotExecutable(f"{place}: field 'cond' {why}", path=op.path)
    branch = op.nested.get("then" if condition(local_names, runner.scope) else "else")
    return OpsFrame(branch, local_names, place) if branch else None


def op_for_each(runner, op, local_names, place):
    items = get(runner, op, "items", local_names, place, required=True)
    if isinstance(items, (str, dict)) or not hasattr(items, "__iter__"):
        raise ExprError(f"{place}: for_each items must be a list, not {to_text(items)}", path=op.path)
    # The live list, as the spec says: a body that moves items out of it skips some.
    if not isinstance(items, list):
        items = list(items)
    return ForEachFrame(op, items, local_names, place)


class ForEachFrame(Frame):
    """The body once per item, each pass with its own copy of the local names plus the item."""

    __slots__ = ("op", "items", "local_names", "place", "index")
    KEEP = ("op", "place", "index")
    COPY = ("items", "local_names")

    def __init__(self, op, items: list, local_names: dict, place: str):
        self.op = op
        self.items = items
        self.local_names = local_names
        self.place = place
        self.index = 0

    def resume(self, runner, value):
        items = self.items
        index = self.index
        if index >= len(items):
            return None
        op = self.op
        self.index = index + 1
        spend(runner.scope, OP_COST, self.place, op.path)
        names = dict(self.local_names)
        names[str(op.raw.get("as", "it"))] = items[index]
        return OpsFrame(op.nested.get("body", ()), names, self.place)


def op_repeat(runner, op, local_names, place):
    return RepeatFrame(op, local_names, place)


class RepeatFrame(Frame):
    """The body until ``until`` holds (tested before each pass)."""

    __slots__ = ("op", "local_names", "place", "passes")
    KEEP = ("op", "place")
    COPY = ("local_names",)
    LIMITS = ("passes",)

    def __init__(self, op, local_names: dict, place: str):
        self.op = op
        self.local_names = local_names
        self.place = place
        self.passes = 0

    def resume(self, runner, value):
        op = self.op
        place = self.place
        if op.field("until").get(self.local_names, runner.scope, place, required=True):
            return None
        self.passes += 1
        if self.passes > MAX_REPEAT_PASSES:
            raise ExprError(f"{place}: repeat does not end", path=op.path)
        spend(runner.scope, OP_COST, place, op.path)
        return OpsFrame(op.nested.get("body", ()), self.local_names, place)


def op_run(runner, op, local_names, place):
    return FlowFrame(require_text(op, "flow", place), place)


def op_call(runner, op, local_names, place):
    name = require_text(op, "code", place)
    entry = (runner.model.data.get("code") or {}).get(name)
    if not isinstance(entry, dict):
        raise NotExecutable(f"code '{name}' is not declared", path=op.path)
    raise NotExecutable(f"code '{name}' → {entry.get('ref', '?')} is not implemented", path=op.path)


def op_say(runner, op, local_names, place):
    raise NotExecutable("say needs a language agent", path=op.path)


OPS = {"if": op_if, "for_each": op_for_each, "repeat": op_repeat, "run": op_run, "call": op_call, "say": op_say}
