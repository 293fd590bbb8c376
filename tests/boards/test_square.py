"""Square boards with 4 and 8 neighbours: directions, step, leap, ray, neighbours, distance, shape."""

import pytest

from tabletwin.expr import TSet

from .helpers import call


def test_directions_in_design_order():
    assert call("directions", "sq4") == ["n", "e", "s", "w"]
    assert call("directions", "sq8") == ["n", "e", "s", "w", "ne", "se", "sw", "nw"]


@pytest.mark.parametrize("board,cell,direction,n,result", [
    ("sq4", "a2", "e", 1, "b2"),
    ("sq4", "a2", "e", 2, None),      # c2 is a hole
    ("sq4", "a1", "e", 1, None),      # wall a1|b1
    ("sq4", "b1", "w", 1, None),      # the same wall from the other side
    ("sq4", "d3", "n", 1, None),      # wall d3|d4
    ("sq4", "a1", "n", 3, "a4"),
    ("sq4", "a1", "n", 4, None),      # off the board
    ("sq4", "a1", "s", 1, None),
    ("sq4", "b3", "e", 3.0, "e3"),    # an integral decimal is an integer
    ("sq4", "a1", "n", 0, "a1"),
    ("sq8", "a1", "ne", 1, None),     # diagonal wall a1|b2
    ("sq8", "b1", "nw", 1, "a2"),
    ("sq8", "b1", "ne", 1, None),     # c2 is a hole
    ("sq8", "a3", "se", 2, "c1"),
    ("sq8", "e3", "sw", 2, "c1"),
    ("sq8", "e4", "sw", 2, None),     # d3, then the hole c2
])
def test_step(board, cell, direction, n, result):
    assert call("step", board, cell, direction, n) == result


def test_step_defaults_to_one_and_takes_keywords():
    assert call("step", "sq4", "a1", "n") == "a2"
    assert call("step", "sq4", "a1", d="n", n=2) == "a3"


def test_leap_ignores_walls_but_not_holes_or_edges():
    assert call("leap", "open", "b1", 1, 2) == "c3"
    assert call("leap", "sq4", "a1", 1, 0) == "b1"
    assert call("leap", "sq4", "a1", 2, 1) is None
    assert call("leap", "sq4", "a1", -1, 0) is None
    assert call("leap", "sq4", "e4", -4.0, -3) == "a1"


def test_ray_stops_at_edges_holes_and_walls():
    assert call("ray", "sq4", "a1", "n") == ["a2", "a3", "a4"]
    assert call("ray", "sq4", "a2", "e") == ["b2"]
    assert call("ray", "sq4", "a1", "e") == []
    assert call("ray", "sq4", "d1", "n") == ["d2", "d3"]
    assert call("ray", "sq8", "a4", "se") == ["b3"]
    assert call("ray", "sq8", "e1", "nw") == ["d2", "c3", "b4"]


def test_ray_includes_the_first_blocked_cell():
    assert call("ray", "sq4", "a1", "n", ["a3"]) == ["a2", "a3"]
    assert call("ray", "sq4", "a1", "n", blocked=("a2", "a3")) == ["a2"]
    assert call("ray", "sq8", "e1", "nw", TSet(["c3"])) == ["d2", "c3"]
    assert call("ray", "sq8", "e1", "nw", ["zz9", "c2", 5, None, "c3"]) == ["d2", "c3"]  # non-cells ignored
    assert call("ray", "sq4", "a1", "n", []) == ["a2", "a3", "a4"]


@pytest.mark.parametrize("board,cell,result", [
    ("sq4", "a1", ["a2"]),
    ("sq4", "b2", ["b3", "b1", "a2"]),
    ("sq4", "d3", ["e3", "d2", "c3"]),
    ("sq4", "e4", ["e3", "d4"]),
    ("sq8", "a1", ["a2", "b1"]),
    ("sq8", "b1", ["b2", "c1", "a1", "a2"]),
    ("sq8", "b2", ["b3", "b1", "a2", "c3", "c1", "a3"]),
    ("sq8", "d3", ["e3", "d2", "c3", "e4", "e2", "c4"]),
])
def test_neighbours_in_direction_order_without_holes_or_walls(board, cell, result):
    assert call("neighbours", board, cell) == result


def test_distance_ignores_holes_and_walls():
    assert call("distance", "sq4", "a1", "e4") == 7
    assert call("distance", "sq8", "a1", "e4") == 4
    assert call("distance", "sq4", "b2", "d2") == 2
    assert call("distance", "sq4", "a1", "b1") == 1
    assert call("distance", "sq4", "c3", "c3") == 0


def test_shape_keeps_existing_cells_in_offset_order():
    offsets = [(0, 0), (1, 0), (2, 0), (0, 5), (-1, -1), [0, 1], (2.0, 2)]
    assert call("shape", "sq4", "b2", offsets) == ["b2", "d2", "a1", "b3", "d4"]
    assert call("shape", "sq4", "a1", []) == []
    assert call("shape", "sq4", "a1", ((1, 0),)) == ["b1"]  # walls do not matter
