"""What each station of the diagram says: who acts, the actions and their ``pre``, the step's
markers, the windows and end events it opens, the flows it runs, and the gaps and open questions
that belong to it.

Everything here comes from the validator's own walks (:mod:`tabletwin.validate.walk`), markers
(:func:`tabletwin.validate.tree.step_markers`) and gaps (:func:`tabletwin.validate.figures.count`);
this module only decides which station each of them belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..modelfile import format_path
from ..validate.tree import listened_events, step_markers
from ..validate.walk import mapping, ops, sequence, step_do
from .text import one_line, xml_safe


@dataclass
class Row:
    """One line of text in a station: what is shown (cut to fit) and the whole text."""

    kind: str  # title, who, action, detail, mark, gap, question
    shown: str
    full: str
    y: float = 0.0  # baseline, relative to the station's top


@dataclass
class Chip:
    """A marker drawn as a small label inside its station (position relative to the station)."""

    name: str
    x: float
    y: float
    w: float


@dataclass
class Station:
    id: str  # the model path (flow.children[1]) or end.<id>: what editors and the Player name it by
    kind: str
    label: str
    path: tuple
    name: str = ""  # the node's own id, the station's title
    who: str | None = None
    detail: list[str] = field(default_factory=list)
    actions: list[dict] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)
    gaps: list[dict] = field(default_factory=list)
    questions: list[dict] = field(default_factory=list)
    calls: list[tuple[str, str]] = field(default_factory=list)  # (flow name, "subflow" | "run")
    line: int | None = None
    column: int | None = None
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    rows: list[Row] = field(default_factory=list)
    chips: list[Chip] = field(default_factory=list)


def _text(value) -> str | None:
    return None if value is None else one_line(value)


def _either(node: dict, name: str) -> str | None:
    """The expression ``name_x`` if written, else the text ``name``."""
    value = node.get(name + "_x")
    return _text(value if value is not None else node.get(name))


def loop_words(node: dict) -> str:
    """What a loop repeats over and until when, in a few words (written on its return track)."""
    parts = []
    over = _either(node, "over")
    if over is not None:
        name = _text(node.get("as"))
        parts.append(f"each {name} in {over}" if name else f"each of {over}")
    until = _either(node, "until")
    if until is not None:
        parts.append(f"until {until}")
    if node.get("once") is True:
        parts.append("once")
    return ", ".join(parts) if parts else "again and again (ends through end conditions)"


def loop_returns(node: dict) -> bool:
    """Whether the loop runs its children more than once (``once`` without ``over`` does not)."""
    return not (node.get("once") is True and node.get("over_x", node.get("over")) is None)


def loop_exits(node: dict) -> bool:
    """Whether the loop stops by itself (else only an end condition leaves it)."""
    return node.get("once") is True or _either(node, "until") is not None


def case_words(case) -> str:
    case = mapping(case)
    when = _either(case, "when")
    label = _text(case.get("label"))
    text = f"when {when}" if when is not None else "when ? (no when_x)"
    return f"{label}: {text}" if label else text


def always_true(case) -> bool:
    when = mapping(case).get("when_x")
    return when is True or (isinstance(when, str) and when.strip() == "True")


class Contents:
    """The model-wide facts stations are filled from, gathered once per model."""

    def __init__(self, data: dict, positions=None):
        self.data = data
        self.positions = positions
        self.actions = mapping(data.get("actions"))
        self.flows = mapping(data.get("flows"))
        self.listened = listened_events(data)
        self.windows = mapping(mapping(data.get("priority")).get("windows"))
        self.by_action: dict[str, list[Station]] = {}

    def where(self, path: tuple) -> tuple[int | None, int | None]:
        if self.positions is None:
            return None, None
        span = self.positions.span(path) or self.positions.nearest(path)[1]
        return span.human() if span is not None else (None, None)

    def window_actions(self, window) -> list[str]:
        """The actions a window lets players play (any speed for ``true``)."""
        allows = None if window is True else mapping(self.windows.get(str(window))).get("allows")
        speeds = None if window is True else {str(s) for s in (allows if isinstance(allows, list) else
                                                               [allows] if allows is not None else [])}
        return [str(name) for name, action in self.actions.items()
                if mapping(action).get("speed") is not None
                and (speeds is None or str(mapping(action)["speed"]) in speeds)]

    def _window_mark(self, window, where: str = "") -> str:
        name = "(all speeds)" if window is True or window is None else one_line(window)
        playable = self.window_actions(True if window is None else window)
        return f"window {name}{where}" + (f": {', '.join(playable)}" if playable else ": no action can be played")

    def node_station(self, node: dict, path: tuple) -> Station:
        kind = node.get("kind")
        kind_text = one_line(kind) if kind is not None else "node"
        sid = xml_safe(format_path(path))
        name = one_line(node["id"]) if node.get("id") is not None else sid
        label = one_line(node["label"]) if node.get("label") is not None else name
        station = Station(sid, kind_text, label, path, name)
        station.line, station.column = self.where(path)
        window = node.get("window")
        opens: list = []
        if window not in (None, False):
            station.marks.append(self._window_mark(window))
            opens.append(window)
        if kind == "step":
            who = node.get("actor_x") if node.get("actor_x") is not None else node.get("actor")
            station.who = _text(who)
            for name in step_do(node):
                action = mapping(self.actions.get(name))
                station.actions.append({"name": one_line(name), "pre": _either(action, "pre")})
                self.by_action.setdefault(name, []).append(station)
                for part in ("cost", "effect"):
                    for op, _ in ops(action.get(part), ()):
                        if op.get("op") == "window":
                            station.marks.append(self._window_mark(op.get("name"), f" (in {one_line(name)})"))
                            opens.append(True if op.get("name") is None else op.get("name"))
                        elif op.get("op") == "run" and op.get("flow") is not None:
                            self._call(station, op["flow"], "run")
            station.markers = step_markers(self.data, node, self.listened)
        elif kind == "loop":
            station.detail.append(loop_words(node))
        elif kind == "branch":
            if node.get("switch") is not None:
                station.detail.append(f"switch: {one_line(node['switch'])}")
            number = len(sequence(node.get("cases")))
            station.detail.append(f"{number} case{'' if number == 1 else 's'}")
        elif kind == "subflow":
            self._call(station, node.get("ref"), "subflow")
        events = node.get("end_event")
        if events is not None:
            names = events if isinstance(events, list) else [events]
            station.marks.append("end event " + ", ".join(one_line(e) for e in names))
        for window in opens:
            for name in self.window_actions(window):
                self.by_action.setdefault(name, []).append(station)
        if node.get("note") is not None:
            station.detail.append(f"note: {one_line(node['note'])}")
        return station

    def _call(self, station: Station, flow, how: str) -> None:
        name = one_line(flow) if flow is not None else "?"
        if flow is not None and str(flow) in {str(k) for k in self.flows}:
            if (name, how) not in station.calls:
                station.calls.append((name, how))
            station.marks.append(f"{'subflow' if how == 'subflow' else 'runs'} → flows.{name}")
        else:
            station.marks.append(f"{how} → flows.{name} (no such flow)")

    def end_station(self, condition, index: int) -> Station:
        condition = mapping(condition)
        ident = condition.get("id")
        sid = f"end.{one_line(ident)}" if ident is not None else f"end[{index}]"
        label = one_line(ident) if ident is not None else f"end condition {index + 1}"
        station = Station(sid, "end", label, ("end", index), label)
        station.line, station.column = self.where(("end", index))
        result = condition.get("result")
        station.detail.append(f"result: {one_line(result) if result is not None else '?'}")
        when = _either(condition, "if")
        station.detail.append(f"if {when}" if when is not None else "if ? (no if_x: never fires)")
        who = _either(condition, "who")
        if who is not None:
            station.detail.append(f"who: {who}")
        if condition.get("returns_x") is not None:
            station.detail.append(f"returns {one_line(condition['returns_x'])}")
        if condition.get("scope") is not None:
            station.detail.append(f"while flows.{one_line(condition['scope'])} runs")
        return station
