"""Line of sight: the straight segment between two cell centres, and what stops it.

The segment is blocked by a cell whose inside it crosses when that cell is off the board, a hole
or in ``blocked``, and by a wall whose edge it crosses. The two end cells never block (the
target is usually occupied). Where the segment only touches cells or walls:

- through a corner (square: four cells meet; hex: three meet), the cells beside the segment,
  touched only at that point, never block (the design's rule). Walls there block when they seal
  the corner: a wall on both sides of the segment, e.g. walls ``a1|a2`` and ``b1|b2`` block the
  diagonal ``a1`` → ``b2``, a single wall ending at the corner does not. A diagonal wall on a
  square board with 8 neighbours stands exactly on its corner and blocks sight between its two
  cells.
- along an edge (only on hex boards, e.g. to the cell one step ``e`` and one ``ne`` away), the
  two cells on either side of that edge are the two ways past: the segment is blocked only when
  both are, each by being blocked, a hole or off the board, or by a wall on the way through it
  (the hexside rule of hex wargames). A wall on the edge itself is only grazed.
"""

from __future__ import annotations

from .board import Board


def line_of_sight(board: Board, start: int, target: int, blocked) -> bool:
    """Whether nothing blocks the segment between the centres of ``start`` and ``target``."""
    if start == target:
        return True
    goal = board.xy(target)
    index = board.index

    def blocks(cell: tuple[int, int]) -> bool:
        if cell == goal:
            return False
        at = index(*cell)
        return at is None or at in blocked

    def wall(a: tuple[int, int], c: tuple[int, int]) -> bool:
        first, second = index(*a), index(*c)
        return first is not None and second is not None and board.walled(first, second)

    for event in board.grid.sight_events(board.xy(start), goal):
        kind, before, after = event[0], event[1], event[2]
        if kind == "edge":
            stopped = wall(before, after)
        elif kind == "corner":
            side, other = event[3], event[4]
            stopped = wall(before, after) or (
                (wall(before, side) or wall(side, after)) and (wall(before, other) or wall(other, after)))
        elif kind == "vertex":
            side = event[3]
            stopped = wall(before, after) and (wall(before, side) or wall(side, after))
        else:
            side, other = event[3], event[4]
            stopped = ((blocks(side) or wall(before, side) or wall(side, after))
                       and (blocks(other) or wall(before, other) or wall(other, after)))
        if stopped or blocks(after):
            return False
    return True
