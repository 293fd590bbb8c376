"""``choose`` (also the choice inside ``search``) and ``roll``.

A subset choice (``min``/``max``) picks one element at a time, in the order of the options,
each a decision at ``<place> · k``; ``done`` is offered once ``min`` elements are chosen.
"""

from __future__ import annotations

from ...errors import ExprError, NotExecutable
from ...expr import to_text
from ..labels import label
from ..requests import ALL
from .common import get, integer, require_text, visible_to

DONE = "done"


def _options(value, place: str, op) -> list:
    """Any iterable (a dict gives its keys), as the spec allows."""
    try:
        return list(value)
    except TypeError:
        raise ExprError(f"{place}: options must be a list, not {to_text(value)}", path=op.path) from None


def op_choose(runner, op, local_names, place):
    options = _options(get(runner, op, "options", local_names, place, required=True), place, op)
    bind = require_text(op, "bind", place)
    code = op.codes.get("actor_x")
    actor = code(local_names, runner.scope) if code is not None else local_names.get("actor")
    if op.raw.get("secret") is True:
        visible = [actor] if actor is not None else []
    else:
        visible = visible_to(runner, op, local_names, ALL)
    subset = "min" in op.fields or "max" in op.fields
    local_names[bind] = yield from choose_from(runner, op, local_names, place, options, actor, visible, subset)


def choose_from(runner, op, local_names, place, options, actor, visible, subset):
    if not subset:
        if not options:
            raise ExprError(f"{place}: choose has no options", path=op.path)
        if len(options) > 1 and actor is None:
            raise NotExecutable(f"{place}: choose without actor_x and without an actor on the step", path=op.path)
        index = yield from runner.decide(actor, place, options, visible)
        return options[index]
    lowest = integer(get(runner, op, "min", local_names, place, default=0), "min", place, op)
    highest = integer(get(runner, op, "max", local_names, place, default=len(options)), "max", place, op)
    if len(options) < lowest:
        raise ExprError(f"{place}: choose needs at least {lowest} options, has {len(options)}", path=op.path)
    chosen: list = []
    last = -1
    while len(chosen) < highest:
        needed = lowest - len(chosen)
        candidates = [j for j in range(last + 1, len(options)) if len(options) - j >= needed]
        if not candidates:
            break
        values = [options[j] for j in candidates]
        labels = [label(v) for v in values]
        items = list(values)
        can_stop = len(chosen) >= lowest
        if can_stop:
            values.append(DONE)
            labels.append(DONE)
            items.append(None)
        if len(values) > 1 and actor is None:
            raise NotExecutable(f"{place}: choose without actor_x and without an actor on the step", path=op.path)
        index = yield from runner.decide(actor, f"{place} · {len(chosen) + 1}", values, visible, labels,
                                         subset=(items, list(options), list(chosen)))
        if can_stop and index == len(values) - 1:
            break
        last = candidates[index]
        chosen.append(options[last])
    return chosen


def op_roll(runner, op, local_names, place):
    faces = _options(get(runner, op, "die", local_names, place, required=True), place, op)
    if not faces:
        raise ExprError(f"{place}: roll: the die has no faces", path=op.path)
    visible = visible_to(runner, op, local_names, ALL)
    index = yield from runner.chance(place, faces, visible=visible)
    bind = op.raw.get("bind")
    if bind is not None:
        local_names[str(bind)] = faces[index]


OPS = {"choose": (op_choose, True), "roll": (op_roll, True)}
