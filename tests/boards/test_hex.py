"""Hex boards, pointy and flat: neighbour offsets by parity, step, ray, distance."""

import itertools
from collections import deque

import pytest

from tabletwin.boards import board_functions

from .helpers import call


def test_directions_in_design_order():
    assert call("directions", "pointy") == ["e", "ne", "nw", "w", "sw", "se"]
    assert call("directions", "flat") == ["n", "ne", "se", "s", "sw", "nw"]


@pytest.mark.parametrize("board,cell,result", [
    ("pointy", "a1", ["b1", "a2"]),
    ("pointy", "b1", ["b2", "a2", "a1"]),                     # even row; wall b1|c1
    ("pointy", "b2", ["c2", "c3", "b3", "a2", "b1", "c1"]),   # odd row: shifted right
    ("pointy", "c2", ["d2", "c3", "b2", "c1", "d1"]),         # d3 is a hole
    ("pointy", "a3", ["b3", "a4", "a2"]),
    ("pointy", "d2", ["c2", "d1"]),                            # odd row at the right edge
    ("flat", "a1", ["a2", "b1"]),
    ("flat", "b1", ["b2", "c1", "a1", "a2"]),                 # odd column: shifted up; wall b1|c2
    ("flat", "c2", ["c3", "d2", "d1", "c1", "b2"]),           # even column
    ("flat", "d3", ["d2", "c3"]),
])
def test_neighbours(board, cell, result):
    assert call("neighbours", board, cell) == result


@pytest.mark.parametrize("board,cell,direction,n,result", [
    ("pointy", "a1", "ne", 5, "c6"),
    ("pointy", "a2", "e", 3, "d2"),
    ("pointy", "d1", "nw", 5, "a6"),
    ("pointy", "b1", "e", 1, None),    # wall
    ("pointy", "c3", "e", 1, None),    # hole
    ("pointy", "a1", "sw", 1, None),
    ("flat", "a1", "ne", 3, None),     # b1 then wall b1|c2
    ("flat", "a2", "ne", 3, "d3"),
    ("flat", "d1", "nw", 3, "a3"),
    ("flat", "c3", "sw", 1, "b2"),
    ("flat", "c2", "sw", 1, None),     # wall b1|c2
    ("flat", "c1", "sw", 1, None),
])
def test_step(board, cell, direction, n, result):
    assert call("step", board, cell, direction, n) == result


def test_ray():
    assert call("ray", "pointy", "a3", "e") == ["b3", "c3"]
    assert call("ray", "pointy", "a1", "ne") == ["a2", "b3", "b4", "c5", "c6"]
    assert call("ray", "pointy", "a1", "ne", ["b4"]) == ["a2", "b3", "b4"]
    assert call("ray", "flat", "a1", "n") == ["a2", "a3"]
    assert call("ray", "flat", "a3", "se") == ["b2", "c2", "d1"]


@pytest.mark.parametrize("board,a,c,result", [
    ("pointy", "a1", "c6", 5),
    ("pointy", "a1", "d1", 3),
    ("pointy", "d1", "a6", 5),
    ("pointy", "a1", "a3", 2),
    ("pointy", "b1", "c1", 1),   # walls do not count
    ("flat", "a1", "d3", 4),
    ("flat", "a1", "d1", 3),
    ("flat", "a3", "d1", 3),
])
def test_distance(board, a, c, result):
    assert call("distance", board, a, c) == result


@pytest.mark.parametrize("layout", ["pointy", "flat"])
def test_distance_is_the_number_of_steps_on_an_open_board(layout):
    functions = board_functions({"h": {"kind": "hex", "width": 5, "height": 6, "layout": layout}})
    cells = functions["cells"]("h")
    for start in cells:
        steps = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in functions["neighbours"]("h", here):
                if there not in steps:
                    steps[there] = steps[here] + 1
                    queue.append(there)
        assert {c: functions["distance"]("h", start, c) for c in cells} == steps


@pytest.mark.parametrize("layout", ["pointy", "flat"])
def test_neighbours_are_mutual(layout):
    functions = board_functions({"h": {"kind": "hex", "width": 4, "height": 5, "layout": layout}})
    for a, c in itertools.product(functions["cells"]("h"), repeat=2):
        assert (c in functions["neighbours"]("h", a)) == (a in functions["neighbours"]("h", c))


def test_shape_uses_coordinate_offsets():
    assert call("shape", "pointy", "b2", [(0, 0), (1, 0), (0, 1), (1, 1), (9, 9)]) == ["b2", "c2", "b3", "c3"]
    assert call("leap", "flat", "a1", 3, 2) == "d3"
