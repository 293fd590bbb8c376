"""board_errors: every message at its model path; run-time errors of the board functions."""

import pytest

from tabletwin.boards import MAX_SIZE, board_errors, board_functions
from tabletwin.boards.board import LINK_TABLE_CELLS
from tabletwin.boards.fields import read_board

from .helpers import call

SQUARE = {"kind": "square", "width": 3, "height": 3}
HEX = {"kind": "hex", "width": 3, "height": 3}


def errors(**fields):
    base = fields.pop("base", SQUARE)
    return board_errors({"map": {**base, **fields}})


def test_valid_boards_have_no_errors():
    assert board_errors({}) == []
    assert board_errors(None) == []
    assert board_errors({"a": {**SQUARE, "neighbours": 8, "names": "coords", "label": "A", "note": "n",
                               "holes": ["1,1"], "walls": [["0,0", "1,0"], ["0,1", "1,2"]]},
                         "b": {**HEX, "layout": "flat", "neighbours": 6, "walls": [["a1", "b1"]]},
                         "c": {"kind": "square", "width": float(MAX_SIZE), "height": 1.0}}) == []


@pytest.mark.parametrize("fields,expected", [
    ({"kind": "triangle"}, [(("boards", "map", "kind"), "board map: kind must be square or hex, not 'triangle'")]),
    ({"kind": None}, [(("boards", "map", "kind"), "board map: kind must be square or hex, not None")]),
    ({"width": 0},
     [(("boards", "map", "width"), "board map: width must be a positive integer of at most 1000, not 0")]),
    ({"width": MAX_SIZE + 1},
     [(("boards", "map", "width"), "board map: width must be a positive integer of at most 1000, not 1001")]),
    ({"height": 2.5},
     [(("boards", "map", "height"), "board map: height must be a positive integer of at most 1000, not 2.5")]),
    ({"height": "8"},
     [(("boards", "map", "height"), "board map: height must be a positive integer of at most 1000, not '8'")]),
    ({"height": True},
     [(("boards", "map", "height"), "board map: height must be a positive integer of at most 1000, not True")]),
    ({"names": "numbers"}, [(("boards", "map", "names"), "board map: names must be letters or coords, not 'numbers'")]),
    ({"neighbours": 6}, [(("boards", "map", "neighbours"), "board map: neighbours must be 4 or 8, not 6")]),
    ({"neighbours": "8"}, [(("boards", "map", "neighbours"), "board map: neighbours must be 4 or 8, not '8'")]),
    ({"layout": "pointy"}, [(("boards", "map", "layout"), "board map: layout is for hex boards only")]),
    ({"base": HEX, "neighbours": 4},
     [(("boards", "map", "neighbours"), "board map: a hex board has 6 neighbours, not 4")]),
    ({"base": HEX, "layout": "diagonal"},
     [(("boards", "map", "layout"), "board map: layout must be pointy or flat, not 'diagonal'")]),
    ({"neighbors": 8}, [(("boards", "map", "neighbors"), "board map: unknown field 'neighbors'")]),
    ({"holes": "a1"}, [(("boards", "map", "holes"), "board map: holes must be a list of cell names, not str")]),
    ({"holes": ["a1", "b2", "d1", 5]},
     [(("boards", "map", "holes", 2), "board map: hole 'd1' is not a cell of the board"),
      (("boards", "map", "holes", 3), "board map: hole 5 is not a cell of the board")]),
    ({"walls": {"a1": "b1"}},
     [(("boards", "map", "walls"), "board map: walls must be a list of cell pairs, not dict")]),
    ({"walls": [["a1", "b1"], "a1", ["a1", "b1", "c1"]]},
     [(("boards", "map", "walls", 1), "board map: wall must be a pair [a, b] of cells, not 'a1'"),
      (("boards", "map", "walls", 2), "board map: wall must be a pair [a, b] of cells, not ['a1', 'b1', 'c1']")]),
    ({"walls": [["a1", "z9"], ["A1", "b1"]]},
     [(("boards", "map", "walls", 0, 1), "board map: wall cell 'z9' is not a cell of the board"),
      (("boards", "map", "walls", 1, 0), "board map: wall cell 'A1' is not a cell of the board")]),
    ({"holes": ["b2"], "walls": [["b1", "b2"]]},
     [(("boards", "map", "walls", 0, 1), "board map: wall cell 'b2' is a hole")]),
    ({"walls": [["a1", "c1"], ["a1", "b2"], ["a1", "a1"]]},
     [(("boards", "map", "walls", 0), "board map: wall between 'a1' and 'c1': the cells are not adjacent"),
      (("boards", "map", "walls", 1), "board map: wall between 'a1' and 'b2': the cells are not adjacent"),
      (("boards", "map", "walls", 2), "board map: wall between 'a1' and 'a1': the cells are not adjacent")]),
    ({"base": HEX, "walls": [["b1", "c2"], ["a2", "b3"]]},  # pointy: odd row 2 is shifted right
     [(("boards", "map", "walls", 0), "board map: wall between 'b1' and 'c2': the cells are not adjacent")]),
])
def test_each_problem_at_its_path(fields, expected):
    assert errors(**fields) == expected


def test_required_fields_and_shapes():
    assert board_errors({"map": {"width": 3}}) == [
        (("boards", "map"), "board map: kind is required (square or hex)"),
        (("boards", "map"), "board map: height is required"),
    ]
    assert board_errors({"map": [1, 2]}) == [(("boards", "map"), "board map: must be a mapping of fields, not list")]
    assert board_errors(["map"]) == [(("boards",), "boards must be a mapping of board names to boards, not list")]


def test_several_problems_are_all_reported_and_cells_wait_for_a_valid_shape():
    found = errors(kind="square", width=0, neighbours=5, layout="flat", holes=["zz99"])
    assert [path for path, _ in found] == [("boards", "map", "width"), ("boards", "map", "neighbours"),
                                           ("boards", "map", "layout")]


def test_invalid_boards_are_left_out_of_the_functions():
    functions = board_functions({"good": SQUARE, "bad": {**SQUARE, "width": 0}})
    assert functions["cells"]("good")[:2] == ["a1", "b1"]
    with pytest.raises(ValueError, match=r"^board 'bad' is invalid \(see the validator's errors\)$"):
        functions["cells"]("bad")


@pytest.mark.parametrize("function,args,kind,message", [
    ("cells", ("nowhere",), ValueError,
     "unknown board 'nowhere' (boards: sq4, sq8, xy, open, wide, pointy, flat)"),
    ("cells", (3,), TypeError, "a board name is text, not int"),
    ("xy", ("sq4", "z9"), ValueError, "board 'sq4' has no cell 'z9'"),
    ("xy", ("sq4", "c2"), ValueError, "board 'sq4' has no cell 'c2' (it is a hole)"),
    ("neighbours", ("sq4", ("a", 1)), TypeError, "board 'sq4': a cell name is text, not tuple"),
    ("step", ("sq4", "a1", "up"), ValueError, "board 'sq4' has no direction 'up' (directions: n, e, s, w)"),
    ("step", ("pointy", "a1", "n"), ValueError,
     "board 'pointy' has no direction 'n' (directions: e, ne, nw, w, sw, se)"),
    ("ray", ("sq4", "a1", 0), TypeError, "board 'sq4': a direction is text, not int"),
    ("step", ("sq4", "a1", "n", 1.5), TypeError, "step(): n must be an integer, not 1.5"),
    ("step", ("sq4", "a1", "n", -1), ValueError, "step(): n must be at least 0, not -1"),
    ("cell", ("sq4", "1", 0), TypeError, "cell(): x must be an integer, not str"),
    ("leap", ("sq4", "a1", 0, None), TypeError, "leap(): dy must be an integer, not NoneType"),
    ("ray", ("sq4", "a1", "n", "a3"), TypeError, "ray(): blocked must be a list or set of cells, not str"),
    ("path", ("sq4", "a1", "zz1"), ValueError, "board 'sq4' has no cell 'zz1'"),
    ("line_of_sight", ("sq4", "a1", "e4", {"a2": 1}), TypeError,
     "line_of_sight(): blocked must be a list or set of cells, not dict"),
    ("shape", ("sq4", "a1", (1, 0)), TypeError, "shape(): an offset must be a pair (dx, dy), not 1"),
    ("shape", ("sq4", "a1", "ab"), TypeError, "shape(): offsets must be a list of (dx, dy) pairs, not str"),
    ("shape", ("sq4", "a1", [(0.5, 0)]), TypeError, "shape(): dx must be an integer, not 0.5"),
    ("distance", ("sq4", "a1"), TypeError, "distance() missing 1 required positional argument: 'c'"),
])
def test_run_time_errors(function, args, kind, message):
    with pytest.raises(kind) as info:
        call(function, *args)
    assert str(info.value) == message


def test_neighbour_links_are_kept_only_on_boards_up_to_the_limit():
    small, _ = read_board("s", {"kind": "square", "width": 128, "height": LINK_TABLE_CELLS // 128})
    large, _ = read_board("l", {"kind": "square", "width": 128, "height": LINK_TABLE_CELLS // 128 + 1})
    for board in (small, large):
        assert [board.name_of(i) for i in board.neighbours(board.index_of("b2"))] == ["b3", "c2", "b1", "a2"]
    assert small._links and not large._links
