"""Usage tally: which rules one game used and how often, for the balance report.

A runner carries ``tally = None`` unless the caller asks for one, and every counting place in the
engine is ``if runner.tally is not None: ...``, so plain play (players, look-ahead, the language
server) pays one attribute test per use and nothing else.

What is counted, and where:

* ``actions`` — an action taken: by a step (chosen or the only legal one), or in a window.
  An ability of a content item counts as its action and as a use of the item.
* ``steps`` — a step run (whether or not it had a legal action).
* ``triggers`` — a trigger that fired (its ``if_x`` held and, if optional, it was used).
* ``modifiers`` — a modifier applied to a value (active, its ``if_x`` held); model modifiers by
  their model path, ``modify`` ops by the op's path.
* ``windows`` — a window opened with something to play in it.
* ``end`` — an end condition that ended the game or a scope; an ``eliminate`` condition once per
  player it eliminated (not at every check that finds the player still out).
* ``content`` — an item run by ``exec``, or whose ability, trigger or modifier was used.

Besides uses, the tally counts *forced* decisions: a player's choice with a single option, which
the engine takes without a request (so the players and the game record never see it), and the
rounds of the main loop (the first loop of the main flow, depth first).
"""

from __future__ import annotations

from collections import Counter

from ..model.flow import walk_nodes
from ..modelfile import format_path

KINDS = ("actions", "steps", "triggers", "modifiers", "windows", "end", "content")
"""The kinds of rule the tally counts, in the order reports list them."""

ANY_WINDOW = "(any speed)"
"""The key of a window opened without a name (``window: true`` on a flow node)."""


def main_loop(model):
    """The first loop node of the main flow (depth first), or ``None`` when it has no loop."""
    for node in walk_nodes(model.flow):
        if node.kind == "loop":
            return node
    return None


def content_keys(model) -> dict[int, tuple[str, tuple]]:
    """``id(item)`` → (key, model path) of every content item: its id, or its path when the id repeats."""
    items = [(item_id, path) for item_id, path in model.item_paths.items()]
    ids = Counter()
    labels = {}
    for item_id, path in items:
        labels[item_id] = _item_label(model, path)
        ids[labels[item_id]] += 1
    return {item_id: (labels[item_id] if ids[labels[item_id]] == 1 else format_path(path), path)
            for item_id, path in items}


def _item_label(model, path: tuple) -> str:
    value = model.content
    for step in path[1:]:
        value = value[step]
    return str(value.get("id"))


_KEY = ("tally",)
"""The key in ``model.compiled_parts`` of the main loop's ``id`` and the content keys."""


class Tally:
    """The counts of one game: ``uses[(kind, key)]``, ``forced[(seat, place)]`` and ``rounds``.

    Both are plain dicts counted with ``get``: a :class:`~collections.Counter` costs a Python call
    to make and another (``__missing__``) at each key's first count, and most of a short game's
    counts are first ones."""

    __slots__ = ("uses", "forced", "rounds", "_main_loop", "_content")

    def __init__(self, model):
        self.uses: dict = {}
        self.forced: dict = {}
        self.rounds = 0
        found = model.compiled_parts.get(_KEY)  # the same for every game of the model: found once
        if found is None:
            loop = main_loop(model)
            found = model.compiled_parts[_KEY] = (id(loop) if loop is not None else None, content_keys(model))
        self._main_loop, self._content = found

    @property
    def has_main_loop(self) -> bool:
        return self._main_loop is not None

    def use(self, kind: str, key) -> None:
        uses = self.uses
        counted = (kind, key)
        uses[counted] = uses.get(counted, 0) + 1

    def item(self, item) -> None:
        """A content item was used (``exec``, or one of its abilities, triggers or modifiers)."""
        found = self._content.get(id(item))
        self.use("content", found[0] if found else str(item.get("id")))

    def action(self, action) -> None:
        uses = self.uses
        key = ("actions", action.name)
        uses[key] = uses.get(key, 0) + 1
        if action.item is not None:
            self.item(action.item)

    def trigger(self, trigger) -> None:
        if trigger.item is not None:
            self.item(trigger.item)
        else:
            self.use("triggers", trigger.id)

    def modifier(self, modifier) -> None:
        if modifier.item is not None:
            self.item(modifier.item)
        else:
            self.use("modifiers", format_path(modifier.path))

    def window(self, name) -> None:
        self.use("windows", ANY_WINDOW if name is None else str(name))

    def forced_decision(self, player, where: str) -> None:
        """A choice of ``player`` with one option, taken without asking."""
        if player is not None:
            forced = self.forced
            key = (int(player), where)
            forced[key] = forced.get(key, 0) + 1

    def loop_round(self, node) -> None:
        if id(node) == self._main_loop:
            self.rounds += 1


def catalogue(model) -> dict[str, dict[str, str]]:
    """Every rule the tally can see used, per kind: key → model path (``unused`` lists these paths)."""
    rules: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
    for name, action in model.actions.items():
        rules["actions"][name] = format_path(action.path)
    for root in [model.flow, *model.flows.values()]:
        for node in walk_nodes(root):
            if node.kind == "step":
                rules["steps"].setdefault(node.name, format_path(node.path))
    for trigger in model.triggers:
        if trigger.item is None:
            rules["triggers"].setdefault(trigger.id, format_path(trigger.path))
    for modifier in model.modifiers:
        if modifier.item is None:
            path = format_path(modifier.path)
            rules["modifiers"][path] = path
    for name in model.priority.windows:
        rules["windows"][str(name)] = format_path(("priority", "windows", name))
    for condition in model.end:
        rules["end"].setdefault(condition.id, format_path(condition.path))
    for key, path in content_keys(model).values():
        rules["content"].setdefault(key, format_path(path))
    return rules
