""""Billion laughs" models: a few hundred bytes of YAML whose aliases stand for many values.

Each level is a list of ``width`` aliases of the level below, so the top one stands for
``width ** levels`` leaves while the loader keeps ``levels`` lists. :data:`BILLION` (10^9
leaves) is what an attacker writes: the loader refuses it at the alias that goes beyond
``MAX_ALIAS_VALUES``. :data:`LARGE` stays below that limit (8^5 leaves) wherever it is put: it loads, and
every walk must go through each shared list once to stay quick.

Each ``*_bomb`` function puts the bomb in another place of a small one-player model that ends
after its first step, so a game over it is short whatever the bomb holds.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Size:
    levels: int
    width: int

    @property
    def top(self) -> str:
        """The alias of the top level."""
        return f"*a{self.levels - 1}"


BILLION = Size(9, 10)
LARGE = Size(5, 8)


def levels(size: Size, leaf: str, item: str = "{below}", key: str = "lol") -> list[str]:
    """YAML lines ``lol0: &a0 [...]`` up to the top level.

    ``leaf`` fills the first level; ``item`` is each entry of the levels above, with ``{below}``
    standing for the alias of the level below (an op whose ``then`` is that list, a flow node
    whose ``children`` are).
    """
    lines = [f"{key}0: &a0 [" + ", ".join([leaf] * size.width) + "]"]
    for level in range(1, size.levels):
        entry = item.format(below=f"*a{level - 1}")
        lines.append(f"{key}{level}: &a{level} [" + ", ".join([entry] * size.width) + "]")
    return lines


HEAD = ["num_players: 1", "actions:", "  go: {effect: []}"]
FLOW = "flow: {kind: step, id: s, do: go}"
END = "end: [{id: over, if_x: 'True', result: draw}]"


def model(*lines: str) -> str:
    return "\n".join([*lines, FLOW, *HEAD, END]) + "\n"


def unused_bomb(size: Size) -> str:
    """The bomb under a key nothing reads."""
    return model(*levels(size, '"lol"'))


def expression_bomb(size: Size) -> str:
    """Every leaf is a mapping with an expression field whose syntax is wrong."""
    return model(*levels(size, '{when_x: "1 +"}'))


def content_bomb(size: Size) -> str:
    """Content items with an ability each, under one key of ``content``."""
    return model(*levels(size, "{id: card, abilities: [{id: zap, effect: []}]}"), f"content: {{cards: {size.top}}}")


def op_bomb(size: Size) -> str:
    """An effect whose ops nest ``set`` ops under ``if``s that are never true."""
    return "\n".join([
        *levels(size, "{op: set, var: v, value: 1}", "{{op: if, cond_x: 'False', then: {below}}}"),
        FLOW, "num_players: 1", "state: {vars: {v: {init: 0}}}", END,
        f"actions: {{go: {{effect: [{{op: if, cond_x: 'False', then: {size.top}}}]}}}}",
    ]) + "\n"


def flow_bomb(size: Size) -> str:
    """Sequences of sequences of steps; the end condition ends the game after the first step."""
    return "\n".join([
        *levels(size, "{kind: step, id: s, do: go}", "{{kind: sequence, id: q, children: {below}}}"),
        *HEAD, END, f"flow: {{kind: sequence, id: root, children: {size.top}}}",
    ]) + "\n"


def value_bomb(size: Size) -> str:
    """The bomb where names and expressions belong: a step's ``do``, an end condition's ``if_x``."""
    return "\n".join([
        *levels(size, '"go"'), *HEAD,
        f"flow: {{kind: step, id: s, do: {size.top}}}",
        f"end: [{{id: over, if_x: {size.top}, result: draw}}]",
    ]) + "\n"


ALL = {name[: -len("_bomb")]: function for name, function in dict(globals()).items() if name.endswith("_bomb")}
