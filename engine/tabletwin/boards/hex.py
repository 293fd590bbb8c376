"""Hex cells in offset coordinates: neighbours by row or column parity, distance, sight lines.

The conventions are Red Blob Games' offset coordinates (redblobgames.com/grids/hexagons),
with ``y`` counted up from the bottom row:

- ``pointy`` layout: cells in rows, odd rows (``y`` odd) shifted half a cell right ("odd-r").
  Directions ``e ne nw w sw se``. Offsets ``(dx, dy)`` from a cell in an even row:
  ``e (1, 0)  ne (0, 1)  nw (-1, 1)  w (-1, 0)  sw (-1, -1)  se (0, -1)``; in an odd row:
  ``e (1, 0)  ne (1, 1)  nw (0, 1)  w (-1, 0)  sw (0, -1)  se (1, -1)``.
- ``flat`` layout: cells in columns, odd columns (``x`` odd) shifted half a cell up ("odd-q").
  Directions ``n ne se s sw nw``. Offsets from a cell in an even column:
  ``n (0, 1)  ne (1, 0)  se (1, -1)  s (0, -1)  sw (-1, -1)  nw (-1, 0)``; in an odd column:
  ``n (0, 1)  ne (1, 1)  se (1, 0)  s (0, -1)  sw (-1, 0)  nw (-1, 1)``.

Distance and lines use axial coordinates ``(q, r)``: pointy ``q = x - (y - (y & 1)) // 2,
r = y``; flat ``q = x, r = y - (x - (x & 1)) // 2``. The six neighbours of ``(q, r)`` then differ
by ``(±1, 0)``, ``(0, ±1)``, ``±(1, -1)``, and the squared Euclidean length of an axial vector
``(u, v)`` is ``u² + uv + v²`` (neighbour centres 1 apart) for both layouts: everything below is
exact integer arithmetic.
"""

from __future__ import annotations

LAYOUTS = ("pointy", "flat")

_POINTY = ("e", "ne", "nw", "w", "sw", "se")
_POINTY_EVEN = ((1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1))
_POINTY_ODD = ((1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1))
_FLAT = ("n", "ne", "se", "s", "sw", "nw")
_FLAT_EVEN = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))
_FLAT_ODD = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1))

_AXIAL_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _twice_dot(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Twice the dot product of two axial vectors (the bilinear form of u² + uv + v²)."""
    return 2 * a[0] * b[0] + a[0] * b[1] + a[1] * b[0] + 2 * a[1] * b[1]


class HexGrid:
    """Geometry of hex cells in the ``pointy`` or ``flat`` layout."""

    kind = "hex"
    neighbours = 6

    __slots__ = ("layout", "directions", "_even", "_odd")

    def __init__(self, layout: str):
        self.layout = layout
        if layout == "pointy":
            self.directions, self._even, self._odd = _POINTY, _POINTY_EVEN, _POINTY_ODD
        else:
            self.directions, self._even, self._odd = _FLAT, _FLAT_EVEN, _FLAT_ODD

    def offsets(self, x: int, y: int) -> tuple[tuple[int, int], ...]:
        """``(dx, dy)`` of each direction from ``(x, y)``, in ``directions`` order."""
        parity = y if self.layout == "pointy" else x
        return self._odd if parity & 1 else self._even

    def adjacent(self, a: tuple[int, int], c: tuple[int, int]) -> bool:
        return (c[0] - a[0], c[1] - a[1]) in self.offsets(*a)

    def to_axial(self, x: int, y: int) -> tuple[int, int]:
        if self.layout == "pointy":
            return x - (y - (y & 1)) // 2, y
        return x, y - (x - (x & 1)) // 2

    def from_axial(self, q: int, r: int) -> tuple[int, int]:
        if self.layout == "pointy":
            return q + (r - (r & 1)) // 2, r
        return q, r + (q - (q & 1)) // 2

    def distance(self, a: tuple[int, int], c: tuple[int, int]) -> int:
        aq, ar = self.to_axial(*a)
        cq, cr = self.to_axial(*c)
        dq, dr = cq - aq, cr - ar
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def sight_events(self, a: tuple[int, int], c: tuple[int, int]):
        """What the segment between the centres of ``a`` and ``c`` crosses, in order.

        ``('edge', p, q)``: from ``p`` into ``q`` through their common edge.
        ``('vertex', p, q, r)``: from ``p`` into ``q`` through a corner of both; ``r``, the third
        cell at that corner, is touched only there.
        ``('along', p, q, s1, s2)``: from ``p`` through a corner, along the edge between ``s1``
        and ``s2``, and through its other end into ``q``.

        A cell is the set of points nearer its centre than any other (a hexagon), so the segment
        leaves a cell where it first reaches the bisector with a neighbour. Two bisectors at
        once mean a corner; which of the two cells comes next is the one the segment then nears.
        """
        start = self.to_axial(*a)
        goal = self.to_axial(*c)
        line = (goal[0] - start[0], goal[1] - start[1])
        slopes = [(step, _twice_dot(line, step)) for step in _AXIAL_STEPS]
        slopes = [(step, slope) for step, slope in slopes if slope > 0]
        here = start
        while here != goal:
            offset = (start[0] - here[0], start[1] - here[1])
            best_top = best_bottom = 0
            exits: list[tuple[int, int]] = []
            for step, slope in slopes:
                top = 1 - _twice_dot(offset, step)  # leaves at t = top / slope
                if not exits or top * best_bottom < best_top * slope:
                    best_top, best_bottom, exits = top, slope, [step]
                elif top * best_bottom == best_top * slope:
                    exits.append(step)
            p = self.from_axial(*here)
            if len(exits) == 1:
                here = (here[0] + exits[0][0], here[1] + exits[0][1])
                yield ("edge", p, self.from_axial(*here))
                continue
            first = (here[0] + exits[0][0], here[1] + exits[0][1])
            second = (here[0] + exits[1][0], here[1] + exits[1][1])
            towards = _twice_dot(line, (second[0] - first[0], second[1] - first[1]))
            if towards > 0:
                here, beside = second, first
            elif towards < 0:
                here, beside = first, second
            else:
                here = (first[0] + second[0] - here[0], first[1] + second[1] - here[1])
                yield ("along", p, self.from_axial(*here), self.from_axial(*first), self.from_axial(*second))
                continue
            yield ("vertex", p, self.from_axial(*here), self.from_axial(*beside))
