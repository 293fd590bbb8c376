"""``choose`` (also the choice inside ``search``) and ``roll``.

A subset choice (``min``/``max``) picks one element at a time, in the order of the options,
each a decision at ``<place> · k``; ``done`` is offered once ``min`` elements are chosen.
"""

from __future__ import annotations

from ...errors import ExprError, NotExecutable
from ...expr import to_text
from ..frames import ChanceFrame, DecideFrame, Frame, Then
from ..labels import label
from ..requests import ALL
from .common import get, integer, require_text, visible_to

DONE = "done"


def as_options(value, place: str, op) -> list:
    """Any iterable (a dict gives its keys), as the spec allows."""
    try:
        return list(value)
    except TypeError:
        raise ExprError(f"{place}: options must be a list, not {to_text(value)}", path=op.path) from None


def op_choose(runner, op, local_names, place):
    options = as_options(get(runner, op, "options", local_names, place, required=True), place, op)
    bind = require_text(op, "bind", place)
    code = op.codes.get("actor_x")
    actor = code(local_names, runner.scope) if code is not None else local_names.get("actor")
    if op.raw.get("secret") is True:
        visible = [actor] if actor is not None else []
    else:
        visible = visible_to(runner, op, local_names, ALL)
    if "min" not in op.fields and "max" not in op.fields:
        check_single(op, place, options, actor)
        return DecideFrame(actor, place, options, visible, then=_bind_picked, args=(options, local_names, bind))
    return Then(choose_from(runner, op, local_names, place, options, actor, visible, True), bind_to,
                (local_names, bind))


def _bind_picked(runner, index, options, local_names, bind):
    local_names[bind] = options[index]


def check_single(op, place, options, actor) -> None:
    if not options:
        raise ExprError(f"{place}: choose has no options", path=op.path)
    if len(options) > 1 and actor is None:
        raise NotExecutable(f"{place}: choose without actor_x and without an actor on the step", path=op.path)


def bind_to(runner, value, local_names: dict, name: str):
    """The end of a choice: its value under ``name``."""
    local_names[name] = value


def choose_from(runner, op, local_names, place, options, actor, visible, subset) -> Frame:
    """The frame of a choice among ``options``; it leaves the chosen value (a list for a subset) in ``runner.value``."""
    if not subset:
        check_single(op, place, options, actor)
        return DecideFrame(actor, place, options, visible, then=_picked, args=(options,))
    lowest = integer(get(runner, op, "min", local_names, place, default=0), "min", place, op)
    highest = integer(get(runner, op, "max", local_names, place, default=len(options)), "max", place, op)
    if len(options) < lowest:
        raise ExprError(f"{place}: choose needs at least {lowest} options, has {len(options)}", path=op.path)
    return SubsetFrame(op, place, options, actor, visible, lowest, highest)


def _picked(runner, index, options):
    runner.value = options[index]


class SubsetFrame(Frame):
    """A subset choice, one element at a time in the order of the options; ``done`` once ``min`` are chosen."""

    __slots__ = ("op", "place", "options", "actor", "visible", "lowest", "highest", "chosen", "last", "candidates",
                 "can_stop", "asked")
    KEEP = ("op", "place", "lowest", "highest", "last", "can_stop", "asked")
    COPY = ("actor", "visible", "options", "chosen", "candidates")

    def __init__(self, op, place, options, actor, visible, lowest, highest):
        self.op = op
        self.place = place
        self.options = options
        self.actor = actor
        self.visible = visible
        self.lowest = lowest
        self.highest = highest
        self.chosen: list = []
        self.last = -1
        self.candidates = None
        self.can_stop = False
        self.asked = False

    def resume(self, runner, value):
        options = self.options
        chosen = self.chosen
        if self.asked:
            self.asked = False
            if self.can_stop and value == len(self.candidates):
                runner.value = chosen
                return None
            self.last = self.candidates[value]
            chosen.append(options[self.last])
        if len(chosen) >= self.highest:
            runner.value = chosen
            return None
        needed = self.lowest - len(chosen)
        candidates = [j for j in range(self.last + 1, len(options)) if len(options) - j >= needed]
        if not candidates:
            runner.value = chosen
            return None
        values = [options[j] for j in candidates]
        labels = [label(v) for v in values]
        items = list(values)
        can_stop = len(chosen) >= self.lowest
        if can_stop:
            values.append(DONE)
            labels.append(DONE)
            items.append(None)
        if len(values) > 1 and self.actor is None:
            raise NotExecutable(f"{self.place}: choose without actor_x and without an actor on the step",
                                path=self.op.path)
        self.candidates = candidates
        self.can_stop = can_stop
        self.asked = True
        return DecideFrame(self.actor, f"{self.place} · {len(chosen) + 1}", values, self.visible, labels,
                           subset=(items, list(options), list(chosen)))


def op_roll(runner, op, local_names, place):
    faces = as_options(get(runner, op, "die", local_names, place, required=True), place, op)
    if not faces:
        raise ExprError(f"{place}: roll: the die has no faces", path=op.path)
    visible = visible_to(runner, op, local_names, ALL)
    bind = op.raw.get("bind")
    return ChanceFrame(place, faces, visible=visible, then=_rolled, args=(faces, local_names, bind))


def _rolled(runner, index, faces, local_names, bind):
    if bind is not None:
        local_names[str(bind)] = faces[index]


OPS = {"choose": op_choose, "roll": op_roll}
