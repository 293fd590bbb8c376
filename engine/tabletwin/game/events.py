"""Events and triggers (``emit``), and the ops that add engine events: ``sample``, ``exec``,
``reset``.

``emit`` runs the triggers on its event in phases: ``when``/``before``, then the first
``instead`` trigger that fires (it replaces the impact), then the impact, then ``after``.
Within a phase mandatory triggers come first, then optional ones, each group in model order
(model triggers before content triggers). A trigger's ``if_x`` is tested right before it would
fire, so an earlier trigger can switch off a later one.
"""

from __future__ import annotations

from ..errors import ExprError, NotExecutable
from ..expr import to_text
from .content import effect_ops, is_active
from .labels import label
from .ops.common import get, require_text
from .work import OP_COST, spend

MAX_EMIT_DEPTH = 50
"""Nested emits (trigger chains) before ``trigger chain too deep``."""

_PHASES = (("when", "before"), ("instead",), ("after",))
_USE_SKIP = ["use", "skip"]


def emit(runner, event: str, impact, local_names: dict, place: str, end_event: bool = False, path=None):
    state = runner.state
    state.events.append(event)
    # the triggers looked at, and the temporary modifiers looked through at the end
    spend(runner.scope, OP_COST + len(runner.model.triggers) + len(state.temporary_modifiers), place, path)
    if runner.emit_depth >= MAX_EMIT_DEPTH:
        raise ExprError(f"{place}: trigger chain too deep", path=path)
    base = {"event": event} if end_event else {**local_names, "event": event}
    triggers = [t for t in runner.model.triggers if t.event == event]
    runner.emit_depth += 1
    try:
        yield from _fire(runner, triggers, _PHASES[0], base)
        replaced = yield from _fire(runner, triggers, _PHASES[1], base, first_only=True)
        if not replaced and impact:
            yield from runner.run_ops(impact, dict(local_names), f"{place} · {event}")
        yield from _fire(runner, triggers, _PHASES[2], base)
    finally:
        runner.emit_depth -= 1
    state.temporary_modifiers[:] = [m for m in state.temporary_modifiers if m.until != event]


def _fire(runner, triggers, timings, base: dict, first_only: bool = False):
    phase = [t for t in triggers if (t.timing or "after") in timings]
    phase.sort(key=lambda t: t.optional)
    for trigger in phase:
        spend(runner.scope, OP_COST, trigger.place, trigger.path)
        names = dict(base)
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
                controller = base.get("actor")
            if controller is None:
                raise NotExecutable(f"trigger {trigger.id}: optional without controller_x or actor", path=trigger.path)
            answer = yield from runner.decide(controller, trigger.place, _USE_SKIP, labels=_USE_SKIP)
            if answer == 1:
                continue
        if runner.tally is not None:
            runner.tally.trigger(trigger)
        if first_only:
            runner.state.events.append(f"instead:{trigger.id}")
        yield from runner.run_ops(trigger.do, names, trigger.place)
        if first_only:
            return True
    return False


def op_emit(runner, op, local_names, place):
    event = require_text(op, "event", place)
    yield from emit(runner, event, op.nested.get("impact"), local_names, place, path=op.path)


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
    index = yield from runner.chance(f"{place} · {name}", ids, probabilities, labels=ids)
    outcome = model.outcomes[index]
    runner.state.events.append(f"{name}:{outcome.id}")
    yield from runner.run_ops(outcome.effect, names, place)


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
    yield from runner.run_ops(effect_ops(runner, item), names, f"content {item_id}")


def op_reset(runner, op, local_names, place):
    state = runner.state
    state.set_up(keep_persistent=True)
    state.eliminated.clear()
    state.temporary_modifiers.clear()
    state.events.append(f"reset:{op.raw.get('scope', 'scenario')}")


OPS = {"emit": (op_emit, True), "sample": (op_sample, True), "exec": (op_exec, True), "reset": (op_reset, False)}
