"""The model's boards as cells with pieces, laid out for drawing (board-geometry.md).

Coordinates are the centre of each cell in drawing units, ``y`` growing downwards (row 0, the
bottom row of the model, is drawn last): a square cell is 1 wide; a hex cell has radius 1 (from
its centre to a corner), pointy rows with odd rows shifted right, flat columns with odd columns
shifted up. A piece is a dict in a zone the viewer sees whose ``cell`` names a cell of the board
(and whose ``board``, when it has one, names the board).
"""

from __future__ import annotations

import math

from ..boards.fields import read_board
from ..game.labels import label
from .sight import sees_pile

MAX_DRAWN_CELLS = 10_000
"""Boards with more cells list only the cells that hold pieces (a drawing of more is unreadable)."""

_ROOT3 = math.sqrt(3)


def centre(kind: str, layout: str | None, x: int, y: int, height: int) -> tuple[float, float]:
    """The drawing position of the cell at model coordinates ``(x, y)``."""
    down = height - 1 - y
    if kind == "square":
        return x + 0.5, down + 0.5
    if layout == "flat":
        return 1.5 * x + 1, _ROOT3 * (down + (0 if x & 1 else 0.5)) + _ROOT3 / 2
    return _ROOT3 * (x + (0.5 if y & 1 else 0)) + _ROOT3 / 2, 1.5 * down + 1


def board_view(model, state, viewer) -> dict | None:
    specs = model.data.get("boards")
    if not isinstance(specs, dict) or not specs:
        return None
    boards = []
    for name, spec in specs.items():
        board, problems = read_board(str(name), spec)
        if board is None:
            continue
        pieces = _pieces(model, state, viewer, board)
        kind = board.grid.kind
        layout = getattr(board.grid, "layout", None)
        cells = []
        every = board.width * board.height <= MAX_DRAWN_CELLS
        for y in range(board.height):
            for x in range(board.width):
                index = board.index(x, y)
                if index is None or not (every or index in pieces):
                    continue
                cx, cy = centre(kind, layout, x, y, board.height)
                cells.append({"id": board.name_of(index), "x": round(cx, 4), "y": round(cy, 4),
                              "pieces": pieces.get(index, [])})
        boards.append({"name": str(name), "shape": kind, "orientation": layout, "width": board.width,
                       "height": board.height, "cells": cells})
    return {"boards": boards} if boards else None


def _pieces(model, state, viewer, board) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for name, zone in state.zones.items():
        decl = model.zones[name]
        for pile in (zone if decl.per_player else [zone]):
            if not sees_pile(viewer, decl.visibility, pile.owner):
                continue
            for card in pile:
                if not isinstance(card, dict) or card.get("board", board.name) != board.name:
                    continue
                index = board.lookup(card.get("cell"))
                if index is not None:
                    found.setdefault(index, []).append(label(card))
    return found
