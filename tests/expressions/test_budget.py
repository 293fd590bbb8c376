"""The work budget and the element allowance: what is charged, and each limit on its own."""

import time

import pytest

from tabletwin.expr import (EvalError, ExprSyntaxError, FunctionDef, build_globals, compile_expression,
                            derived_provider)
from tabletwin.expr import budget
from tabletwin.expr.budget import (CALL_COST, DERIVED_COST, MAX_ELEMENTS, NODE_COST, WORK_LIMIT, exhausted,
                                   weight)
from tabletwin.expr.expression import CACHE_SIZE, _CACHE

from .helpers import evaluate

TOO_LONG = f"expression runs too long (more than {WORK_LIMIT} work units)"
TOO_MUCH = f"expression builds too much (more than {MAX_ELEMENTS} elements)"


def spent(source, scope=None, **names):
    """Work units and elements one evaluation of ``source`` spends."""
    scope = scope if scope is not None else build_globals()
    compile_expression(source).evaluate(names, scope)
    return WORK_LIMIT - scope.steps, MAX_ELEMENTS - scope.room


def failure(source, scope=None, **names):
    with pytest.raises(EvalError) as info:
        evaluate(source, scope, **names)
    return info.value.kind, info.value.detail


# WORK_LIMIT

def test_the_work_limit_stops_an_endless_loop_within_seconds():
    start = time.perf_counter()
    assert failure("any(False for a in L for b in L for c in L)", L=list(range(1000))) == ("TimeoutError", TOO_LONG)
    assert time.perf_counter() - start < 10


# MAX_ELEMENTS

def test_the_allowance_admits_the_longest_range_and_not_four_of_them():
    assert evaluate("len(range(10**7))") == 10**7
    assert failure("len([range(10**7) for i in range(4)])") == ("MemoryError", TOO_MUCH)


def test_comprehension_results_count_against_the_allowance():
    assert failure("len([[i] for i in range(10**7)])") == ("MemoryError", TOO_MUCH)
    # Each step of the last clause reserves one slot plus half the element's nodes.
    assert spent("[[i] for a in L for i in L]", L=list(range(100)))[1] == 100 * 100 * 2
    assert spent("{str(i): [i, i] for i in L}", L=list(range(100)))[1] == 100 * (1 + 6 // 2) + 100


def test_a_generator_builds_nothing():
    steps, room = spent("sum(x for x in L)", L=list(range(1000)))
    assert room == 0
    assert steps == 1000 * (budget.LOOP_COST + NODE_COST)


# What is charged by size.

@pytest.mark.parametrize("source,at_least", [
    ("L.count(-1)", budget.TOUCH_COST * 10**5),
    ("-1 in L", budget.TOUCH_COST * 10**5),
    ("L == M", 2 * budget.TOUCH_COST * 10**5),
    ("min(L)", budget.TOUCH_COST * 10**5),
    ("sorted(L)[0]", 10**5 * 17),
    ("len(set(L))", 2 * budget.TOUCH_COST * 10**5),
    ("any(L)", budget.TOUCH_COST * 10**5),
    ("len(list(L))", budget.ELEMENT_COST * 10**5),
    ("len(L[1:])", budget.ELEMENT_COST * (10**5 - 1)),
    ("len(str(L))", budget.PRINT_COST * 10**5),
])
def test_builtins_methods_and_operators_charge_by_size(source, at_least):
    steps, _ = spent(source, L=list(range(10**5)), M=list(range(10**5)))
    assert at_least <= steps < 3 * at_least


def test_small_comparisons_and_searches_stay_cheap():
    assert spent("x == y and x in L", x=1, y=1, L=[1, 2, 3]) == (0, 0)


def test_equality_of_values_sharing_a_big_part_is_charged_for_every_reference():
    scope = build_globals()
    # [L] * 100 twice: each comparison of elements walks a 10**5 list (a different object, equal).
    assert failure("sum(A == B for i in range(100))", scope,
                   A=[list(range(10**5))] * 100, B=[list(range(10**5))] * 100) == ("TimeoutError", TOO_LONG)


def test_weight_counts_shared_parts_as_often_as_they_are_referenced_and_stops_at_its_cap():
    inner = list(range(10))
    assert weight([inner, inner], 10**6) == 3 + 2 * (budget.WALK_COST + 11)
    assert weight([inner] * 10**6, 100) > 100
    assert weight("x" * 320, 10) == 11


def test_round_with_a_huge_negative_precision_is_zero_at_once():
    start = time.perf_counter()
    assert evaluate("round(5, -10**8)") == 0
    assert evaluate("round(123456, -3)") == 123000
    assert evaluate("round(2.5, -10**8)") == 0
    assert time.perf_counter() - start < 1


# Derived values and own functions spend the caller's budget.

def test_each_derived_value_spends_the_callers_budget():
    scope = build_globals(variables={"v": 1}, derived={"d": derived_provider(compile_expression("v + 1"))})
    steps, _ = spent("d", scope)
    assert steps == DERIVED_COST + NODE_COST * 3


def test_a_doubling_chain_of_derived_values_runs_out_of_budget():
    derived = {"d0": derived_provider(compile_expression("v"))}
    for level in range(1, 60):
        derived[f"d{level}"] = derived_provider(compile_expression(f"d{level - 1} + d{level - 1}"))
    scope = build_globals(variables={"v": 1}, derived=derived)
    start = time.perf_counter()
    assert failure("d59", scope) == ("TimeoutError", TOO_LONG)
    assert time.perf_counter() - start < 10


def test_a_call_of_an_own_function_costs_its_nodes():
    f = FunctionDef.compile("f", ["n"], {"m": "n * 2"}, "m + 1")
    scope = build_globals(functions={"f": f.bind})
    steps, _ = spent("f(1)", scope)
    assert steps == CALL_COST + NODE_COST * (3 + 3)


def test_exhaustion_is_recognised_by_its_message():
    assert exhausted(f"error evaluating 'x': TimeoutError: {TOO_LONG}")
    assert exhausted(TOO_MUCH)
    assert not exhausted("text or list too long (20000000 elements; at most 10000000)")


def test_a_leaf_function_is_still_refused_past_the_call_depth():
    # twice() reads no outside name and calls nothing: it does not count its call, but is
    # refused where any call would be.
    twice = FunctionDef.compile("twice", ["x"], {}, "x * 2")
    down = FunctionDef.compile("down", ["n"], {}, "twice(7) if n == 0 else down(n - 1)")
    scope = build_globals(functions={"twice": twice.bind, "down": down.bind})
    assert evaluate("down(98)", scope) == 14
    assert failure("down(99)", scope) == ("RecursionError", "more than 100 calls deep")
    steps, _ = spent("twice(3)", scope)
    assert steps == CALL_COST + NODE_COST * 3


# Short texts and numbers are handled inline, uncharged; long ones are charged by size.

def test_joining_short_texts_outside_a_comprehension_is_not_charged():
    assert spent("a + b", a="x" * 31, b="y" * 32) == (0, 0)
    # 64 characters: eight elements of text, two units each.
    assert spent("a + b", a="x" * 32, b="y" * 32) == (2 * 9, 9)
    assert spent("a * 2", a="x" * 2) == (2, 1)
    # A text literal repeated into fewer than 64 characters, likewise; 64 and more are charged.
    assert spent("'abc' * n", n=21) == (0, 0)
    assert spent("n * 'abc'", n=22) == (2 * 9, 9)
    assert spent("['-' * n for i in L]", n=1, L=[1]) == (budget.LOOP_COST + 3 * NODE_COST + 2, 1 + 3 // 2 + 1)


def test_joining_texts_in_a_comprehension_is_charged_by_size():
    # Each step: the loop, three nodes, and room for the element; then each join's one element.
    steps, room = spent("[a + b for b in L]", a="x", L=["y"] * 10)
    assert (steps, room) == (10 * (budget.LOOP_COST + 3 * NODE_COST) + 10 * 2, 10 * (1 + 3 // 2) + 10)


def test_comparing_a_short_text_is_not_charged_and_a_long_list_is():
    assert spent("a == b", a="x" * 63, b=["x"] * 1000) == (0, 0)
    assert spent("a == b", a=["x"] * 1000, b=["x"] * 1000)[0] == 2 * budget.TOUCH_COST * 1001


def test_str_of_numbers_is_charged_as_the_language_writes_them():
    # In a comprehension: the print, then two elements of text (one step: the loop and 3 nodes).
    step = (budget.LOOP_COST + 3 * NODE_COST, 1 + 3 // 2)
    assert spent("[str(n) for i in L]", n=-1234567, L=[0]) == (step[0] + budget.PRINT_COST + 2 * 2, step[1] + 2)
    assert spent("str(n)", n=2**40) == (budget.PRINT_COST + 2 * 2, 2)
    # Outside one, an integer is written inline, uncharged (a short text); str shadowed is called.
    assert spent("str(n)", n=-1234567) == (0, 0)
    assert evaluate("str(n) + str(-n)", n=1234567) == "1234567-1234567"
    f = FunctionDef.compile("str", ["x"], {}, "x * 2")
    assert evaluate("str(21)", build_globals(functions={"str": f.bind})) == 42
    assert evaluate("str([1, True, -5]) + str((7,)) + str([])") == "[1, True, -5](7,)[]"
    # An integer past 2**53 (from outside: the language makes a decimal of it) prints as one.
    assert evaluate("str(L)", L=[2**60, 1]) == "[1.152921504606847e+18, 1]"
    assert spent("str(L)", L=[1, 2, 3]) == (budget.PRINT_COST * 4 + 2 * 2, 2)


def test_quick_paths_charge_what_the_general_ones_do():
    # touch(): a list of numbers inline, anything else weighed.
    assert spent("max(L)", L=[3, 1.5, True]) == (budget.TOUCH_COST * 4, 0)
    assert spent("max(L)", L=["b", "a"]) == (budget.TOUCH_COST * 3, 0)
    assert spent("max(L)", L=[[2], [1, 1]]) == (budget.TOUCH_COST * weight([[2], [1, 1]], 10**6), 0)
    # str() of a short list of integers, and of one past the quick path's length.
    long = list(range(1000))
    assert spent("str(L)", L=[2**60, 1])[0] == budget.PRINT_COST * 3 + 2 * (len("[1.152921504606847e+18, 1]") // 8 + 1)
    elements = len(str(long)) // 8 + 1
    assert spent("str(L)", L=long) == (budget.PRINT_COST * 1001 + 2 * elements, elements)
    assert spent("range(n)", n=5) == (2 * 5, 5)


def test_range_in_a_comprehension_is_charged_as_the_list_it_stands_for():
    # range(n): n elements made, two units each; then each step (the loop, one node) and its room.
    step = budget.LOOP_COST + NODE_COST
    assert spent("[i for i in range(n)]", n=10) == (10 * 2 + 10 * step, 10 + 10 * 1)
    assert spent("[i for i in range(1, n)]", n=11) == (10 * 2 + 10 * step, 10 + 10 * 1)
    assert evaluate("[(i, j) for i in range(3) for j in range(i, 3) if i != j]") == [(0, 1), (0, 2), (1, 2)]
    assert evaluate("[i for i in range(n)]", n=-2) == []
    assert failure("[i for i in range(n)]", n=2.5) == ("TypeError", "range() needs an integer, not 2.5")
    assert failure("sum(1 for i in range(10**7) for j in range(10**7))") == ("TimeoutError", TOO_LONG)


def test_a_whole_comprehension_charges_its_first_iterable_as_any_other():
    # A list (charged inline before the comprehension) and a tuple (through iterate()) alike.
    step = budget.LOOP_COST + 3 * NODE_COST
    for L in ([1, 2, 3], (1, 2, 3)):
        assert spent("[i + 1 for i in L]", L=L) == (3 * step, 3 * (1 + 3 // 2))
        assert spent("{str(i): i for i in L}", L=L)[1] == 3 * (1 + 4 // 2) + 3 * 1
    assert failure("[[i] for i in L]", L=[0] * (MAX_ELEMENTS // 2 + 1)) == ("MemoryError", TOO_MUCH)
    assert failure("[i for i in L if i]", L=[0] * (WORK_LIMIT // 6 + 1)) == ("TimeoutError", TOO_LONG)
    assert evaluate("{c: 1 for c in 'ba'}") == {"b": 1, "a": 1}


def test_weight_of_a_flat_list_is_its_length():
    assert weight([1, 2.5, True], 100) == 4
    assert weight([1, None, "x" * 64], 100) == 4 + 2
    assert weight([1, [2, 3]], 100) == 3 + budget.WALK_COST + 3


# Generated code: names no model can write.

def test_a_parameter_named_depth_is_not_the_call_counter():
    f = FunctionDef.compile("f", ["depth"], {}, "depth")
    assert evaluate("f(7)", build_globals(functions={"f": f.bind})) == 7


def test_a_let_named_depth_does_not_reset_the_call_counter():
    f = FunctionDef.compile("f", ["n"], {"depth": "-10000"}, "0 if n == 0 else f(n - 1)")
    scope = build_globals(functions={"f": f.bind})
    assert failure("f(0) + f(150)", scope) == ("RecursionError", "more than 100 calls deep")


# Compiling is linear in the number of text literals.

def test_compiling_many_text_literals_is_linear():
    def seconds(count):
        source = "[" + ",".join(["''"] * count) + "]"
        start = time.perf_counter()
        expression = compile_expression(source)
        expression.strict_function()
        return time.perf_counter() - start

    small, large = seconds(4000), seconds(32000)
    assert large < 20 * small + 0.5  # quadratic would be 64 times


# The cache of refusals keeps no analysis alive.

def test_a_cached_syntax_error_holds_no_traceback():
    source = "1 +* 2  # cached"
    for _ in range(2):
        with pytest.raises(ExprSyntaxError):
            compile_expression(source)
    cached = _CACHE[(source, None)]
    assert cached.error().message.startswith('syntax error in expression "1 +* 2  # cached"')
    assert not isinstance(cached, BaseException) and not hasattr(cached, "__traceback__")
    assert all(isinstance(part, (str, int)) for part in cached)
    assert CACHE_SIZE == 20_000


def test_a_sum_of_a_generator_over_a_short_list_is_the_generators_sum():
    # translate_calls.summed_generator: a list comprehension summed at once, charged as the generator.
    step = budget.LOOP_COST + 3 * NODE_COST
    for L in ([1, 2, 3], (1, 2, 3), list(range(4096)), list(range(4097)), {"1": 0, "2": 0}, "abc"):
        assert spent("sum(1 for x in L)", L=L) == (len(L) * (budget.LOOP_COST + NODE_COST), 0)
        assert evaluate("sum(1 for x in L)", L=L) == len(L)
    assert spent("sum(x + 1 for x in L)", L=[1, 2, 3]) == (3 * step, 0)
    assert evaluate("sum(x / 10 for x in L)", L=[1, 2, 3]) == 0.6  # compensated, as sum() adds decimals
    assert evaluate("sum(x for x in L)", L=[2**52, 2**52]) == 2.0**53
    assert failure("sum(x for x in L)", L=[1, "a"]) == ("TypeError", "cannot use + between a number and a text")
    # A function named sum is given the generator itself.
    first = FunctionDef.compile("sum", ["g"], {}, "[x for x in g][0]")
    assert evaluate("sum(x * 2 for x in L)", build_globals(functions={"sum": first.bind}), L=[4, 5]) == 8


def test_a_comparison_with_a_literal_is_not_charged():
    # Its cost is bounded by the literal: the expression's own nodes pay for it.
    big = list(range(1000))
    assert spent("x == 'h'", x=big) == (0, 0)
    assert spent("x < [1, 2]", x=big) == (0, 0)
    # So is one with a comprehension variable running over a literal; over anything else it is.
    step = budget.LOOP_COST + 3 * NODE_COST
    assert spent("[x == s for s in ['a', 'b']]", x=big) == (2 * step, 2 * (1 + 3 // 2))
    assert spent("[x == s for s in L]", x=big, L=["a", "b"]) == (2 * step + 2 * 6, 2 * (1 + 3 // 2))
    # An inner variable of the same name over a list is charged: the outer step, the inner one, the comparison.
    assert spent("[[x == s for s in L] for s in ['a']]", x=big, L=["a"]) == (2 + 2 * 6 + step + 6, 1 + 6 // 2 + 2)


def test_str_of_a_short_list_of_integers_charges_as_build_text():
    text = "[12, 19]"
    assert spent("str(L)", L=[12, 19]) == (budget.PRINT_COST * 3 + 2 * (len(text) // 8 + 1), len(text) // 8 + 1)
    assert evaluate("str(L)", L=[10**5000, 1]) == "[inf, 1]"  # no Python digit limit reached


def test_range_first_in_a_comprehension_fails_and_shadows_as_the_call_does():
    # Past the allowance the list range(n) stands for is refused before any step is taken.
    assert failure("[i for i in range(n)]", n=MAX_ELEMENTS // 2 + 1) == ("MemoryError", TOO_MUCH)
    assert failure("[i for i in range(n)]", n=MAX_ELEMENTS // 2) == ("TimeoutError", TOO_LONG)
    assert failure("[i for i in range(n)]", n="3") == ("TypeError", "range() needs an integer, not str")
    assert failure("[i for i in range(n)]", n=10**7 + 1) == ("ValueError", "range too large")
    # An own function named range is called, and what it gives is iterated as any list.
    halves = FunctionDef.compile("range", ["n"], {}, "[n // 2]")
    assert evaluate("[i for i in range(9)]", build_globals(functions={"range": halves.bind})) == [4]
    assert evaluate("[i * 2 for i in range(n) if i]", n=3) == [2, 4]


def test_a_comparison_in_a_comprehension_with_a_scope_name_holding_a_number_is_not_charged():
    # As with a literal: a number or a short text on one side bounds the comparison.
    big = [list(range(100))] * 3
    step = budget.LOOP_COST + 3 * NODE_COST
    for K in (7, "h", None, 2.5):
        scope = build_globals(constants={"K": K, "L": big})
        assert spent("[x == K for x in L]", scope) == (3 * step, 3 * (1 + 3 // 2))
        assert spent("[K != x for x in L]", scope) == (3 * step, 3 * (1 + 3 // 2))
    # A list on both sides is weighed and charged, whichever side the scope's name is on.
    scope = build_globals(constants={"K": [1, 2], "L": big})
    charged = 3 * step + 3 * 2 * budget.TOUCH_COST * 3
    assert spent("[x == K for x in L]", scope) == (charged, 3 * (1 + 3 // 2))
    assert spent("[K == x for x in L]", scope) == (charged, 3 * (1 + 3 // 2))
    # A local name of the same name is the one compared (when the caller does not declare its locals).
    assert compile_expression("[x == K for x in [1, 2]]").evaluate({"K": 2}, build_globals(constants={"K": 1})) \
        == [False, True]
    # A derived value is computed at each comparison, as before.
    scope = build_globals(constants={"L": [1, 2, 3]}, derived={"D": derived_provider(compile_expression("2"))})
    assert compile_expression("[x < D for x in L]").evaluate({}, scope) == [True, False, False]
    assert spent("[x < D for x in L]", scope)[0] == 3 * step + 3 * (DERIVED_COST + NODE_COST)


def test_a_parameter_or_declared_local_holding_a_number_makes_comparisons_in_a_loop_cheap_too():
    big = [list(range(100))] * 3
    step = budget.LOOP_COST + 3 * NODE_COST
    f = FunctionDef.compile("f", ["k"], {}, "[x == k for x in L]")
    call = CALL_COST + NODE_COST * f.body.nodes
    for k, charged in ((3, 0), ("h", 0), ([1, 2], 3 * 2 * budget.TOUCH_COST * 3)):
        scope = build_globals(constants={"L": big}, functions={"f": f.bind})
        assert spent(f"f({k!r})", scope)[0] == call + 3 * step + charged
    # A comprehension variable of the same name is compared as any value that changes per step.
    g = FunctionDef.compile("g", ["k"], {}, "[x == k for k in L for x in L]")
    assert evaluate("g(1)", build_globals(constants={"L": [[1], 2]}, functions={"g": g.bind})) \
        == [True, False, False, True]
    declared = compile_expression("[x == actor for x in L]", frozenset({"actor"}))
    scope = build_globals(constants={"L": big})
    declared.evaluate({"actor": 1}, scope)
    assert WORK_LIMIT - scope.steps == 3 * step
    declared.evaluate({"actor": [1]}, scope)
    assert WORK_LIMIT - scope.steps == 3 * step + 3 * 2 * budget.TOUCH_COST * 2


def test_any_and_all_of_a_generator_stop_at_the_first_answer_and_charge_only_the_steps():
    step = budget.LOOP_COST + 3 * NODE_COST  # the generator's clause charges its whole list up front
    assert spent("any(x > 5 for x in L)", L=[1, 9, 2]) == (3 * step, 0)
    assert spent("all(x > 5 for x in L)", L=[1, 9, 2]) == (3 * step, 0)
    assert evaluate("[any(x > 5 for x in r) for r in L]", L=[[1], [9, 1], []]) == [False, True, False]
    assert evaluate("all(x > 0 for x in L)", L=[]) is True
    # An own function named all is given the generator itself.
    first = FunctionDef.compile("all", ["g"], {}, "[x for x in g]")
    assert evaluate("all(x * 2 for x in L)", build_globals(functions={"all": first.bind}), L=[4, 5]) == [8, 10]
    assert failure("any(x > 1 for x in L)", L=[1, "a"]) == ("TypeError", "cannot compare a text and a number with >")


@pytest.mark.parametrize("text, value", [
    ("0.05 * x", 0.15000000000000002), ("x * 0.5", 1.5), ("0.55 - x", -2.45), ("x + 0.25", 3.25),
    ("2.0 * s", "abab"), ("1e308 * 10.0", float("inf")), ("0.5 * b", 0.5),
])
def test_arithmetic_with_a_decimal_literal_gives_the_language_result(text, value):
    assert evaluate(text, x=3, s="ab", b=True) == value


@pytest.mark.parametrize("text, message", [
    ("0.5 * s", "can't multiply sequence by non-int of type 'float'"),
    ("L * 0.5", "can't multiply sequence by non-int of type 'float'"),
    ("0.5 + s", "cannot use + between a number and a text"),
    ("s - 0.5", "cannot use - between a text and a number"),
])
def test_arithmetic_with_a_decimal_literal_fails_as_the_language(text, message):
    assert failure(text, s="ab", L=[1]) == ("TypeError", message)


def test_min_and_max_of_numbers_given_apart_charge_as_the_general_path():
    assert spent("max(x, 0.5)", x=3) == (budget.TOUCH_COST * 3, 0)
    assert spent("min(x, 0.5, True)", x=3) == (budget.TOUCH_COST * 4, 0)
    assert evaluate("min(x, 0.5, True)", x=3) == 0.5 and evaluate("max(2, x)", x=2.5) == 2.5
    # Not all numbers: weighed as any other arguments, and compared as Python would.
    assert spent("max(x, [1])", x=[0, 0]) == (budget.TOUCH_COST * weight(([0, 0], [1]), 100), 0)
    assert failure("max(x, 'a')", x=1) == ("TypeError", "cannot compare a text and a number with >")
