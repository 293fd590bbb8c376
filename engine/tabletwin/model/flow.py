"""Flow nodes as loaded: ``sequence``, ``loop``, ``branch``, ``step`` and ``subflow``."""

from __future__ import annotations

from ..modelfile.shared import brief
from .code import Code
from .fields import read_code

NO_LOCALS = frozenset()


class Node:
    """A flow node. Kind-specific fields are filled in by :func:`compile_node`."""

    __slots__ = ("id", "kind", "path", "raw", "window", "end_events", "children", "over", "as_name",
                 "until", "until_text", "over_text", "once", "cases", "ref", "do", "actor", "secret",
                 "visible_to")

    def __init__(self, raw: dict, path: tuple):
        self.raw = raw
        self.path = path
        self.id = raw.get("id")
        self.kind = raw.get("kind")
        self.window = raw.get("window")
        events = raw.get("end_event")
        self.end_events = [] if events is None else (events if isinstance(events, list) else [events])
        self.children: list[Node] = []
        self.over = self.until = self.actor = self.visible_to = None
        self.as_name = None
        self.once = False
        self.cases: list[Case] = []
        self.ref = None
        self.do: list[str] = []
        self.secret = False

    @property
    def name(self) -> str:
        return str(self.id) if self.id is not None else "?"

    def __repr__(self) -> str:
        return f"Node({self.kind} {self.id})"


class Case:
    __slots__ = ("when", "has_text", "children", "path")

    def __init__(self, when: Code | None, has_text: bool, children: list[Node], path: tuple):
        self.when = when
        self.has_text = has_text
        self.children = children
        self.path = path


def compile_nodes(raw_nodes, path: tuple, memo: dict | None = None) -> list[Node]:
    if not isinstance(raw_nodes, list):
        return []
    memo = {} if memo is None else memo
    return [compile_node(raw, path + (index,), memo) for index, raw in enumerate(raw_nodes)]


def compile_node(raw, path: tuple, memo: dict | None = None) -> Node:
    """The node of ``raw`` at ``path``.

    A node that YAML aliases share is compiled once, at its first path (its anchor's), and
    shared in turn (``memo``: id of the raw mapping -> node), so a "billion laughs" flow
    compiles in linear time. Paths only place messages, so sharing a node changes no game.
    """
    memo = {} if memo is None else memo
    if isinstance(raw, dict):
        done = memo.get(id(raw))
        if done is not None:
            return done
    node = Node(raw if isinstance(raw, dict) else {}, path)
    if isinstance(raw, dict):
        memo[id(raw)] = node
    raw = node.raw
    node.children = compile_nodes(raw.get("children"), path + ("children",), memo)
    node.over = read_code(raw, "over_x", path, NO_LOCALS)
    node.until = read_code(raw, "until_x", path, NO_LOCALS)
    node.actor = read_code(raw, "actor_x", path, NO_LOCALS)
    node.visible_to = read_code(raw, "visible_to_x", path, NO_LOCALS)
    node.as_name = raw.get("as")
    node.once = raw.get("once") is True
    node.secret = raw.get("secret") is True
    node.ref = raw.get("ref")
    do = raw.get("do")
    node.do = [] if do is None else ([brief(name) for name in do] if isinstance(do, list) else [brief(do)])
    cases = raw.get("cases")
    if isinstance(cases, list):
        for index, case in enumerate(cases):
            case_path = path + ("cases", index)
            case = case if isinstance(case, dict) else {}
            node.cases.append(Case(read_code(case, "when_x", case_path, NO_LOCALS), "when" in case,
                                   compile_nodes(case.get("children"), case_path + ("children",), memo), case_path))
    return node


def walk_nodes(node: Node, seen: set | None = None):
    """The node and every node below it, depth first; a node shared by aliases once."""
    seen = set() if seen is None else seen
    if id(node) in seen:
        return
    seen.add(id(node))
    yield node
    for child in node.children:
        yield from walk_nodes(child, seen)
    for case in node.cases:
        for child in case.children:
            yield from walk_nodes(child, seen)
