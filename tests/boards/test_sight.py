"""line_of_sight on square and hex boards: blocked cells, holes, walls, corners and hexsides."""

import itertools
import math
import random

import pytest

from tabletwin.boards import board_functions
from tabletwin.boards.hex import HexGrid
from tabletwin.boards.square import SquareGrid

from .helpers import call


def sight(board_spec, a, c, blocked=None):
    return board_functions({"b": board_spec})["line_of_sight"]("b", a, c, blocked)


SQUARE = {"kind": "square", "width": 4, "height": 4}
POINTY = {"kind": "hex", "width": 4, "height": 6}
FLAT = {"kind": "hex", "width": 4, "height": 3, "layout": "flat"}


def test_open_lines_and_end_cells():
    assert call("line_of_sight", "open", "a1", "f6")
    assert call("line_of_sight", "open", "a1", "a1")
    assert call("line_of_sight", "open", "a1", "c3", ["a1", "c3"])  # the end cells never block


@pytest.mark.parametrize("a,c,blocked,result", [
    ("a1", "c3", ["b2"], False),
    ("a1", "c3", ["b1", "a2"], True),        # touched only at a corner
    ("a1", "c3", ["c2", "b3"], True),
    ("a1", "c2", ["b1"], False),             # a1 -> b1 -> b2 -> c2
    ("a1", "c2", ["b2"], False),
    ("a1", "c2", ["a2"], True),
    ("a1", "c2", ["c1"], True),
    ("a1", "d2", ["b1"], False),             # a1 -> b1 -> corner -> c2 -> d2 ...
    ("a1", "d2", ["c2"], False),
    ("a1", "d2", ["b2", "c1"], True),        # ... b2 and c1 touched only at the corner
    ("d1", "a4", ["b3", "c2"], False),
])
def test_blocked_cells_on_a_square_board(a, c, blocked, result):
    assert call("line_of_sight", "open", a, c, blocked) is result
    assert call("line_of_sight", "open", c, a, blocked) is result


def test_holes_and_walls_on_a_square_board():
    assert not call("line_of_sight", "sq4", "a2", "e2")      # hole c2
    assert not call("line_of_sight", "sq4", "b1", "d3")      # through the hole's inside
    assert not call("line_of_sight", "sq4", "b1", "c3")
    assert not call("line_of_sight", "sq4", "a1", "b1")      # wall
    assert not call("line_of_sight", "sq4", "c3", "e4")      # c3 -> d3 -> d4 crosses wall d3|d4
    assert call("line_of_sight", "sq4", "a1", "b2")          # a single wall ending at the corner
    assert not call("line_of_sight", "sq8", "a1", "b2")      # the diagonal wall stands on the corner
    assert not call("line_of_sight", "sq8", "a1", "c3")
    assert call("line_of_sight", "sq8", "b1", "a2")


@pytest.mark.parametrize("walls,result", [
    ([["a1", "b1"], ["a2", "b2"]], False),   # a straight wall through the corner
    ([["a1", "a2"], ["b1", "b2"]], False),
    ([["a1", "b1"], ["a1", "a2"]], False),   # a1's corner sealed
    ([["b2", "b1"], ["b2", "a2"]], False),   # b2's corner sealed
    ([["a1", "b1"], ["b1", "b2"]], True),    # both around b1: the line passes by
    ([["a1", "a2"], ["a2", "b2"]], True),
    ([["a1", "b1"]], True),
])
def test_walls_at_a_corner_block_when_they_seal_it(walls, result):
    assert sight({**SQUARE, "walls": walls}, "a1", "b2") is result
    assert sight({**SQUARE, "walls": walls}, "b2", "a1") is result
    assert sight({**SQUARE, "walls": walls}, "a1", "c3") is result


@pytest.mark.parametrize("blocked,result", [
    (["b1"], True), (["a2"], True), (["b1", "a2"], False), ([], True),
])
def test_a_line_along_a_hexside_is_blocked_only_by_both_sides(blocked, result):
    # a1 -> b2 runs along the edge between b1 and a2 (pointy), and between b1 and a2 (flat).
    assert sight(POINTY, "a1", "b2", blocked) is result
    assert sight(FLAT, "a1", "b2", blocked) is result


@pytest.mark.parametrize("walls,blocked,result", [
    ([["a1", "b1"]], [], True),
    ([["a1", "b1"]], ["a2"], False),
    ([["b1", "b2"]], ["a2"], False),
    ([["a1", "b1"], ["a2", "b2"]], [], False),
    ([["a1", "b1"], ["a1", "a2"]], [], False),
    ([["b1", "a2"]], [], True),              # a wall on the edge itself is only grazed
    ([["b1", "a2"]], ["b1"], True),
])
def test_walls_along_a_hexside(walls, blocked, result):
    assert sight({**POINTY, "walls": walls}, "a1", "b2", blocked) is result
    assert sight({**POINTY, "walls": walls}, "b2", "a1", blocked) is result


def test_the_board_edge_counts_as_a_blocked_side():
    assert sight(POINTY, "a1", "a3")                          # along a2 and a cell off the board
    assert not sight(POINTY, "a1", "a3", ["a2"])
    assert sight(FLAT, "a1", "c1")
    assert not sight(FLAT, "a1", "c1", ["b1"])


def test_hex_holes():
    assert not call("line_of_sight", "pointy", "c2", "d4")    # straight through the hole d3
    assert call("line_of_sight", "pointy", "c3", "d4")        # along d3 (hole) and c4
    assert not call("line_of_sight", "pointy", "c3", "d4", ["c4"])


@pytest.mark.parametrize("blocked,result", [
    (["a3"], True), (["b4"], True), (["a3", "b4"], True),    # touched only at a corner
    (["b3"], False), (["a2"], False), (["a4"], False), (["b5"], False),
])
def test_a_hex_line_through_corners(blocked, result):
    # pointy a1 -> b6: a2, corner (a3 beside), b3, a4, corner (b4 beside), b5
    assert sight(POINTY, "a1", "b6", blocked) is result


@pytest.mark.parametrize("walls,result", [
    ([["a2", "b3"]], True),
    ([["a2", "a3"]], True),
    ([["a2", "b3"], ["a2", "a3"]], False),
    ([["a2", "b3"], ["a3", "b3"]], False),
    ([["a2", "a3"], ["a3", "b3"]], True),
    ([["a1", "a2"]], False),
])
def test_walls_at_a_hex_corner(walls, result):
    assert sight({**POINTY, "walls": walls}, "a1", "b6") is result


def _centre(grid, x, y):
    if grid.kind == "square":
        return x, y
    if grid.layout == "pointy":
        return x + 0.5 * (y & 1), y * math.sqrt(3) / 2
    return x * math.sqrt(3) / 2, y + 0.5 * (x & 1)


def _nearest(grid, point, guess):
    """The cell whose centre is nearest, or None on a boundary (searched around a rough guess)."""
    found = sorted((math.dist(point, _centre(grid, x, y)), (x, y))
                   for x in range(guess[0] - 2, guess[0] + 3) for y in range(guess[1] - 2, guess[1] + 3))
    return found[0][1] if found[1][0] - found[0][0] > 1e-7 else None


@pytest.mark.parametrize("grid", [SquareGrid(8), HexGrid("pointy"), HexGrid("flat")], ids=["square", "pointy", "flat"])
def test_the_cells_a_line_crosses_match_a_sampled_line(grid):
    """The exact walk against plain geometry: sample the segment, take the nearest centre."""
    for target in [(3, 2), (1, 3), (2, 3), (3, 1), (3, 3), (2, 0), (0, 3), (1, 2)]:
        start = (0, 0)
        walked = [start] + [event[2] for event in grid.sight_events(start, target)]
        a, c = _centre(grid, *start), _centre(grid, *target)
        sampled = [start]
        for i in range(1, 501):
            t = i / 500
            point = (a[0] + t * (c[0] - a[0]), a[1] + t * (c[1] - a[1]))
            guess = walked[min(int(t * len(walked)), len(walked) - 1)]
            cell = _nearest(grid, point, guess)
            if cell is not None and cell != sampled[-1]:
                sampled.append(cell)
        assert walked == sampled, target


@pytest.mark.parametrize("board", ["sq4", "sq8", "pointy", "flat"])
def test_line_of_sight_is_symmetric(board):
    cells = call("cells", board)
    chooser = random.Random(7)
    for _ in range(3):
        blocked = chooser.sample(cells, 4)
        for a, c in itertools.combinations(cells, 2):
            assert call("line_of_sight", board, a, c, blocked) == call("line_of_sight", board, c, a, blocked)
