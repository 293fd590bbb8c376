"""Ops on zones: ``place``, ``create``, ``move``, ``destroy``, ``draw``, ``shuffle``, ``look``,
``search`` and ``reveal``. Drawing and looking at a shuffled zone are chance nodes over the
cards whose position is not known (reference §8)."""

from __future__ import annotations

from ...errors import ExprError, NotExecutable
from ...expr import to_text
from ..labels import label
from ..requests import ALL
from ..stored import stored
from ..work import OP_COST, spend
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
    yield from insert(runner, pile, what, position_of(op, place), place)


def op_create(runner, op, local_names, place):
    what = get(runner, op, "what", local_names, place, required=True)
    pile = zone_at(runner, op, "to", local_names, place)
    count = integer(get(runner, op, "n", local_names, place, default=1), "n", place, op)
    extra_code = op.codes.get("with_x")
    extra = extra_code(local_names, runner.scope) if extra_code is not None else None
    if extra is not None and not isinstance(extra, dict):
        raise ExprError(f"{place}: with_x gives {to_text(extra)}, not a dict", path=op.path)
    position = position_of(op, place)
    made = None
    for _ in range(count):
        spend(runner.scope, OP_COST, place, op.path)
        if isinstance(what, dict):
            made = runner.state.instance(what, extra, op.path, place)
        else:
            made = stored(what, runner.scope, op.path, place)  # a copy each
        yield from insert(runner, pile, made, position, place)
    bind = op.raw.get("bind")
    if bind is not None:
        local_names[str(bind)] = made


def op_move(runner, op, local_names, place):
    what = get(runner, op, "what", local_names, place, required=True)
    source = zone_at(runner, op, "from", local_names, place)
    target = zone_at(runner, op, "to", local_names, place)
    position = position_of(op, place)
    items = list(what) if isinstance(what, (list, tuple)) else [what]
    for item in items:
        index = find(source, item)
        if index < 0:
            raise ExprError(f"{place}: move: '{label(item)}' is not in {op.paths['from'].text}", path=op.path)
        yield from insert(runner, target, source.take(index), position, place)


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


def top_card(runner, pile, place: str, visible):
    """Index of the card a draw takes: the known top, else chance over the unknown middle."""
    if pile.shuffled and pile.top == 0:
        unknown = pile.unknown()
        if len(unknown) > 1:
            cards = [pile[i] for i in unknown]
            choice = yield from runner.chance(place, cards, visible=visible)
            return unknown[choice]
        if len(unknown) == 1:
            return unknown[0]
    return 0


def op_draw(runner, op, local_names, place):
    source = zone_at(runner, op, "from", local_names, place)
    target = zone_at(runner, op, "to", local_names, place)
    count = integer(get(runner, op, "n", local_names, place, default=1), "n", place, op)
    visible = visible_to(runner, op, local_names, None)
    if visible is None:
        visible = visibility_of(runner, target)
    position = position_of(op, place)
    for _ in range(count):
        if not source:
            break
        index = yield from top_card(runner, source, place, visible)
        card = source.take(index)
        yield from insert(runner, target, card, position, place)
        runner.observe(place, "draw", label(card), visible)


def op_shuffle(runner, op, local_names, place):
    if "zone" in op.paths:
        zone_at(runner, op, "zone", local_names, place).forget()


def op_look(runner, op, local_names, place):
    source = zone_at(runner, op, "from", local_names, place)
    count = integer(get(runner, op, "n", local_names, place, default=1), "n", place, op)
    actor = _actor(runner, op, local_names)
    visible = visible_to(runner, op, local_names, ALL if actor is None else [actor])
    count = min(max(count, 0), len(source))
    if source.shuffled:
        while source.top < count:
            unknown = source.unknown()
            if not unknown:
                break  # the rest of the looked-at cards are the known bottom
            choice = 0
            if len(unknown) > 1:
                choice = yield from runner.chance(place, [source[i] for i in unknown], visible=visible)
            source.reveal_top(unknown[choice])
    seen = list(source[:count])
    runner.observe(place, "look", ", ".join(label(card) for card in seen), visible, actor)
    bind = op.raw.get("bind")
    if bind is not None:
        local_names[str(bind)] = seen


def op_search(runner, op, local_names, place):
    from .choice import choose_from

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
    local_names[bind] = yield from choose_from(runner, op, local_names, place, matches, actor, visible, subset)


def op_reveal(runner, op, local_names, place):
    what = get(runner, op, "what", local_names, place, required=True)
    visible = visible_to(runner, op, local_names, ALL)
    runner.observe(place, "reveal", label(what), visible)


OPS = {
    "place": (op_place, True), "create": (op_create, True), "move": (op_move, True),
    "destroy": (op_destroy, False), "draw": (op_draw, True), "shuffle": (op_shuffle, False),
    "look": (op_look, True), "search": (op_search, True), "reveal": (op_reveal, False),
}

__all__ = ["OPS", "NotExecutable", "top_card", "zone_of_path"]
