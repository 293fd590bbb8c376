"""Events and triggers (``emit``), and the ops that add engine events: ``sample``, ``exec``,
``reset``.

An emit (:class:`EmitFrame`) runs the triggers on its event in phases: ``when``/``before``, then the first
``instead`` trigger that fires (it replaces the impact), then the impact, then ``after``.
Within a phase mandatory triggers come first, then optional ones, each group in model order
(model triggers before content triggers). A trigger's ``if_x`` is tested right before it would
fire, so an earlier trigger can switch off a later one.
"""

from __future__ import annotations

from ..errors import ExprError, NotExecutable
from ..expr import to_text
from .content import effect_ops, is_active
from .frames import ChanceFrame, DecideFrame, Frame, OpsFrame, Then
from .labels import label
from .ops.common import get, require_text
from .work import OP_COST, spend

MAX_EMIT_DEPTH = 50
"""Nested emits (trigger chains) before ``trigger chain too deep``."""

_PHASES = (("when", "before"), ("instead",), ("after",))
_USE_SKIP = ["use", "skip"]


class EmitFrame(Frame):
    """An event: the triggers on it, phase by phase, and its impact unless an ``instead`` replaced it."""

    __slots__ = ("event", "impact", "local_names", "place", "end_event", "path", "triggers", "base", "pc")
    KEEP = ("event", "impact", "place", "end_event", "path", "pc")
    COPY = ("local_names", "triggers", "base")

    def __init__(self, event: str, impact, local_names: dict, place: str, end_event: bool = False, path=None):
        self.event = event
        self.impact = impact
        self.local_names = local_names
        self.place = place
        self.end_event = end_event
        self.path = path
        self.triggers = self.base = None
        self.pc = 0

    def resume(self, runner, value):
        pc = self.pc
        if pc == 0:
            state = runner.state
            event = self.event
            state.events.append(event)
            # the triggers looked at, and the temporary modifiers looked through at the end
            spend(runner.scope, OP_COST + len(runner.model.triggers) + len(state.temporary_modifiers), self.place,
                  self.path)
            if runner.emit_depth >= MAX_EMIT_DEPTH:
                raise ExprError(f"{self.place}: trigger chain too deep", path=self.path)
            self.base = {"event": event} if self.end_event else {**self.local_names, "event": event}
            self.triggers = [t for t in runner.model.triggers if t.event == event]
            runner.emit_depth += 1
            self.pc = 1
            frame = self._phase(0)
            if frame is not None:
                return frame
            value = False
            pc = 1
        if pc == 1:
            self.pc = 2
            frame = self._phase(1)
            if frame is not None:
                return frame
            value = False
            pc = 2
        if pc == 2:
            self.pc = 3
            if not value and self.impact:
                return OpsFrame(self.impact, dict(self.local_names), f"{self.place} · {self.event}")
            pc = 3
        if pc == 3:
            self.pc = 4
            frame = self._phase(2)
            if frame is not None:
                return frame
        self.pc = 5
        runner.emit_depth -= 1
        state = runner.state
        if state.temporary_modifiers:
            state.temporary_modifiers[:] = [m for m in state.temporary_modifiers if m.until != self.event]
        return None

    def _phase(self, index: int):
        timings = _PHASES[index]
        phase = [t for t in self.triggers if (t.timing or "after") in timings]
        if not phase:
            return None
        phase.sort(key=lambda t: t.optional)
        return FireFrame(phase, self.base, index == 1)

    def unwind(self, runner, exc) -> bool:
        if 0 < self.pc < 5:
            self.pc = 5
            runner.emit_depth -= 1
        return False


class FireFrame(Frame):
    """The triggers of one phase, in order; with ``first_only`` the first that fires ends the phase
    (``runner.value``: whether one fired)."""

    __slots__ = ("phase", "base", "first_only", "index", "names", "pc")
    KEEP = ("first_only", "index", "pc")
    COPY = ("phase", "base", "names")

    def __init__(self, phase: list, base: dict, first_only: bool):
        self.phase = phase
        self.base = base
        self.first_only = first_only
        self.index = 0
        self.names = None
        self.pc = 0

    def resume(self, runner, value):
        pc = self.pc
        while True:
            if pc == 1:  # the answer to use or skip an optional trigger
                if value != 1:
                    return self._fire(runner)
            elif pc == 2:  # the trigger's ops are done
                if self.first_only:
                    runner.value = True
                    return None
            phase = self.phase
            if self.index >= len(phase):
                runner.value = False
                return None
            trigger = phase[self.index]
            self.index += 1
            pc = 0
            spend(runner.scope, OP_COST, trigger.place, trigger.path)
            names = self.names = dict(self.base)
            if trigger.item is not None:
                names["self"] = trigger.item
                if not is_active(runner, trigger.item, names):
                    continue
            if trigger.condition is not None:
                if not trigger.condition(names, runner.scope):
                    continue
            elif trigger.condition_is_text:
                raise NotExecutable(f"trigger {trigger.id}: if is text without if_x", path=trigger.path)
            if trigger.optional:
                if trigger.controller is not None:
                    controller = trigger.controller(names, runner.scope)
                else:
                    controller = self.base.get("actor")
                if controller is None:
                    raise NotExecutable(f"trigger {trigger.id}: optional without controller_x or actor",
                                        path=trigger.path)
                self.pc = 1
                return DecideFrame(controller, trigger.place, _USE_SKIP, labels=_USE_SKIP)
            return self._fire(runner)

    def _fire(self, runner):
        trigger = self.phase[self.index - 1]
        if runner.tally is not None:
            runner.tally.trigger(trigger)
        if self.first_only:
            runner.state.events.append(f"instead:{trigger.id}")
        self.pc = 2
        return OpsFrame(trigger.do, self.names, trigger.place)


def op_emit(runner, op, local_names, place):
    event = require_text(op, "event", place)
    return EmitFrame(event, op.nested.get("impact"), local_names, place, path=op.path)


def op_sample(runner, op, local_names, place):
    name = require_text(op, "model", place)
    model = runner.model.outcomes.get(name)
    if model is None:
        raise NotExecutable(f"{place}: outcome model {name!r} does not exist", path=op.path)
    names = dict(local_names)
    for key, code in model.derived:
        names[key] = code(names, runner.scope)
    probabilities = []
    for outcome in model.outcomes:
        if outcome.p is None:
            raise NotExecutable(f"outcome model {name}: outcome {outcome.id}: p is text without p_x", path=outcome.path)
        p = outcome.p(names, runner.scope)
        if isinstance(p, bool) or not isinstance(p, (int, float)) or p < 0:
            raise ExprError(f"outcome model {name}: p_x of {outcome.id} gives {to_text(p)}, not a probability",
                            path=outcome.path)
        probabilities.append(float(p))
    total = sum(probabilities)
    if not model.outcomes or abs(total - 1) > 1e-6:
        raise ExprError(f"outcome model {name}: probabilities add up to {total:.6f}, not 1", path=model.path)
    ids = [outcome.id for outcome in model.outcomes]
    return Then(ChanceFrame(f"{place} · {name}", ids, probabilities, labels=ids), _sampled, (model, names, place))


def _sampled(runner, index, model, names, place):
    outcome = model.outcomes[index]
    runner.state.events.append(f"{model.name}:{outcome.id}")
    return OpsFrame(outcome.effect, names, place)


def op_exec(runner, op, local_names, place):
    item = get(runner, op, "of", local_names, place, required=True)
    if not isinstance(item, dict):
        raise ExprError(f"{place}: exec: {to_text(item)} is not a content item", path=op.path)
    item_id = label(item.get("id", "?"))
    if item.get("status") == "missing":
        raise NotExecutable(f"content {item_id}: status is missing", path=op.path)
    if item.get("effect") is None:
        raise NotExecutable(f"content {item_id}: no effect to run", path=op.path)
    runner.state.events.append(f"exec:{item_id}")
    if runner.tally is not None:
        runner.tally.item(item)
    names = dict(local_names)
    names["self"] = item
    return OpsFrame(effect_ops(runner, item), names, f"content {item_id}")


def op_reset(runner, op, local_names, place):
    state = runner.state
    state.set_up(keep_persistent=True)
    state.eliminated.clear()
    state.temporary_modifiers.clear()
    state.events.append(f"reset:{op.raw.get('scope', 'scenario')}")


OPS = {"emit": op_emit, "sample": op_sample, "exec": op_exec, "reset": op_reset}
