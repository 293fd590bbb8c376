"""Free names read in comprehensions are read once per evaluation (codegen.build_function), which
must give the values, errors and charges of reading them at every step."""

import pytest

from tabletwin.expr import EvalError, FunctionDef, build_globals, compile_expression, derived_provider
from tabletwin.expr import codegen
from tabletwin.expr.budget import DERIVED_COST, NODE_COST, WORK_LIMIT

CELLS = "[i for i in range(4) if board[i] == EMPTY]"


def plain(source, local_names=None):
    """The expression as built without the read-once body."""
    saved = codegen.TEXTBOOK
    codegen.TEXTBOOK = True
    try:
        return compile_expression(source, local_names)
    finally:
        codegen.TEXTBOOK = saved


def reads_once(source, local_names=None) -> set[str]:
    """The free names the built function reads once (its ``__g_`` locals)."""
    code = compile_expression(source, local_names).fast_function.__code__
    return {name[len(codegen.HOISTED_PREFIX):] for name in code.co_cellvars + code.co_varnames
            if name.startswith(codegen.HOISTED_PREFIX)}


def run(expression, local_names, scope):
    result = expression.evaluate(local_names, scope)
    return result, WORK_LIMIT - scope.steps


def test_names_read_at_each_step_are_read_once_and_the_outer_iterable_is_left_alone():
    assert reads_once(CELLS) == {"board", "EMPTY"}
    assert reads_once("[c for c in hand[actor] if c > low]", frozenset({"actor"})) == {"low"}
    assert reads_once("score[actor] + 1", frozenset({"actor"})) == set()


@pytest.mark.parametrize("local_names", [{}, {"EMPTY": "x"}, {"board": [".", ".", "x", "x"]}])
def test_values_and_charges_equal_the_plain_build(local_names):
    scope = build_globals(variables={"board": ["x", ".", ".", "x"]}, constants={"EMPTY": "."})
    fast = run(compile_expression(CELLS), dict(local_names), scope)
    assert fast == run(plain(CELLS), dict(local_names), scope)
    expected = {"": [1, 2], "EMPTY": [0, 3], "board": [0, 1]}[next(iter(local_names), "")]
    assert fast[0] == expected


def test_a_derived_value_in_a_comprehension_is_computed_and_charged_at_every_read():
    scope = build_globals(variables={"v": 2}, derived={"d": derived_provider(compile_expression("v + 1"))})
    source = "[x + d for x in [1, 2, 3]]"
    result, steps = run(compile_expression(source), {}, scope)
    assert (result, steps) == run(plain(source), {}, scope)
    assert result == [4, 5, 6]
    assert steps >= 3 * (DERIVED_COST + NODE_COST * 3)


def test_an_undefined_name_fails_only_when_a_step_reads_it():
    scope = build_globals(variables={"empty": [], "full": [1]})
    assert compile_expression("[nowhere for x in empty]").evaluate({}, scope) == []
    with pytest.raises(EvalError) as info:
        compile_expression("[nowhere for x in full]").evaluate({}, scope)
    assert str(info.value) == "error evaluating '[nowhere for x in full]': NameError: name 'nowhere' is not defined"


class Computed(dict):
    """Local names computed on first read, as a tactic's ``let`` names are."""

    def __init__(self, names, reads):
        super().__init__(names)
        self.reads = reads

    def __missing__(self, key):
        self.reads.append(key)
        return 10

    def __contains__(self, key):
        return dict.__contains__(self, key) or key == "late"


def test_local_names_that_compute_on_read_are_read_at_each_step():
    reads = []
    scope = build_globals(variables={"xs": [1, 2]})
    assert compile_expression("[x + late for x in xs]").evaluate(Computed({}, reads), scope) == [11, 12]
    assert reads == ["late", "late"]
    reads.clear()
    assert compile_expression("[x + late for x in []]").evaluate(Computed({}, reads), scope) == []
    assert reads == []


def test_own_functions_read_global_names_once_with_the_same_charges():
    source = "any(board[a] == board[b] == mark for a, b in LINES)"
    scope = build_globals(variables={"board": ["x", "x", "o"]}, constants={"LINES": [[0, 1], [1, 2]]},
                          functions={"has": FunctionDef.compile("has", ["mark"], {}, source).bind})
    saved = codegen.TEXTBOOK
    codegen.TEXTBOOK = True
    try:
        plain_scope = build_globals(variables={"board": ["x", "x", "o"]}, constants={"LINES": [[0, 1], [1, 2]]},
                                    functions={"has": FunctionDef.compile("has", ["mark"], {}, source).bind})
    finally:
        codegen.TEXTBOOK = saved
    call = compile_expression("[has('x'), has('o')]")
    assert run(call, {}, scope) == run(call, {}, plain_scope)
    assert run(call, {}, scope)[0] == [True, False]
    assert "__g_board" in scope["has"].__code__.co_cellvars
    assert "__g_board" not in plain_scope["has"].__code__.co_cellvars
