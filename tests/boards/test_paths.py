"""path, path_cost and reachable: blocked cells, costs as dict and function, ties, unreachable."""

import math

import pytest

from tabletwin.boards import board_functions

from .helpers import call


def test_shortest_path_breaks_ties_by_direction_order():
    assert call("path", "open", "a1", "c3") == ["a1", "a2", "a3", "b3", "c3"]   # n before e
    assert call("path", "open", "c3", "a1") == ["c3", "c2", "c1", "b1", "a1"]   # s before w
    assert call("path_cost", "open", "a1", "c3") == 4
    assert call("path", "sq8", "a3", "e3") == ["a3", "b3", "c3", "d3", "e3"]
    # e2 and d1 lead to no 3-step path (the hole c2); at c3, w comes before nw.
    assert call("path", "sq8", "e1", "a4") == ["e1", "d2", "c3", "b3", "a4"]


def test_path_goes_around_holes_and_walls():
    assert call("path", "sq4", "a1", "b1") == ["a1", "a2", "b2", "b1"]
    assert call("path", "sq4", "e1", "a3") == ["e1", "e2", "e3", "d3", "c3", "b3", "a3"]
    assert call("path", "sq4", "d3", "d4") == ["d3", "e3", "e4", "d4"]
    assert call("path", "sq8", "a1", "b2") == ["a1", "a2", "b2"]
    assert call("path", "pointy", "a1", "c1") == ["a1", "b1", "b2", "c1"]
    assert call("path", "flat", "b1", "c2") == ["b1", "b2", "c2"]


def test_blocked_cells_are_avoided_but_the_start_may_be_blocked():
    assert call("path", "open", "a1", "a3", ["a2"]) == ["a1", "b1", "b2", "b3", "a3"]
    assert call("path", "open", "a1", "a2", blocked=["a1"]) == ["a1", "a2"]
    assert call("path", "open", "a1", "a3", blocked=["a3"]) is None
    assert call("path_cost", "open", "a1", "a3", blocked=["a3"]) is None


def test_a_path_from_a_cell_to_itself_is_that_cell():
    assert call("path", "open", "b2", "b2") == ["b2"]
    assert call("path", "open", "b2", "b2", ["b2"]) == ["b2"]
    assert call("path_cost", "open", "b2", "b2") == 0


def test_unreachable_is_none():
    assert call("path", "sq4", "a1", "e4", ["a2"]) is None
    assert call("path_cost", "sq4", "a1", "e4", ["a2"]) is None
    functions = board_functions({"cut": {"kind": "square", "width": 3, "height": 1, "holes": ["b1"]}})
    assert functions["path"]("cut", "a1", "c1") is None


def test_costs_as_a_dict():
    assert call("path", "open", "a1", "a3", cost={"a2": 5}) == ["a1", "b1", "b2", "b3", "a3"]
    assert call("path_cost", "open", "a1", "a3", cost={"a2": 5}) == 4
    assert call("path", "open", "a1", "a3", cost={"a2": 2}) == ["a1", "a2", "a3"]
    assert call("path_cost", "open", "a1", "a3", cost={"a2": 2}) == 3
    # Equal cost: the path with fewer steps wins.
    assert call("path", "open", "a1", "a3", cost={"a2": 3}) == ["a1", "a2", "a3"]
    assert call("path_cost", "open", "a1", "b2", cost={"b1": 0.5}) == 1.5
    assert call("path", "open", "a1", "b2", cost={"b1": 0.5}) == ["a1", "b1", "b2"]
    assert call("path", "open", "a1", "a3", cost={"a2": None}) == ["a1", "b1", "b2", "b3", "a3"]


def test_costs_as_a_function_called_once_per_cell():
    seen = []

    def terrain(cell):
        seen.append(cell)
        return 3 if cell[0] == "b" else 1

    assert call("path", "open", "a1", "c1", cost=terrain) == ["a1", "b1", "c1"]
    assert seen and len(seen) == len(set(seen))
    assert call("path_cost", "open", "a1", "c1", cost=terrain) == 4  # column b costs 3 on any path
    assert call("path", "open", "a2", "a4", cost=terrain) == ["a2", "a3", "a4"]


def test_costs_of_zero_do_not_loop_and_still_take_fewest_steps():
    free = lambda cell: 0  # noqa: E731
    assert call("path", "open", "a1", "a6", cost=free) == ["a1", "a2", "a3", "a4", "a5", "a6"]
    assert call("path_cost", "open", "a1", "f6", cost=free) == 0


def test_impassable_costs_none_and_infinity():
    assert call("path", "open", "a1", "a3", cost=lambda c: None if c == "a2" else 1) == ["a1", "b1", "b2", "b3", "a3"]
    assert call("path", "open", "a1", "a2", cost=lambda c: None if c == "a2" else 1) is None
    assert call("path", "open", "a1", "a3", cost={"a2": math.inf}) == ["a1", "b1", "b2", "b3", "a3"]
    assert call("path", "sq4", "a1", "a3", cost={"a2": math.inf}) is None


@pytest.mark.parametrize("cost,kind,message", [
    ({"a2": -1}, ValueError, "path(): the cost of cell 'a2' must be at least 0, not -1"),
    ({"a2": math.nan}, ValueError, "path(): the cost of cell 'a2' must be at least 0, not nan"),
    ({"a2": "high"}, TypeError, "path(): the cost of cell 'a2' must be a number or None, not str"),
    (3, TypeError, "path(): cost must be a dict or a function of one cell, not int"),
])
def test_bad_costs(cost, kind, message):
    with pytest.raises(kind) as info:
        call("path", "open", "a1", "a3", cost=cost)
    assert str(info.value) == message


def test_reachable_in_cells_order_without_the_start():
    assert call("reachable", "open", "a1", 2) == ["b1", "c1", "a2", "b2", "a3"]
    assert call("reachable", "sq4", "a1", 3) == ["b1", "a2", "b2", "a3", "b3", "a4"]
    assert call("reachable", "pointy", "b1", 1) == ["a1", "a2", "b2"]
    assert call("reachable", "open", "a1", 1.5) == ["b1", "a2"]
    assert call("reachable", "open", "a1", 0) == []
    assert call("reachable", "open", "a1", -1) == []
    assert len(call("reachable", "open", "a1", math.inf)) == 35


def test_reachable_with_costs_and_blocked_cells():
    assert call("reachable", "open", "a1", 2, cost={"b1": 2}) == ["b1", "a2", "b2", "a3"]
    assert call("reachable", "open", "a1", 2, blocked=["a2"]) == ["b1", "c1", "b2"]
    assert call("reachable", "open", "a1", 2, ["a2"], lambda c: 0.5) == ["b1", "c1", "d1", "e1", "b2", "c2", "d2",
                                                                        "a3", "b3", "c3", "b4"]
    assert call("reachable", "open", "a1", 0, cost=lambda c: 0 if c in ("a2", "a3") else 1) == ["a2", "a3"]
    assert call("reachable", "open", "a1", 3, blocked=["a1"]) == call("reachable", "open", "a1", 3)


def test_reachable_needs_a_number():
    with pytest.raises(TypeError, match=r"reachable\(\): n must be a number, not str"):
        call("reachable", "open", "a1", "2")


def test_large_board_paths_stay_fast():
    functions = board_functions({"big": {"kind": "square", "width": 200, "height": 200, "neighbours": 8}})
    found = functions["path"]("big", "a1", "gr200")
    assert len(found) == 200 and found[-1] == "gr200"
    assert len(functions["reachable"]("big", "a1", 20)) == 21 * 21 - 1
