"""The layered layout: the flow tree as blocks (:mod:`.blocks`) stacked top to bottom, drawn as a
rail line of stations.

The main flow is one column; every named flow is a column of its own to the right, its first
station level with its first caller, and a dashed track links each caller (``subflow`` or a step
that runs it) to it. End conditions are terminal stations on a dashed terminus under the
flow they end (the main flow, or their ``scope``). Gaps and questions that belong to no station
go in a box at the bottom.

Besides the geometry the layout records the logical **tracks** ``from`` station ``to`` station,
with their kind and label, for :func:`tabletwin.diagram.to_json`.
"""

from __future__ import annotations

from ..modelfile import LoadedYaml, check_is_model, load_yaml
from ..validate.walk import mapping, nodes, sequence
from .belongs import place_notes
from .blocks import COL_GAP, Block, Fork, Loop, Stack, StationBlock
from .boxes import LINE_H, MIN_COLS, MAX_ROWS, PAD, size_station
from .shapes import Diagram, Plate, Rail, Track
from .stations import Contents, Row, Station, always_true, case_words
from .text import CHAR_W, columns, fit, one_line, width

FLOW_GAP = 70
MARGIN = 20
HEADER_H = 58
END_GAP = 36
FLOW_HEADING_H = 20
END_ROW_W = 900
"""End stations wrap into rows this wide (or as wide as their flow)."""


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


def _end_rows(block: Block | None, ends: list[Station]) -> list[list[Station]]:
    """End stations in rows no wider than the flow above them (or :data:`END_ROW_W`)."""
    limit = max(block.w if block is not None else 0.0, END_ROW_W)
    rows: list[list[Station]] = [[]]
    used = 0.0
    for station in ends:
        if rows[-1] and used + COL_GAP + station.w > limit:
            rows.append([])
            used = 0.0
        used += (COL_GAP if rows[-1] else 0.0) + station.w
        rows[-1].append(station)
    return [row for row in rows if row]


def _row_width(row: list[Station]) -> float:
    return sum(s.w for s in row) + COL_GAP * (len(row) - 1)


def _column_width(block: Block | None, ends: list[Station]) -> float:
    widest = max((_row_width(row) for row in _end_rows(block, ends)), default=0.0)
    return max(block.w if block is not None else 0.0, widest)


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
    """Terminal stations in rows under the flow, hanging from a dashed terminus."""
    axis = x + (col_w - block.w) / 2 + block.axis if block is not None else None
    rail_y = block_bottom + END_GAP
    rows = _end_rows(block, finals)
    if block is not None:
        out.rails.append(Rail([(axis, block_bottom), (axis, rail_y)], "end", arrow=False, dashed=True))
    bus = None
    first_rail = rail_y
    for row in rows:
        sx = x + (col_w - _row_width(row)) / 2
        centers = []
        for station in row:
            station.x, station.y = round(sx, 1), round(rail_y + 16, 1)
            centers.append(sx + station.w / 2)
            sx += station.w + COL_GAP
        if bus is None:  # several rows hang from a line left of them all
            bus = x - 8 if len(rows) > 1 else min(centers + ([axis] if axis is not None else []))
        out.rails.append(Rail([(min(centers + [bus]), rail_y), (max(centers + [bus]), rail_y)], "end", arrow=False,
                              dashed=True))
        for cx in centers:
            out.rails.append(Rail([(cx, rail_y), (cx, rail_y + 16)], "end", dashed=True))
        last_rail = rail_y
        rail_y = max(s.y + s.h for s in row) + 24
    if last_rail > first_rail:
        out.rails.append(Rail([(bus, first_rail), (bus, last_rail)], "end", arrow=False, dashed=True))
    # The words go beside the line coming down from the flow, on the side with more room.
    at = axis if axis is not None else bus
    words = "end conditions, checked after every step"
    right, left = x + col_w - (at + 4), (at - 4) - x
    room = int(max(right, left) / CHAR_W)
    shown = fit(words if columns(words) <= room else "end conditions", room)
    start = at + 4 if right >= left else at - 4 - width(shown) - 10
    out.plates.append(Plate(start, first_rail - 10, shown,
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
