"""Cell names (letters and coords), cells() order, xy() and cell()."""

import pytest

from tabletwin.boards import board_functions
from tabletwin.boards.naming import column_letters

from .helpers import call


@pytest.mark.parametrize("x,letters", [(0, "a"), (1, "b"), (25, "z"), (26, "aa"), (27, "ab"), (51, "az"),
                                       (52, "ba"), (701, "zz"), (702, "aaa"), (999, "all")])
def test_columns_past_z_continue_with_two_letters(x, letters):
    assert column_letters(x) == letters


def test_cells_run_row_by_row_from_the_bottom_without_holes():
    assert call("cells", "sq4") == ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "d2", "e2",
                                    "a3", "b3", "c3", "d3", "e3", "a4", "b4", "c4", "d4", "e4"]
    assert call("cells", "xy") == ["0,0", "1,0", "2,0", "0,1", "1,1", "2,1"]
    assert call("cells", "pointy")[:5] == ["a1", "b1", "c1", "d1", "a2"]
    assert "d3" not in call("cells", "pointy")


def test_cells_gives_a_fresh_list_each_time():
    first = call("cells", "xy")
    first.append("x")
    assert call("cells", "xy") == ["0,0", "1,0", "2,0", "0,1", "1,1", "2,1"]


def test_a1_is_bottom_left_and_coords_count_from_zero():
    assert call("xy", "sq4", "a1") == (0, 0)
    assert call("xy", "sq4", "d3") == (3, 2)
    assert call("xy", "xy", "2,1") == (2, 1)
    assert call("cell", "sq4", 3, 2) == "d3"
    assert call("cell", "xy", 1, 0) == "1,0"
    assert call("xy", "wide", "ab2") == (27, 1)
    assert call("cell", "wide", 26, 0) == "aa1"
    assert call("cell", "wide", 29, 1) == "ad2"


def test_cell_is_none_off_the_board_and_on_holes_and_takes_integral_decimals():
    assert call("cell", "sq4", 2, 1) is None  # c2 is a hole
    assert call("cell", "sq4", 5, 0) is None
    assert call("cell", "sq4", -1, 0) is None
    assert call("cell", "sq4", 0, 4) is None
    assert call("cell", "sq4", 2.0, 0.0) == "c1"


@pytest.mark.parametrize("name", ["A1", "a01", "a0", "a5", "f1", " a1", "a1 ", "1a", "a", "", "c2"])
def test_only_exact_names_of_existing_cells_are_cells(name):
    with pytest.raises(ValueError):
        call("xy", "sq4", name)


@pytest.mark.parametrize("name", ["3,0", "0,2", "01,0", "0, 1", "0,1,", "1", "a1", "-0,0"])
def test_coords_names_are_exact(name):
    with pytest.raises(ValueError):
        call("xy", "xy", name)


def test_the_largest_board_names_its_far_corner_without_building_every_cell():
    functions = board_functions({"big": {"kind": "square", "width": 1000, "height": 1000, "holes": ["all1000"]}})
    assert functions["cell"]("big", 998, 999) == "alk1000"
    assert functions["cell"]("big", 999, 999) is None
    assert functions["xy"]("big", "alk999") == (998, 998)
    assert functions["neighbours"]("big", "alk1000") == ["alk999", "alj1000"]
    assert functions["ray"]("big", "a998", "n") == ["a999", "a1000"]
    assert functions["distance"]("big", "a1", "alk1000") == 998 + 999
    assert functions["line_of_sight"]("big", "a1", "alk1000")
