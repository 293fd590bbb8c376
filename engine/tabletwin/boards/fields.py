"""The fields of a board in a model: their checks (validator errors) and the Board they make.

Every problem is reported at its model path with a short message starting ``board <name>:``.
Holes and walls are checked only once the shape (kind, size, names, neighbours, layout) is
valid, since which cells exist depends on it. Unknown fields are reported too: a misspelt
``neighbors: 8`` would otherwise leave a board with 4 neighbours without a word.
"""

from __future__ import annotations

from ..expr.values import is_integral, to_text, type_name
from .board import Board
from .hex import LAYOUTS, HexGrid
from .naming import NAME_STYLES, Naming
from .square import SquareGrid

MAX_SIZE = 1000
"""Largest ``width`` and ``height`` of a board."""

KINDS = ("square", "hex")
FIELDS = ("kind", "width", "height", "names", "neighbours", "layout", "holes", "walls", "label", "note")

Path = tuple
Problem = tuple[Path, str]


def _show(value) -> str:
    """A value in a message: text quoted, anything else as the language prints it."""
    return repr(value) if isinstance(value, str) else to_text(value)


def read_board(name: str, spec) -> tuple[Board | None, list[Problem]]:
    """The board ``spec`` describes and its problems; the board is ``None`` if there are any."""
    at: Path = ("boards", name)
    problems: list[Problem] = []

    def problem(path: Path, message: str) -> None:
        problems.append((path, f"board {name}: {message}"))

    if not isinstance(spec, dict):
        problem(at, f"must be a mapping of fields, not {type_name(spec)}")
        return None, problems
    for key in spec:
        if key not in FIELDS:
            problem(at + (key,), f"unknown field {_show(key)}")

    kind = spec.get("kind")
    if "kind" not in spec:
        problem(at, "kind is required (square or hex)")
    elif kind not in KINDS:
        problem(at + ("kind",), f"kind must be square or hex, not {_show(kind)}")
        kind = None

    sizes = {}
    for field in ("width", "height"):
        value = spec.get(field)
        if field not in spec:
            problem(at, f"{field} is required")
        elif (value.__class__ is bool or not isinstance(value, (int, float)) or not is_integral(value)
              or not 1 <= value <= MAX_SIZE):
            problem(at + (field,), f"{field} must be a positive integer of at most {MAX_SIZE}, not {_show(value)}")
        else:
            sizes[field] = int(value)

    style = spec.get("names", "letters")
    if style not in NAME_STYLES:
        problem(at + ("names",), f"names must be letters or coords, not {_show(style)}")

    grid = None
    neighbours = spec.get("neighbours")
    layout = spec.get("layout", "pointy")
    if kind == "square":
        good = True
        if "neighbours" in spec and (neighbours.__class__ is bool or neighbours not in (4, 8)):
            problem(at + ("neighbours",), f"neighbours must be 4 or 8, not {_show(neighbours)}")
            good = False
        if "layout" in spec:
            problem(at + ("layout",), "layout is for hex boards only")
            good = False
        if good:
            grid = SquareGrid(int(neighbours) if neighbours is not None else 4)
    elif kind == "hex":
        good = True
        if "neighbours" in spec and (neighbours.__class__ is bool or neighbours != 6):
            problem(at + ("neighbours",), f"a hex board has 6 neighbours, not {_show(neighbours)}")
            good = False
        if layout not in LAYOUTS:
            problem(at + ("layout",), f"layout must be pointy or flat, not {_show(layout)}")
            good = False
        if good:
            grid = HexGrid(layout)
    if grid is None or len(sizes) < 2 or style not in NAME_STYLES:
        return None, problems

    width, height = sizes["width"], sizes["height"]
    naming = Naming(style, width, height)
    holes = _read_holes(spec.get("holes"), naming, at + ("holes",), problem)
    walls = _read_walls(spec.get("walls"), naming, grid, set(holes), at + ("walls",), problem)
    if problems:
        return None, problems
    return Board(name, grid, width, height, naming, holes, walls), problems


def _read_holes(holes, naming: Naming, at: Path, problem) -> list[tuple[int, int]]:
    if holes is None:
        return []
    if not isinstance(holes, list):
        problem(at, f"holes must be a list of cell names, not {type_name(holes)}")
        return []
    found = []
    for position, hole in enumerate(holes):
        xy = naming.parse(hole)
        if xy is None:
            problem(at + (position,), f"hole {_show(hole)} is not a cell of the board")
        else:
            found.append(xy)
    return found


def _read_walls(walls, naming: Naming, grid, holes: set, at: Path, problem) -> list[tuple]:
    if walls is None:
        return []
    if not isinstance(walls, list):
        problem(at, f"walls must be a list of cell pairs, not {type_name(walls)}")
        return []
    found = []
    for position, wall in enumerate(walls):
        here = at + (position,)
        if not isinstance(wall, list) or len(wall) != 2:
            problem(here, f"wall must be a pair [a, b] of cells, not {_show(wall)}")
            continue
        ends = []
        for side, cell in enumerate(wall):
            xy = naming.parse(cell)
            if xy is None:
                problem(here + (side,), f"wall cell {_show(cell)} is not a cell of the board")
            elif xy in holes:
                problem(here + (side,), f"wall cell {_show(cell)} is a hole")
            else:
                ends.append(xy)
        if len(ends) < 2:
            continue
        if not grid.adjacent(ends[0], ends[1]):
            problem(here, f"wall between {_show(wall[0])} and {_show(wall[1])}: the cells are not adjacent")
            continue
        found.append((ends[0], ends[1]))
    return found


def board_errors(boards) -> list[Problem]:
    """Every problem of a model's ``boards`` mapping, as ``(model path, message)``."""
    if boards is None:
        return []
    if not isinstance(boards, dict):
        return [(("boards",), f"boards must be a mapping of board names to boards, not {type_name(boards)}")]
    problems: list[Problem] = []
    for name, spec in boards.items():
        problems.extend(read_board(name, spec)[1])
    return problems
