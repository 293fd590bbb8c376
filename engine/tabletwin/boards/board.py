"""A parsed, valid board: its grid, cell names, holes and walls, and its neighbour links.

Cells are numbered row by row from the bottom, ``index = y * width + x``; that is also the order
of ``cells()``. Holes do not exist: a hole has an index but no cell, every lookup treats it like
a cell off the board. Walls are stored per cell as the indexes across a wall.

The tables that grow with the number of cells are filled on first use, so even a 1000 × 1000
board costs only what is asked of it: the cell list once ``cells()`` is called, and the
neighbour links of a cell once it is first looked at, on boards of at most
:data:`LINK_TABLE_CELLS` cells. Larger boards work the links out on every use, since their
table would take hundreds of megabytes.
"""

from __future__ import annotations

from typing import Iterable

from ..expr.values import type_name
from .hex import HexGrid
from .naming import Naming
from .square import SquareGrid

NO_CELL = -1
"""A neighbour link that leads nowhere: off the board, into a hole or across a wall."""

LINK_TABLE_CELLS = 16_384
"""Boards with at most this many cells (128 × 128) keep the neighbour links they work out."""


class Board:
    """One board of a model, built once and shared by every call of the board functions."""

    __slots__ = ("name", "grid", "width", "height", "naming", "holes", "_walls", "_cells", "_links",
                 "_neighbours", "_direction_of", "_keep")

    def __init__(self, name: str, grid: SquareGrid | HexGrid, width: int, height: int, naming: Naming,
                 holes: Iterable[tuple[int, int]] = (), walls: Iterable[tuple[tuple[int, int], tuple[int, int]]] = ()):
        self.name = name
        self.grid = grid
        self.width = width
        self.height = height
        self.naming = naming
        self.holes = frozenset(y * width + x for x, y in holes)
        across: dict[int, set[int]] = {}
        for (ax, ay), (cx, cy) in walls:
            a, c = ay * width + ax, cy * width + cx
            across.setdefault(a, set()).add(c)
            across.setdefault(c, set()).add(a)
        self._walls = {index: frozenset(others) for index, others in across.items()}
        self._cells: list[str] | None = None
        self._links: dict[int, tuple[int, ...]] = {}
        self._neighbours: dict[int, tuple[int, ...]] = {}
        self._direction_of = {direction: k for k, direction in enumerate(grid.directions)}
        self._keep = width * height <= LINK_TABLE_CELLS

    def __repr__(self) -> str:
        return f"<Board {self.name} {self.grid.kind} {self.width}x{self.height}>"

    @property
    def directions(self) -> tuple[str, ...]:
        return self.grid.directions

    def index(self, x: int, y: int) -> int | None:
        """The index of the cell at ``(x, y)``, or ``None`` off the board or on a hole."""
        if 0 <= x < self.width and 0 <= y < self.height:
            index = y * self.width + x
            if index not in self.holes:
                return index
        return None

    def lookup(self, text) -> int | None:
        """The index of the cell named ``text``, or ``None`` if no cell has that name."""
        at = self.naming.parse(text)
        if at is None:
            return None
        return self.index(*at)

    def index_of(self, cell) -> int:
        """The index of a cell given to a board function: a ``ValueError`` if there is no such cell."""
        index = self.lookup(cell)
        if index is None:
            if not isinstance(cell, str):
                raise TypeError(f"board '{self.name}': a cell name is text, not {type_name(cell)}")
            if self.naming.parse(cell) is not None:
                raise ValueError(f"board '{self.name}' has no cell {cell!r} (it is a hole)")
            raise ValueError(f"board '{self.name}' has no cell {cell!r}")
        return index

    def direction_index(self, direction) -> int:
        k = self._direction_of.get(direction) if isinstance(direction, str) else None
        if k is None:
            if not isinstance(direction, str):
                raise TypeError(f"board '{self.name}': a direction is text, not {type_name(direction)}")
            raise ValueError(f"board '{self.name}' has no direction {direction!r} "
                             f"(directions: {', '.join(self.directions)})")
        return k

    def xy(self, index: int) -> tuple[int, int]:
        return index % self.width, index // self.width

    def name_of(self, index: int) -> str:
        return self.naming.name(index % self.width, index // self.width)

    def cells(self) -> list[str]:
        """All cell names in index order, holes left out (built once; do not change it)."""
        if self._cells is None:
            name = self.naming.name
            holes = self.holes
            width = self.width
            self._cells = [name(x, y) for y in range(self.height) for x in range(width)
                           if y * width + x not in holes]
        return self._cells

    def walled(self, a: int, c: int) -> bool:
        """Whether a wall stands between cells ``a`` and ``c``."""
        across = self._walls.get(a)
        return across is not None and c in across

    def links(self, index: int) -> tuple[int, ...]:
        """Per direction, the cell one step away, or :data:`NO_CELL`."""
        links = self._links.get(index)
        if links is None:
            width, height, holes = self.width, self.height, self.holes
            across = self._walls.get(index, ())
            x, y = index % width, index // width
            found = []
            for dx, dy in self.grid.offsets(x, y):
                nx, ny = x + dx, y + dy
                target = ny * width + nx
                if not (0 <= nx < width and 0 <= ny < height) or target in holes or target in across:
                    target = NO_CELL
                found.append(target)
            links = tuple(found)
            if self._keep:
                self._links[index] = links
        return links

    def neighbours(self, index: int) -> tuple[int, ...]:
        """The cells one step away, in ``directions`` order."""
        neighbours = self._neighbours.get(index)
        if neighbours is None:
            neighbours = tuple(c for c in self.links(index) if c != NO_CELL)
            if self._keep:
                self._neighbours[index] = neighbours
        return neighbours
