"""The layered layout: the flow tree as blocks stacked top to bottom, drawn as a rail line.

Each flow node is a block whose top and bottom meet the line on one vertical axis:

- a **station** is a box; a **sequence** stacks its children under its own station;
- a **loop** stacks its children too, and a return track runs from the last child up the left
  lane back into the loop's station, with ``over``/``until`` written under it; a loop that stops by
  itself (``until``, ``once``) leaves from its station down a right lane;
- a **branch** forks into one column per case, each with its ``when`` on a plate on the track,
  plus an "otherwise" track when no case is always true; the columns join again below.

The main flow is one column; every named flow is a column of its own to the right, its first
station level with its first caller, and a dashed track links each caller (``subflow`` or a step
that ``run``\\s it) to it. End conditions are terminal stations on a dashed terminus under the
flow they end (the main flow, or their ``scope``). Stations are placed by construction: blocks
never share space, so no two stations overlap.

Besides the geometry (``rails``: polylines; ``plates``: labels on them) the layout records the
logical **tracks** ``from`` station ``to`` station, with their kind and label, for
:func:`tabletwin.diagram.to_json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..modelfile import LoadedYaml, check_is_model, load_yaml
from ..validate.walk import mapping, nodes, sequence
from .belongs import place_notes
from .stations import Chip, Contents, Row, Station, always_true, case_words, loop_exits, loop_returns, loop_words
from .text import CHAR_W, SMALL_CHAR_W, columns, fit, one_line, width

PAD = 8
TITLE_H = 19
LINE_H = 16
CHIP_H = 15
CHIP_GAP = 4

MIN_COLS = 24
"""Narrowest station text, in columns."""

MAX_COLS = 46
"""Widest station text, in columns: longer lines are cut with an ellipsis (whole in the tooltip)."""

MAX_TITLE_COLS = 60
"""A station widens up to this for its id, so every id is shown whole unless it is longer."""

MAX_ROWS = 6
"""At most this many actions (and as many gaps, questions, marks) are listed in a station; the
rest is counted in one more row and listed in the tooltip."""

MAX_PLATE_COLS = 64
"""Longest text on a track (a loop's over/until, a case's when) before it is cut."""

GAP_Y = 26
LANE = 18
COL_GAP = 28
FLOW_GAP = 70
MARGIN = 20
HEADER_H = 58
PLATE_H = 18
RETURN_ROW = 12
END_GAP = 36
FLOW_HEADING_H = 20


@dataclass
class Track:
    """A logical connection between two stations (``kind``: enter, next, fork, return, call, end)."""

    source: str
    target: str
    kind: str
    label: str | None = None


@dataclass
class Rail:
    points: list[tuple[float, float]]
    kind: str
    arrow: bool = True
    dashed: bool = False


@dataclass
class Plate:
    """Text written on a track: ``x``, ``y`` the middle of its left edge."""

    x: float
    y: float
    shown: str
    full: str
    kind: str  # return, when, end
    boxed: bool = True


@dataclass
class Diagram:
    title: str
    stations: list[Station] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    rails: list[Rail] = field(default_factory=list)
    plates: list[Plate] = field(default_factory=list)
    loose_gaps: list[dict] = field(default_factory=list)
    loose_questions: list[dict] = field(default_factory=list)
    notes_rows: list[Row] = field(default_factory=list)
    notes_box: tuple[float, float, float, float] | None = None
    width: float = 0.0
    height: float = 0.0

    def station(self, sid: str) -> Station | None:
        return next((s for s in self.stations if s.id == sid), None)


# ---- station boxes -----------------------------------------------------------------------------


def _capped(kind: str, texts: list[str], what: str) -> list[tuple[str, str]]:
    rows = [(kind, t) for t in texts[:MAX_ROWS]]
    if len(texts) > MAX_ROWS:
        rest = texts[MAX_ROWS:]
        rows.append((kind, f"… and {len(rest)} more {what}: " + "; ".join(rest)))
    return rows


def _content_rows(station: Station) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    if station.kind == "step":
        rows.append(("who", f"who: {station.who}" if station.who is not None else "who: no one (automatic)"))
    elif station.who is not None:
        rows.append(("who", f"who: {station.who}"))
    actions = [f"• {a['name']}" + (f" — pre: {a['pre']}" if a["pre"] is not None else "") for a in station.actions]
    rows += _capped("action", actions, "actions")
    rows += [("detail", d) for d in station.detail]
    return rows


def _note_rows(station: Station) -> list[tuple[str, str]]:
    rows = _capped("mark", station.marks, "marks")
    rows += _capped("gap", [f"gap: {g['message']}" for g in station.gaps], "gaps")
    rows += _capped("question", [f"? {q['id']} ({q['status']}): {q['question']}" for q in station.questions],
                    "questions")
    return rows


def size_station(station: Station) -> None:
    """Choose the station's width and height and lay out its rows and chips."""
    body = _content_rows(station)
    notes = _note_rows(station)
    natural = max([columns(text) for _, text in body + notes] + [MIN_COLS])
    cols = min(natural, MAX_COLS)
    cols = max(cols, min(columns(station.name) + 1 + columns(station.kind), MAX_TITLE_COLS))
    inner = cols * CHAR_W
    station.w = round(inner + 2 * PAD, 1)
    title_cols = cols - 1 - columns(station.kind)
    y = PAD + 13
    station.rows = [Row("title", fit(station.name, title_cols), station.name, y)]
    y += TITLE_H - 13
    for kind, text in body:
        y += LINE_H
        station.rows.append(Row(kind, fit(text, cols), text, y))
    station.chips = []
    if station.markers:
        x, top = 0.0, y + 5
        for name in station.markers:
            chip_w = len(name) * SMALL_CHAR_W + 10
            if x > 0 and x + chip_w > inner:
                x, top = 0.0, top + CHIP_H + CHIP_GAP
            station.chips.append(Chip(name, PAD + x, top, chip_w))
            x += chip_w + CHIP_GAP
        y = top + CHIP_H
    for kind, text in notes:
        y += LINE_H
        station.rows.append(Row(kind, fit(text, cols), text, y))
    station.h = round(y + PAD + 3, 1)


# ---- blocks ------------------------------------------------------------------------------------


class Block:
    """A part of a flow laid out in its own box: ``w`` by ``h``, met by the line at ``axis`` (from
    its left) on top and, when ``exits`` is not empty, at the bottom."""

    w: float
    h: float
    axis: float
    first: str
    exits: list[tuple[str, str | None]]

    def place(self, x: float, y: float, out: Diagram) -> None:
        raise NotImplementedError


class StationBlock(Block):
    def __init__(self, station: Station):
        self.station = station
        self.w, self.h, self.axis = station.w, station.h, station.w / 2
        self.first = station.id
        self.exits = [(station.id, None)]

    def place(self, x, y, out):
        self.station.x, self.station.y = round(x, 1), round(y, 1)


def _link(tracks: list[Track], exits, target: str, kind: str) -> None:
    for source, label in exits:
        tracks.append(Track(source, target, kind, label))


class Stack(Block):
    """Blocks one under the other on one axis; the first is the node's own station."""

    def __init__(self, blocks: list[Block], tracks: list[Track]):
        self.blocks = blocks
        self.axis = max(b.axis for b in blocks)
        self.w = self.axis + max(b.w - b.axis for b in blocks)
        self.h = sum(b.h for b in blocks) + GAP_Y * (len(blocks) - 1)
        self.first = blocks[0].first
        for index in range(1, len(blocks)):
            _link(tracks, blocks[index - 1].exits, blocks[index].first, "enter" if index == 1 else "next")
        self.exits = blocks[-1].exits

    def place(self, x, y, out):
        ax = x + self.axis
        for index, block in enumerate(self.blocks):
            if index and self.blocks[index - 1].exits:
                out.rails.append(Rail([(ax, y - GAP_Y), (ax, y)], "next"))
            block.place(ax - block.axis, y, out)
            y += block.h + GAP_Y


class Loop(Block):
    """A loop's station and children, with the return track (and the exit lane if it stops)."""

    def __init__(self, inner: Block, head: Station, node: dict, tracks: list[Track]):
        self.inner, self.head = inner, head
        self.words = loop_words(node)
        self.returns = loop_returns(node) and bool(inner.exits)
        self.leaves = loop_exits(node)
        self.plate = fit(self.words, MAX_PLATE_COLS)
        right = LANE if self.leaves else 0
        plate_w = width(self.plate) + 12
        extra = max(0.0, plate_w - (inner.w + right))
        self.w = LANE + inner.w + right + extra
        self.axis = LANE + inner.axis
        self.h = inner.h + (RETURN_ROW + PLATE_H + 4 if self.returns else 0) + (14 if self.leaves and self.returns else 0)
        self.first = inner.first
        if self.returns:
            tracks += [Track(source, head.id, "return", f"{label}, then {self.words}" if label else self.words)
                       for source, label in inner.exits]
        self.exits = [(head.id, None)] if self.leaves else []
        if self.leaves and not self.returns:
            self.exits = inner.exits  # once without over: the children once, then on

    def place(self, x, y, out):
        self.inner.place(x + LANE, y, out)
        ax = x + self.axis
        head = self.head
        mid = head.y + PAD + 7
        bottom = y + self.inner.h
        if self.returns:
            row = bottom + RETURN_ROW
            out.rails.append(Rail([(ax, bottom), (ax, row), (x + 4, row), (x + 4, mid), (head.x, mid)], "return"))
            out.plates.append(Plate(x + 10, row + PLATE_H / 2 + 2, self.plate, self.words, "return", boxed=False))
            bottom = row + PLATE_H + 4
        if self.leaves and self.returns:
            lane = x + self.w - 4
            out.rails.append(Rail([(head.x + head.w, mid), (lane, mid), (lane, bottom + 7), (ax, bottom + 7),
                                   (ax, bottom + 14)], "exit", arrow=False))


class Fork(Block):
    """A branch: its station, one column per case (when on a plate), the otherwise track, the join."""

    def __init__(self, top: Block, columns_: list[tuple[str, Block | None]], tracks: list[Track]):
        self.top = top
        self.columns = []
        self.exits = []
        for words, body in columns_:
            plate = fit(words, MAX_PLATE_COLS)
            col_w = max(body.w if body is not None else 0.0, width(plate) + 14)
            self.columns.append((words, plate, body, col_w))
            if body is not None:
                _link(tracks, [(s, words) for s, _ in top.exits], body.first, "fork")
                self.exits += body.exits
            else:
                self.exits += [(s, words) for s, _ in top.exits]
        total = sum(c[3] for c in self.columns) + COL_GAP * (len(self.columns) - 1)
        self.total = total
        self.axis = max(top.axis, total / 2)
        self.w = self.axis + max(top.w - top.axis, total / 2)
        tallest = max((c[2].h for c in self.columns if c[2] is not None), default=0.0)
        self.fork_y = top.h + 10
        self.col_y = self.fork_y + PLATE_H + 16
        self.join_y = self.col_y + tallest + 12
        self.h = self.join_y + 12
        self.first = top.first

    def place(self, x, y, out):
        ax = x + self.axis
        self.top.place(ax - self.top.axis, y, out)
        col_x = ax - self.total / 2
        fork, top, join = y + self.fork_y, y + self.col_y, y + self.join_y
        joined = False
        for words, plate, body, col_w in self.columns:
            cx = col_x + (col_w - body.w) / 2 + body.axis if body is not None else col_x + col_w / 2
            start = [(ax, y + self.top.h), (ax, fork), (cx, fork)]
            if body is not None:
                out.rails.append(Rail(start + [(cx, top)], "fork"))
                body.place(cx - body.axis, top, out)
                if body.exits:
                    out.rails.append(Rail([(cx, top + body.h), (cx, join), (ax, join)], "join", arrow=False))
                    joined = True
            else:
                out.rails.append(Rail(start + [(cx, join), (ax, join)], "fork", arrow=False))
                joined = True
            out.plates.append(Plate(cx - (width(plate) + 10) / 2, fork + 5 + PLATE_H / 2, plate, words, "when"))
            col_x += col_w + COL_GAP
        if joined:
            out.rails.append(Rail([(ax, join), (ax, y + self.h)], "join", arrow=False))


# ---- building the blocks of a flow -------------------------------------------------------------


class Builder:
    """Blocks of the flows over stations made beforehand (one per model path)."""

    def __init__(self, stations: dict[tuple, Station], tracks: list[Track]):
        self.stations = stations
        self.tracks = tracks

    def node(self, node: dict, path: tuple) -> Block:
        station = self.stations[path]
        block: Block = StationBlock(station)
        children = [self.node(child, path + ("children", index))
                    for index, child in enumerate(sequence(node.get("children"))) if isinstance(child, dict)]
        if children:
            block = Stack([block, *children], self.tracks)
        cases = sequence(node.get("cases"))
        if cases or node.get("kind") == "branch":
            columns_ = []
            for index, case in enumerate(cases):
                kids = [self.node(child, path + ("cases", index, "children", number))
                        for number, child in enumerate(sequence(mapping(case).get("children")))
                        if isinstance(child, dict)]
                columns_.append((case_words(case), self._chain(kids)))
            if not any(always_true(c) for c in cases):
                columns_.append(("otherwise: nothing", None))
            block = Fork(block, columns_, self.tracks)
        if node.get("kind") == "loop":
            block = Loop(block, station, node, self.tracks)
        return block

    def _chain(self, blocks: list[Block]) -> Block | None:
        if not blocks:
            return None
        if len(blocks) == 1:
            return blocks[0]
        before = len(self.tracks)
        chained = Stack(blocks, self.tracks)
        for track in self.tracks[before:]:  # between the children of a case every link is "next"
            if track.kind == "enter":
                track.kind = "next"
        return chained


# ---- the whole diagram -------------------------------------------------------------------------


def _loaded(model) -> LoadedYaml:
    if isinstance(model, LoadedYaml):
        loaded = model
    elif isinstance(model, str):
        loaded = load_yaml(model)
    else:  # a compiled Model
        loaded = LoadedYaml(model.data, model.positions, getattr(model, "text", ""))
    check_is_model(loaded)
    return loaded


def _unique_ids(stations: list[Station]) -> None:
    """Paths are unique; only end conditions named alike (or a flow named like a path) could clash."""
    seen: set[str] = set()
    for index, station in enumerate(stations):
        if station.id in seen:
            station.id = f"{station.id}~{index}"
        seen.add(station.id)


def layout(model, gaps=None) -> Diagram:
    """The diagram of a model (text, a loaded document or a compiled model).

    ``gaps`` are the validator's gaps (``report.figures.gaps``) when already computed; otherwise
    they are counted here. Raises ``YamlError`` or ``NotAModelError`` for text that is not a model.
    """
    loaded = _loaded(model)
    data = loaded.data
    if gaps is None:
        from ..validate.figures import count

        gaps = count(data).gaps
    contents = Contents(data, loaded.positions)
    out = Diagram(one_line(data.get("label") or data.get("game") or "model"))
    node_table = {}
    by_path: dict[tuple, Station] = {}
    for node, path in nodes(data):
        node_table[tuple(path)] = node
        by_path[tuple(path)] = contents.node_station(node, tuple(path))
    end_list = [contents.end_station(condition, index) for index, condition in enumerate(sequence(data.get("end")))]
    out.stations = list(by_path.values()) + end_list
    _unique_ids(out.stations)
    out.loose_gaps, out.loose_questions = place_notes(out.stations, contents.by_action, node_table, gaps, data)
    for station in out.stations:
        size_station(station)

    builder = Builder(by_path, out.tracks)
    main = builder.node(data["flow"], ("flow",)) if isinstance(data.get("flow"), dict) else None
    named = {str(name): builder.node(node, ("flows", name)) for name, node in mapping(data.get("flows")).items()
             if isinstance(node, dict)}
    roots = {str(name): by_path[("flows", name)].id for name, node in mapping(data.get("flows")).items()
             if isinstance(node, dict)}
    ends: dict[str | None, list[Station]] = {}
    main_id = mapping(data.get("flow")).get("id")
    for station, condition in zip(end_list, sequence(data.get("end"))):
        scope = mapping(condition).get("scope")
        scope = str(scope) if scope is not None and str(scope) in named and scope != main_id else None
        ends.setdefault(scope, []).append(station)
        root = roots.get(scope) if scope is not None else (by_path[("flow",)].id if main is not None else None)
        if root is not None:
            out.tracks.append(Track(root, station.id, "end", one_line(mapping(condition).get("result", "?"))))
    for station in out.stations:
        for flow, how in station.calls:
            if flow in roots:
                out.tracks.append(Track(station.id, roots[flow], "call", how))
    _place(out, main, named, ends)
    return out


def _column_width(block: Block | None, ends: list[Station]) -> float:
    row = sum(s.w for s in ends) + COL_GAP * max(0, len(ends) - 1)
    return max(block.w if block is not None else 0.0, row)


def _flow_order(named: dict, stations: list[Station]) -> list[str]:
    """Named flows in the order of their first callers, then the flows nobody calls."""
    order: list[str] = []
    for station in stations:
        for flow, _how in station.calls:
            if flow in named and flow not in order:
                order.append(flow)
    return order + [name for name in named if name not in order]


def _place(out: Diagram, main: Block | None, named: dict, ends: dict) -> None:
    top, x, bottom = HEADER_H, MARGIN, HEADER_H
    placed: list[Station] = []
    for name in [None] + _flow_order(named, out.stations):
        block = main if name is None else named[name]
        finals = ends.get(name, [])
        if block is None and not finals:
            continue
        col_w = _column_width(block, finals)
        y = top
        if name is not None:
            y = top + FLOW_HEADING_H
            callers = [s for s in placed if any(f == name for f, _ in s.calls)]
            if callers:
                y = max(y, min(s.y for s in callers))
        block_bottom = y
        if block is not None:
            block.place(x + (col_w - block.w) / 2, y, out)
            block_bottom = y + block.h
            if name is not None:
                root = next(s for s in out.stations if s.path[:1] == ("flows",) and len(s.path) == 2
                            and str(s.path[1]) == name)
                heading = f"flows.{name}"
                out.plates.append(Plate(root.x - 5, root.y - 10, fit(heading, int(col_w / CHAR_W)), heading,
                                        "flow", boxed=False))
        prefix = ("flow",) if name is None else ("flows",)
        placed += [s for s in out.stations if s.path[:len(prefix)] == prefix and s.kind != "end"
                   and (name is None or str(s.path[1]) == name)]
        if finals:
            bottom = max(bottom, _place_ends(out, finals, x, col_w, block, block_bottom))
        else:
            bottom = max(bottom, block_bottom)
        x += col_w + FLOW_GAP
    by_id = {s.id: s for s in out.stations}
    for track in out.tracks:
        if track.kind == "call":
            _call_rail(out, by_id[track.source], by_id[track.target])
    out.width = round(max(x - FLOW_GAP + MARGIN, 480.0), 1)
    out.height = round(_notes(out, bottom + 30) + MARGIN, 1)


def _place_ends(out: Diagram, finals: list[Station], x: float, col_w: float, block, block_bottom: float) -> float:
    rail_y = block_bottom + END_GAP
    row_w = sum(s.w for s in finals) + COL_GAP * (len(finals) - 1)
    sx = x + (col_w - row_w) / 2
    centers = []
    for station in finals:
        station.x, station.y = round(sx, 1), round(rail_y + 16, 1)
        centers.append(sx + station.w / 2)
        sx += station.w + COL_GAP
    axis = x + (col_w - block.w) / 2 + block.axis if block is not None else centers[0]
    if block is not None:
        out.rails.append(Rail([(axis, block_bottom), (axis, rail_y)], "end", arrow=False, dashed=True))
    out.rails.append(Rail([(min(centers + [axis]), rail_y), (max(centers + [axis]), rail_y)], "end", arrow=False,
                          dashed=True))
    for cx in centers:
        out.rails.append(Rail([(cx, rail_y), (cx, rail_y + 16)], "end", dashed=True))
    out.plates.append(Plate(axis + 4, rail_y - 10, "end conditions, checked after every step",
                            "end conditions, checked after every step and every action in a window", "end",
                            boxed=False))
    return max(s.y + s.h for s in finals)


def _call_rail(out: Diagram, source: Station, target: Station) -> None:
    y1, y2 = source.y + PAD + 7, target.y + PAD + 7
    if target.x >= source.x + source.w:
        x1, x2 = source.x + source.w, target.x
        bend = x2 - 14
    else:  # a flow further left calls back (recursion, or a column placed before its caller)
        x1, x2 = source.x, target.x + target.w
        bend = x2 + 14
    out.rails.append(Rail([(x1, y1), (bend, y1), (bend, y2), (x2, y2)], "call", dashed=True))


def _notes(out: Diagram, y: float) -> float:
    """The gaps and questions that belong to no station, in a box under everything."""
    texts = [("gap", f"gap: {g['message']}") for g in out.loose_gaps]
    texts += [("question", f"? {q['id']} ({q['status']}){' about ' + q['about'] if q['about'] else ''}: "
                           f"{q['question']}") for q in out.loose_questions]
    if not texts:
        return y - 30
    cols = max(MIN_COLS, int((out.width - 2 * MARGIN - 2 * PAD) / CHAR_W))
    out.width = max(out.width, cols * CHAR_W + 2 * PAD + 2 * MARGIN)
    row_y = PAD + 13
    out.notes_rows = [Row("title", "Elsewhere in the model", "Gaps and open questions that belong to no station",
                          row_y)]
    for kind, text in texts[:MAX_ROWS * 4]:
        row_y += LINE_H
        out.notes_rows.append(Row(kind, fit(text, cols), text, row_y))
    if len(texts) > MAX_ROWS * 4:
        row_y += LINE_H
        rest = texts[MAX_ROWS * 4:]
        out.notes_rows.append(Row("detail", f"… and {len(rest)} more", "; ".join(t for _, t in rest), row_y))
    height = row_y + PAD + 3
    out.notes_box = (MARGIN, y, cols * CHAR_W + 2 * PAD, height)
    return y + height
