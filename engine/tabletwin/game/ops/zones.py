"""Ops on zones: ``place``, ``create``, ``move``, ``destroy``, ``draw``, ``shuffle``, ``look``,
``search`` and ``reveal``. Drawing and looking at a shuffled zone are chance nodes over the
cards whose position is not known (reference §8)."""

from __future__ import annotations

from ...errors import ExprError, NotExecutable
from ...expr import to_text
from ..frames import ChanceFrame, Frame, Then
from ..labels import label
from ..requests import ALL
from ..stored import stored
from ..work import OP_COST, spend
from .choice import bind_to, choose_from
from .common import (find, get, insert, integer, position_of, require_text, visibility_of, visible_to,
                     zone_at, zone_of_path)


def _actor(runner, op, local_names):
    code = op.codes.get("actor_x")
    return code(local_names, runner.scope) if code is not None else local_names.get("actor")


def op_place(runner, op, local_names, place):
    what = stored(get(runner, op, "what", local_names, place, required=True), runner.scope, op.path, place)
    pile = zone_at(runner, op, "to", local_names, place)
    at = get(runner, op, "at", local_names, place)
    if at is not None:
        index = integer(at, "at", place, op)
        try:
            pile[index] = what
        except IndexError:
            raise ExprError(f"{place}: place: index {index} is out of range in {op.paths['to'].text}",
                            path=op.path) from None
        return
    return insert(runner, pile, what, position_of(op, place), place)


def op_create(runner, op, local_names, place):
    what = get(runner, op, "what", local_names, place, required=True)
    pile = zone_at(runner, op, "to", local_names, place)
    count = integer(get(runner, op, "n", local_names, place, default=1), "n", place, op)
    extra_code = op.codes.get("with_x")
    extra = extra_code(local_names, runner.scope) if extra_code is not None else None
    if extra is not None and not isinstance(extra, dict):
        raise ExprError(f"{place}: with_x gives {to_text(extra)}, not a dict", path=op.path)
    return CreateFrame(op, what, pile, count, extra, position_of(op, place), local_names, place)


class CreateFrame(Frame):
    """``create``: ``count`` new instances (or copies) into ``pile``, one by one."""

    __slots__ = ("op", "what", "pile", "count", "extra", "position", "local_names", "place", "made", "index")
    KEEP = ("op", "count", "position", "place", "index")
    COPY = ("what", "pile", "extra", "local_names", "made")

    def __init__(self, op, what, pile, count, extra, position, local_names, place):
        self.op = op
        self.what = what
        self.pile = pile
        self.count = count
        self.extra = extra
        self.position = position
        self.local_names = local_names
        self.place = place
        self.made = None
        self.index = 0

    def resume(self, runner, value):
        op = self.op
        place = self.place
        what = self.what
        while self.index < self.count:
            self.index += 1
            spend(runner.scope, OP_COST, place, op.path)
            if isinstance(what, dict):
                made = runner.state.instance(what, self.extra, op.path, place)
            else:
                made = stored(what, runner.scope, op.path, place)  # a copy each
            self.made = made
            frame = insert(runner, self.pile, made, self.position, place)
            if frame is not None:
                return frame
        bind = op.raw.get("bind")
        if bind is not None:
            self.local_names[str(bind)] = self.made
        return None


def op_move(runner, op, local_names, place):
    what = get(runner, op, "what", local_names, place, required=True)
    source = zone_at(runner, op, "from", local_names, place)
    target = zone_at(runner, op, "to", local_names, place)
    position = position_of(op, place)
    items = list(what) if isinstance(what, (list, tuple)) else [what]
    return MoveFrame(op, items, source, target, position, place)


class MoveFrame(Frame):
    """``move``: the items one by one from ``source`` to ``target``."""

    __slots__ = ("op", "items", "source", "target", "position", "place", "index")
    KEEP = ("op", "position", "place", "index")
    COPY = ("items", "source", "target")

    def __init__(self, op, items, source, target, position, place):
        self.op = op
        self.items = items
        self.source = source
        self.target = target
        self.position = position
        self.place = place
        self.index = 0

    def resume(self, runner, value):
        items = self.items
        source = self.source
        place = self.place
        while self.index < len(items):
            item = items[self.index]
            self.index += 1
            index = find(source, item)
            if index < 0:
                raise ExprError(f"{place}: move: '{label(item)}' is not in {self.op.paths['from'].text}",
                                path=self.op.path)
            frame = insert(runner, self.target, source.take(index), self.position, place)
            if frame is not None:
                return frame
        return None


def op_destroy(runner, op, local_names, place):
    what = get(runner, op, "what", local_names, place, required=True)
    if "from" in op.paths:
        piles = [zone_at(runner, op, "from", local_names, place)]
        where = op.paths["from"].text
    else:
        piles = []
        for name, zone in runner.state.zones.items():
            piles.extend(zone if runner.model.zones[name].per_player else [zone])
        where = "any zone"
    for pile in piles:
        index = find(pile, what)
        if index >= 0:
            pile.take(index)
            runner.state.events.append(f"destroy:{label(what)}")
            return
    raise ExprError(f"{place}: destroy: '{label(what)}' is not in {where}", path=op.path)


def top_index(pile):
    """Index of the card a draw takes when it is known (the top, or the only card of an unknown
    middle), else the unknown middle: a range of two or more indexes, one of which chance picks."""
    if pile.shuffled and pile.top == 0:
        unknown = pile.unknown()
        if len(unknown) > 1:
            return unknown
        if len(unknown) == 1:
            return unknown[0]
    return 0


def top_card(pile, place: str, visible):
    """Index of the card a draw takes: the known top, else a frame of chance over the unknown
    middle (which leaves the index in ``runner.value``)."""
    top = top_index(pile)
    if top.__class__ is range:
        cards = [pile[i] for i in top]
        return ChanceFrame(place, cards, visible=visible, then=_unknown_card, args=(top.start,))
    return top


def _unknown_card(runner, choice, start):
    runner.value = start + choice


def op_draw(runner, op, local_names, place):
    source = zone_at(runner, op, "from", local_names, place)
    target = zone_at(runner, op, "to", local_names, place)
    count = integer(get(runner, op, "n", local_names, place, default=1), "n", place, op)
    visible = visible_to(runner, op, local_names, None)
    if visible is None:
        visible = visibility_of(runner, target)
    return DrawFrame(source, target, count, visible, position_of(op, place), place)


class DrawFrame(Frame):
    """``draw``: ``count`` cards one by one, each the top card (or chance) of ``source``."""

    __slots__ = ("source", "target", "count", "visible", "position", "place", "index", "card", "pc")
    KEEP = ("count", "position", "place", "index", "pc")
    COPY = ("source", "target", "visible", "card")
    _NEXT, _TOP_KNOWN, _INSERTED = 0, 1, 2

    def __init__(self, source, target, count, visible, position, place):
        self.source = source
        self.target = target
        self.count = count
        self.visible = visible
        self.position = position
        self.place = place
        self.index = 0
        self.card = None
        self.pc = 0

    def resume(self, runner, value):
        pc = self.pc
        while True:
            if pc == 0:
                if self.index >= self.count or not self.source:
                    return None
                self.index += 1
                top = top_card(self.source, self.place, self.visible)
                if not isinstance(top, int):
                    self.pc = 1
                    return top
                value = top
                pc = 1
            if pc == 1:
                card = self.card = self.source.take(value)
                self.pc = 2
                frame = insert(runner, self.target, card, self.position, self.place)
                if frame is not None:
                    return frame
            runner.observe(self.place, "draw", label(self.card), self.visible)
            self.card = None
            pc = self.pc = 0


def op_shuffle(runner, op, local_names, place):
    if "zone" in op.paths:
        zone_at(runner, op, "zone", local_names, place).forget()


def op_look(runner, op, local_names, place):
    source = zone_at(runner, op, "from", local_names, place)
    count = integer(get(runner, op, "n", local_names, place, default=1), "n", place, op)
    actor = _actor(runner, op, local_names)
    visible = visible_to(runner, op, local_names, ALL if actor is None else [actor])
    count = min(max(count, 0), len(source))
    return LookFrame(op, source, count, visible, actor, local_names, place)


class LookFrame(Frame):
    """``look``: the top ``count`` cards become known (chance over the unknown ones), then are seen."""

    __slots__ = ("op", "source", "count", "visible", "actor", "local_names", "place", "start")
    KEEP = ("op", "count", "place", "start")
    COPY = ("actor", "source", "visible", "local_names")

    def __init__(self, op, source, count, visible, actor, local_names, place):
        self.op = op
        self.source = source
        self.count = count
        self.visible = visible
        self.actor = actor
        self.local_names = local_names
        self.place = place
        self.start = None

    def resume(self, runner, value):
        source = self.source
        count = self.count
        place = self.place
        if self.start is not None:
            source.reveal_top(self.start + value)
            self.start = None
        if source.shuffled:
            while source.top < count:
                unknown = source.unknown()
                if not unknown:
                    break  # the rest of the looked-at cards are the known bottom
                if len(unknown) > 1:
                    self.start = unknown.start
                    return ChanceFrame(place, [source[i] for i in unknown], visible=self.visible)
                source.reveal_top(unknown[0])
        seen = list(source[:count])
        runner.observe(place, "look", ", ".join(label(card) for card in seen), self.visible, self.actor)
        bind = self.op.raw.get("bind")
        if bind is not None:
            self.local_names[str(bind)] = seen
        return None


def op_search(runner, op, local_names, place):
    source = zone_at(runner, op, "from", local_names, place)
    bind = require_text(op, "bind", place)
    actor = _actor(runner, op, local_names)
    runner.observe(place, "search", ", ".join(label(card) for card in source), [actor] if actor is not None else ALL,
                   actor)
    matches = list(source)
    condition = op.codes.get("filter_x")
    if condition is not None:
        name = str(op.raw.get("as", "it"))
        names = dict(local_names)
        kept = []
        for item in matches:
            names[name] = item
            if condition(names, runner.scope):
                kept.append(item)
        matches = kept
    visible = visible_to(runner, op, local_names, [actor] if actor is not None else ALL)
    subset = any(key in op.fields for key in ("min", "max"))
    if not matches and not subset:
        local_names[bind] = None
        return
    return Then(choose_from(runner, op, local_names, place, matches, actor, visible, subset), bind_to,
                (local_names, bind))


def op_reveal(runner, op, local_names, place):
    what = get(runner, op, "what", local_names, place, required=True)
    visible = visible_to(runner, op, local_names, ALL)
    runner.observe(place, "reveal", label(what), visible)


OPS = {
    "place": op_place, "create": op_create, "move": op_move, "destroy": op_destroy, "draw": op_draw,
    "shuffle": op_shuffle, "look": op_look, "search": op_search, "reveal": op_reveal,
}

__all__ = ["OPS", "NotExecutable", "top_card", "top_index", "zone_of_path"]
