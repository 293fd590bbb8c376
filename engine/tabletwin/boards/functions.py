"""The board functions expressions call: ``cells directions xy cell step leap ray neighbours
distance path path_cost reachable line_of_sight shape``, each with the board name first.

They take and return values of the language: cell names are text, ``(x, y)`` is a tuple, lists
of cells are lists, and ``None`` stands for "no such cell" or "no path". Integral decimals are
accepted wherever an integer is expected (one number type). ``blocked`` is a list, tuple or set
of cell names; entries that name no cell of the board are ignored. ``cost`` is a dict
``{cell: cost}`` (cells not in it cost 1) or any function of one cell, called at most once per
cell and call; a cost is a number of at least 0, and ``None`` or infinity means the cell cannot
be entered. Wrong kinds of arguments are a ``TypeError``, unknown boards, cells and directions a
``ValueError`` naming them.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Callable

from ..expr.values import TSet, is_integral, to_text, type_name
from .board import NO_CELL, Board
from .fields import read_board
from .paths import reachable as _reachable
from .paths import shortest_path
from .sight import line_of_sight as _line_of_sight

FUNCTION_NAMES = ("cells", "directions", "xy", "cell", "step", "leap", "ray", "neighbours", "distance",
                  "path", "path_cost", "reachable", "line_of_sight", "shape")

_NUMBERS = (int, float)
_COLLECTIONS = (list, tuple, TSet, set, frozenset)


class Boards:
    """The valid boards of a model by name, and the names of the invalid ones."""

    __slots__ = ("valid", "invalid")

    def __init__(self, specs: dict | None):
        self.valid: dict[str, Board] = {}
        self.invalid: set = set()
        for name, spec in (specs or {}).items():
            board, _ = read_board(name, spec)
            if board is None:
                self.invalid.add(name)
            else:
                self.valid[name] = board

    def get(self, name) -> Board:
        board = self.valid.get(name) if isinstance(name, str) else None
        if board is None:
            if not isinstance(name, str):
                raise TypeError(f"a board name is text, not {type_name(name)}")
            if name in self.invalid:
                raise ValueError(f"board '{name}' is invalid (see the validator's errors)")
            known = ", ".join(self.valid) or "none"
            raise ValueError(f"unknown board '{name}' (boards: {known})")
        return board


def _integer(value, function: str, what: str) -> int:
    if isinstance(value, _NUMBERS) and is_integral(value):
        return int(value)
    shown = to_text(value) if isinstance(value, _NUMBERS) else type_name(value)
    raise TypeError(f"{function}(): {what} must be an integer, not {shown}")


def _blocked(board: Board, blocked, function: str) -> set[int] | frozenset:
    if blocked is None:
        return frozenset()
    if not isinstance(blocked, _COLLECTIONS):
        raise TypeError(f"{function}(): blocked must be a list or set of cells, not {type_name(blocked)}")
    lookup = board.lookup
    found = set()
    for cell in blocked:
        index = lookup(cell)
        if index is not None:
            found.add(index)
    return found


def _enter(board: Board, blocked: set[int] | frozenset, cost, function: str) -> Callable | None:
    """``enter(index)``: the cost of entering a cell, or ``None`` if it cannot be entered.

    No function at all for the default cost (1 per cell): the searches have a faster way then.
    """
    if cost is None:
        return None
    if isinstance(cost, dict):
        def raw(cell):
            return cost.get(cell, 1)
    elif callable(cost):
        raw = cost
    else:
        raise TypeError(f"{function}(): cost must be a dict or a function of one cell, not {type_name(cost)}")
    known: dict[int, int | float | None] = {}
    name_of = board.name_of

    def enter(index: int):
        if index in blocked:
            return None
        if index in known:
            return known[index]
        cell = name_of(index)
        value = raw(cell)
        if value is not None:
            if not isinstance(value, _NUMBERS):
                raise TypeError(f"{function}(): the cost of cell {cell!r} must be a number or None, "
                                f"not {type_name(value)}")
            if math.isnan(value) or value < 0:
                raise ValueError(f"{function}(): the cost of cell {cell!r} must be at least 0, not {to_text(value)}")
            if value == math.inf:
                value = None
            elif value.__class__ is bool:
                value = int(value)
        known[index] = value
        return value

    return enter


def _limit(value, function: str):
    if not isinstance(value, _NUMBERS):
        raise TypeError(f"{function}(): n must be a number, not {type_name(value)}")
    if math.isnan(value):
        raise ValueError(f"{function}(): n must be a number, not nan")
    return value


def cells(boards: Boards, b) -> list:
    return list(boards.get(b).cells())


def directions(boards: Boards, b) -> list:
    return list(boards.get(b).directions)


def xy(boards: Boards, b, c) -> tuple:
    board = boards.get(b)
    return board.xy(board.index_of(c))


def cell(boards: Boards, b, x, y):
    board = boards.get(b)
    index = board.index(_integer(x, "cell", "x"), _integer(y, "cell", "y"))
    return None if index is None else board.name_of(index)


def step(boards: Boards, b, c, d, n=1):
    board = boards.get(b)
    index = board.index_of(c)
    k = board.direction_index(d)
    count = _integer(n, "step", "n")
    if count < 0:
        raise ValueError(f"step(): n must be at least 0, not {count}")
    links = board.links
    for _ in range(count):  # leaves the board within width + height steps
        index = links(index)[k]
        if index == NO_CELL:
            return None
    return board.name_of(index)


def leap(boards: Boards, b, c, dx, dy):
    board = boards.get(b)
    x, y = board.xy(board.index_of(c))
    index = board.index(x + _integer(dx, "leap", "dx"), y + _integer(dy, "leap", "dy"))
    return None if index is None else board.name_of(index)


def ray(boards: Boards, b, c, d, blocked=None) -> list:
    board = boards.get(b)
    index = board.index_of(c)
    k = board.direction_index(d)
    stops = _blocked(board, blocked, "ray")
    links = board.links
    found = []
    while True:
        index = links(index)[k]
        if index == NO_CELL:
            return found
        found.append(board.name_of(index))
        if index in stops:
            return found


def neighbours(boards: Boards, b, c) -> list:
    board = boards.get(b)
    name_of = board.name_of
    return [name_of(index) for index in board.neighbours(board.index_of(c))]


def distance(boards: Boards, b, a, c) -> int:
    board = boards.get(b)
    return board.grid.distance(board.xy(board.index_of(a)), board.xy(board.index_of(c)))


def _path(boards: Boards, function: str, b, a, c, blocked, cost):
    board = boards.get(b)
    start, goal = board.index_of(a), board.index_of(c)
    stops = _blocked(board, blocked, function)
    return board, shortest_path(board, start, goal, stops, _enter(board, stops, cost, function))


def path(boards: Boards, b, a, c, blocked=None, cost=None):
    board, found = _path(boards, "path", b, a, c, blocked, cost)
    if found is None:
        return None
    name_of = board.name_of
    return [name_of(index) for index in found[0]]


def path_cost(boards: Boards, b, a, c, blocked=None, cost=None):
    found = _path(boards, "path_cost", b, a, c, blocked, cost)[1]
    return None if found is None else found[1]


def reachable(boards: Boards, b, c, n, blocked=None, cost=None) -> list:
    board = boards.get(b)
    start = board.index_of(c)
    limit = _limit(n, "reachable")
    stops = _blocked(board, blocked, "reachable")
    name_of = board.name_of
    return [name_of(index) for index in _reachable(board, start, limit, stops, _enter(board, stops, cost, "reachable"))]


def line_of_sight(boards: Boards, b, a, c, blocked=None) -> bool:
    board = boards.get(b)
    start, target = board.index_of(a), board.index_of(c)
    return _line_of_sight(board, start, target, _blocked(board, blocked, "line_of_sight"))


def shape(boards: Boards, b, c, offsets) -> list:
    board = boards.get(b)
    x, y = board.xy(board.index_of(c))
    if not isinstance(offsets, _COLLECTIONS):
        raise TypeError(f"shape(): offsets must be a list of (dx, dy) pairs, not {type_name(offsets)}")
    found = []
    for offset in offsets:
        if not isinstance(offset, (list, tuple)) or len(offset) != 2:
            raise TypeError(f"shape(): an offset must be a pair (dx, dy), not {to_text(offset)}")
        index = board.index(x + _integer(offset[0], "shape", "dx"), y + _integer(offset[1], "shape", "dy"))
        if index is not None:
            found.append(board.name_of(index))
    return found


_FUNCTIONS = {name: globals()[name] for name in FUNCTION_NAMES}


def board_functions(boards: dict | None) -> dict[str, Callable]:
    """The 14 board functions for a model's ``boards``, ready for ``build_globals(boards=...)``.

    Each board is built once, here; invalid boards are left out (``board_errors`` reports them),
    and a call naming one is a ``ValueError``.
    """
    registry = Boards(boards if isinstance(boards, dict) else None)
    table = {}
    for name, function in _FUNCTIONS.items():
        bound = partial(function, registry)
        bound.__name__ = name
        table[name] = bound
    return table
