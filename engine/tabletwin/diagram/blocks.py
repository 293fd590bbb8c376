"""Blocks: each part of a flow laid out in its own box, met by the line on one vertical axis.

- a **station** is a box; a **stack** puts blocks one under the other (a sequence's station and
  its children);
- a **loop** adds a return track from its last child up the left lane back into its station, with
  ``over``/``until`` written under it, and, when it stops by itself (``until``, ``once``), an exit
  from its station down a right lane;
- a **fork** (a branch) puts one column per case side by side, each with its ``when`` on a plate,
  and joins them below.

Blocks record the logical tracks between stations as they are built, and draw their rails when
placed. Blocks never share space, so stations never overlap.
"""

from __future__ import annotations

from .boxes import PAD
from .shapes import Diagram, Plate, Rail, Track
from .stations import Station, loop_exits, loop_returns, loop_words
from .text import fit, width

MAX_PLATE_COLS = 64
"""Longest text on a track (a loop's over/until, a case's when) before it is cut."""

GAP_Y = 26
LANE = 18
COL_GAP = 28
PLATE_H = 18
RETURN_ROW = 12


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
        exit_lane = 14 if self.leaves and self.returns else 0
        self.h = inner.h + (RETURN_ROW + PLATE_H + 4 if self.returns else 0) + exit_lane
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
            plate_w = width(plate) + 10  # centred on the track, but kept inside its column
            left = min(max(cx - plate_w / 2, col_x), col_x + col_w - plate_w)
            out.plates.append(Plate(left, fork + 5 + PLATE_H / 2, plate, words, "when"))
            col_x += col_w + COL_GAP
        if joined:
            out.rails.append(Rail([(ax, join), (ax, y + self.h)], "join", arrow=False))
