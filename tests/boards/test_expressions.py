"""The board functions as the expression language calls them."""

import pytest

from tabletwin.boards import FUNCTION_NAMES, board_functions
from tabletwin.expr import EvalError, FunctionDef, build_globals, compile_expression

from .helpers import BOARDS


def scope(**functions):
    own = {name: FunctionDef.compile(name, *spec).bind for name, spec in functions.items()}
    return build_globals(boards=board_functions(BOARDS), functions=own, constants={"ROUGH": {"b1": 4}})


def run(source, names=None, **functions):
    return compile_expression(source).evaluate(names or {}, scope(**functions))


def test_all_fourteen_functions_are_there():
    assert tuple(board_functions(BOARDS)) == FUNCTION_NAMES
    assert len(FUNCTION_NAMES) == 14
    assert run("str(neighbours)") == "<function neighbours>"


@pytest.mark.parametrize("source,result", [
    ("neighbours('sq4', 'b2')", ["b3", "b1", "a2"]),
    ("xy('sq4', 'd3')", (3, 2)),
    ("xy('sq4', 'd3')[0] + 1", 4),
    ("cell('sq4', 4 / 2, 6 / 3)", "c3"),
    ("cell('sq4', 2, 1) is None", True),
    ("step('pointy', 'a1', 'ne', n=5)", "c6"),
    ("leap('open', 'b1', 1, 2)", "c3"),
    ("ray('sq4', 'a1', 'n', blocked={'a3', 'a4'})", ["a2", "a3"]),
    ("ray('sq4', 'a1', 'n', set())", ["a2", "a3", "a4"]),
    ("len(cells('open'))", 36),
    ("directions('flat')[0]", "n"),
    ("distance('sq8', 'a1', 'e4')", 4),
    ("path('open', 'a1', 'a3', ['a2'])", ["a1", "b1", "b2", "b3", "a3"]),
    ("path_cost('open', 'a1', 'c1', cost=ROUGH)", 4),
    ("path('open', 'a1', 'c1', cost={'b1': 4})", ["a1", "a2", "b2", "c2", "c1"]),
    ("reachable('open', 'a1', 2, blocked=('a2',))", ["b1", "c1", "b2"]),
    ("line_of_sight('open', 'a1', 'c3', ['b1', 'a2'])", True),
    ("shape('sq4', 'b2', [(0, 1), (1, 0), (2, 0)])", ["b3", "d2"]),
    ("[c for c in cells('xy') if xy('xy', c)[1] == 1]", ["0,1", "1,1", "2,1"]),
    ("path('open', 'a1', 'a3', blocked=['a3']) is None", True),
])
def test_called_from_expressions(source, result):
    assert run(source) == result


def test_own_functions_serve_as_costs():
    terrain = (["c"], {}, "3 if c[0] == 'b' else 1")
    assert run("path('open', 'a1', 'c1', cost=terrain)", terrain=terrain) == ["a1", "b1", "c1"]
    assert run("path_cost('open', 'a1', 'c1', cost=terrain)", terrain=terrain) == 4
    assert run("reachable('open', 'a1', 2, cost=terrain)", terrain=terrain) == ["a2", "a3"]
    wall = (["c"], {}, "None if c == 'a2' else 1")
    assert run("path('open', 'a1', 'a3', cost=wall)", wall=wall) == ["a1", "b1", "b2", "b3", "a3"]


def test_an_error_inside_a_cost_function_is_reported_as_such():
    broken = (["c"], {}, "ROUGH[c]")
    with pytest.raises(EvalError) as info:
        run("path('open', 'a1', 'c1', cost=broken)", broken=broken)
    assert info.value.kind == "KeyError"


def test_an_unknown_cell_names_the_board_and_the_cell():
    with pytest.raises(EvalError) as info:
        run("neighbours('sq4', here)", {"here": "z9"})
    assert info.value.kind == "ValueError"
    assert info.value.detail == "board 'sq4' has no cell 'z9'"
    assert str(info.value) == "error evaluating 'neighbours('sq4', here)': ValueError: board 'sq4' has no cell 'z9'"


@pytest.mark.parametrize("source,kind,detail", [
    ("cells('nowhere')", "ValueError", "unknown board 'nowhere' (boards: sq4, sq8, xy, open, wide, pointy, flat)"),
    ("xy('sq4', 'c2')", "ValueError", "board 'sq4' has no cell 'c2' (it is a hole)"),
    ("step('sq4', 'a1', 'up')", "ValueError", "board 'sq4' has no direction 'up' (directions: n, e, s, w)"),
    ("step('sq4', 'a1', 'n', 0.5)", "TypeError", "step(): n must be an integer, not 0.5"),
    ("path('open', 'a1', 'c1', cost={'b1': -2})", "ValueError",
     "path(): the cost of cell 'b1' must be at least 0, not -2"),
    ("ray('sq4', 'a1', 'n', blocked={'a2': 1})", "TypeError",
     "ray(): blocked must be a list or set of cells, not dict"),
])
def test_errors_through_expressions(source, kind, detail):
    with pytest.raises(EvalError) as info:
        run(source)
    assert (info.value.kind, info.value.detail) == (kind, detail)
