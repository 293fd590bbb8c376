"""Square cells: directions, distance and the cells a line of sight crosses.

Directions are ``n e s w`` and, with 8 neighbours, ``ne se sw nw`` after them; ``n`` is
``y + 1`` (up), ``e`` is ``x + 1``. Distance is Manhattan with 4 neighbours and Chebyshev
with 8; it ignores holes and walls.

Line of sight runs between cell centres. Cell boundaries lie half-way between centres, so such
a line never runs along a boundary: it crosses an edge (``'edge'``) or passes exactly through a
corner where four cells meet (``'corner'``). At a corner the two cells beside the line are
touched only at that point; see :mod:`tabletwin.boards.sight` for what blocks there.
"""

from __future__ import annotations

_OFFSETS = {
    "n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0),
    "ne": (1, 1), "se": (1, -1), "sw": (-1, -1), "nw": (-1, 1),
}

DIRECTIONS_4 = ("n", "e", "s", "w")
DIRECTIONS_8 = DIRECTIONS_4 + ("ne", "se", "sw", "nw")


class SquareGrid:
    """Geometry of square cells with 4 or 8 neighbours."""

    kind = "square"

    __slots__ = ("neighbours", "directions", "_offsets")

    def __init__(self, neighbours: int):
        self.neighbours = neighbours
        self.directions = DIRECTIONS_4 if neighbours == 4 else DIRECTIONS_8
        self._offsets = tuple(_OFFSETS[d] for d in self.directions)

    def offsets(self, x: int, y: int) -> tuple[tuple[int, int], ...]:
        """``(dx, dy)`` of each direction, in ``directions`` order (the same for every cell)."""
        return self._offsets

    def adjacent(self, a: tuple[int, int], c: tuple[int, int]) -> bool:
        return (c[0] - a[0], c[1] - a[1]) in self._offsets

    def distance(self, a: tuple[int, int], c: tuple[int, int]) -> int:
        dx = abs(c[0] - a[0])
        dy = abs(c[1] - a[1])
        return dx + dy if self.neighbours == 4 else max(dx, dy)

    def sight_events(self, a: tuple[int, int], c: tuple[int, int]):
        """What the segment between the centres of ``a`` and ``c`` crosses, in order.

        ``('edge', p, q)``: from ``p`` into ``q`` through their common edge.
        ``('corner', p, q, r1, r2)``: from ``p`` into the diagonal cell ``q`` through the corner
        they share; ``r1`` and ``r2`` are the cells on either side, touched only at the corner.
        Exact integer arithmetic: the segment crosses the vertical boundaries at
        ``t = (2i + 1) / (2|dx|)`` and the horizontal ones at ``t = (2j + 1) / (2|dy|)``.
        """
        x, y = a
        dx, dy = c[0] - x, c[1] - y
        nx, ny = abs(dx), abs(dy)
        sx = 1 if dx > 0 else -1
        sy = 1 if dy > 0 else -1
        i = j = 0
        while i < nx or j < ny:
            if i < nx and j < ny:
                order = (2 * i + 1) * ny - (2 * j + 1) * nx
            else:
                order = -1 if i < nx else 1
            p = (x, y)
            if order < 0:
                x += sx
                i += 1
                yield ("edge", p, (x, y))
            elif order > 0:
                y += sy
                j += 1
                yield ("edge", p, (x, y))
            else:
                x += sx
                y += sy
                i += 1
                j += 1
                yield ("corner", p, (x, y), (x, p[1]), (p[0], y))
