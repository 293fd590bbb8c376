""""Billion laughs" models: a few hundred bytes of YAML whose aliases stand for 10^9 values.

Each level is a list of ``WIDTH`` aliases of the level below, so the top one stands for
``WIDTH ** LEVELS`` leaves while the loader keeps ``LEVELS`` lists (it shares aliases). A walk
that follows every reference takes hours; one that walks each shared list once, microseconds.
"""

from __future__ import annotations

LEVELS = 9
WIDTH = 10


def levels(leaf: str, item: str = "{below}", key: str = "lol") -> list[str]:
    """YAML lines ``lol0: &a0 [...]`` to ``lol8: &a8 [...]``.

    ``leaf`` fills the first level; ``item`` is each entry of the levels above, with ``{below}``
    standing for the alias of the level below (an op whose ``then`` is that list, a flow node
    whose ``children`` are).
    """
    lines = [f"{key}0: &a0 [" + ", ".join([leaf] * WIDTH) + "]"]
    for level in range(1, LEVELS):
        entry = item.format(below=f"*a{level - 1}")
        lines.append(f"{key}{level}: &a{level} [" + ", ".join([entry] * WIDTH) + "]")
    return lines


TOP = f"*a{LEVELS - 1}"
"""The alias of the top level: 10^9 leaves."""

HEAD = ["num_players: 1", "actions:", "  go: {effect: []}"]
FLOW = "flow: {kind: step, id: s, do: go}"
END = "end: [{id: over, if_x: 'True', result: draw}]"


def model(*lines: str, flow: str = FLOW) -> str:
    return "\n".join([flow, *HEAD, END, *lines]) + "\n"


def unused_bomb() -> str:
    """The bomb under a key nothing reads."""
    return model(*levels('"lol"'))


def expression_bomb() -> str:
    """Every leaf is a mapping with an expression field whose syntax is wrong."""
    return model(*levels('{when_x: "1 +"}'))


def content_bomb() -> str:
    """Content items with an ability each, 10^9 times over."""
    return model(*levels("{id: card, abilities: [{id: zap, effect: []}]}"), f"content: {{cards: {TOP}}}")


def op_bomb() -> str:
    """An effect whose ops nest 10^9 ``set`` ops under ``if``s that are never true."""
    return "\n".join([
        FLOW, "num_players: 1", "state: {vars: {v: {init: 0}}}", END,
        *levels("{op: set, var: v, value: 1}", "{{op: if, cond_x: 'False', then: {below}}}"),
        f"actions: {{go: {{effect: [{{op: if, cond_x: 'False', then: {TOP}}}]}}}}",
    ]) + "\n"


def flow_bomb() -> str:
    """A flow of 10^9 steps under sequences whose end ends the game at the first step."""
    return "\n".join([
        "num_players: 1", "actions:", "  go: {effect: []}", END,
        *levels("{kind: step, id: s, do: go}", "{{kind: sequence, id: q, children: {below}}}"),
        f"flow: {{kind: sequence, id: root, children: {TOP}}}",
    ]) + "\n"


def constants_bomb() -> str:
    return model(*levels("1"), f"constants: {{BIG: {TOP}}}", f"state: {{vars: {{v: {{init: {TOP}}}}}}}")


def mapping_bomb() -> str:
    """Levels of mappings instead of lists (``{k0: *a0, k1: *a0, ...}``)."""
    lines = ["lol0: &a0 {" + ", ".join(f"k{i}: {{when_x: '1 +'}}" for i in range(WIDTH)) + "}"]
    for level in range(1, LEVELS):
        lines.append(f"lol{level}: &a{level} {{" + ", ".join(f"k{i}: *a{level - 1}" for i in range(WIDTH)) + "}")
    return model(*lines, f"content: {{deck: {TOP}}}")


ALL = {name[:-5]: function for name, function in dict(globals()).items() if name.endswith("_bomb")}
