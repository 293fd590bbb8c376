"""Self-calling functions on the proven path (recursion.Proof): what the checker proves, and that
the path without the guards it drops gives exactly what the guarded path gives."""

import ast

import pytest

from tabletwin.expr import EvalError, FunctionDef, build_globals, compile_expression
from tabletwin.expr.budget import CALL_COST, NODE_COST, WORK_LIMIT
from tabletwin.expr.recursion import ENTRY_BOUND, STEP_BOUND, Proof

TOO_LONG = ("TimeoutError", f"expression runs too long (more than {WORK_LIMIT} work units)")


def proof(name, params, body, lets=None):
    return Proof(name, params, [(key, ast.parse(text, mode="eval").body) for key, text in (lets or {}).items()],
                 ast.parse(body, mode="eval").body)


def run(source, **definitions):
    compiled = {name: FunctionDef.compile(name, *spec).bind for name, spec in definitions.items()}
    scope = build_globals(functions=compiled)
    return compile_expression(source).evaluate({}, scope), WORK_LIMIT - scope.steps


def failure(source, **definitions):
    with pytest.raises(EvalError) as info:
        run(source, **definitions)
    return info.value.kind, info.value.detail


# What the checker proves.

def test_parameters_stepped_by_small_constants_are_small_integers():
    fib = proof("fib", ["n"], "n if n < 2 else fib(n - 1) + fib(n - 2)")
    assert (fib.small, fib.numeric) == ({"n"}, True)
    rsum = proof("rsum", ["xs", "i"], "0 if i >= len(xs) else xs[i] + rsum(xs, i + 1)")
    assert (rsum.small, rsum.numeric) == ({"i"}, False)  # xs[i] may be anything
    swap = proof("swap", ["a", "b"], "a if b == 0 else swap(b, a - 1) + swap(3, 1 + b)")
    assert (swap.small, swap.numeric) == ({"a", "b"}, True)


@pytest.mark.parametrize("params, body, lets", [
    (["n"], "n if n < 2 else f(n / 2)", None),  # a division: a decimal may come in
    (["n"], "n if n < 2 else f(n - 1.0)", None),  # a decimal constant
    (["n"], f"n if n < 2 else f(n - {STEP_BOUND + 1})", None),  # a step too large to stay within 2**30
    (["n"], f"n if n < 2 else f({ENTRY_BOUND + 1})", None),
    (["n"], "n if n < 2 else f(True)", None),  # True is no integer here
    (["n"], "n if n < 2 else f(-1)", None),  # -1 is an operation on a constant
    (["n", "m"], "n if n < 2 else f(m, n * 2)", None),  # m gets n * 2, so n gets it next
    (["n"], "n if n < 2 else f(n - 1, 2)", None),  # an argument count other than the parameters'
    (["n"], "n if n < 2 else f(n=n - 1)", None),
    (["n"], "[f(n - 1) for n in [1]]", None),  # a comprehension binds the name over the parameter
    (["n"], "n if n < 2 else f(n - 1)", {"n": "'a'"}),  # a let does
    (["n"], "0", {"k": "f('x')"}),  # a let passes text
])
def test_nothing_is_proven_of_other_arguments(params, body, lets):
    assert proof("f", params, body, lets).small == frozenset()


def test_results_are_numbers_only_when_every_branch_is_one():
    assert proof("f", ["n"], "0 if n == 0 else 2 * f(n - 1) - 0.5").numeric
    assert not proof("f", ["n"], "0 if n == 0 else f(n - 1) / 2").numeric
    assert not proof("f", ["n"], "'' if n == 0 else f(n - 1)").numeric
    assert not proof("f", ["n"], "False if n == 0 else f(n - 1)").numeric


# Each guard the proven path drops, and the path with it (entered with a value outside the proof).

def test_a_small_integer_minus_a_constant_needs_no_check():
    down = (["n", "k"], {}, "n if k == 0 else down(n - 1000, k - 1)")
    assert run(f"down({ENTRY_BOUND}, 99)", down=down)[0] == ENTRY_BOUND - 99_000
    # Outside the proof (an integer past the bound, a decimal, a boolean) the guarded path runs.
    assert run(f"down({ENTRY_BOUND + 1}, 99)", down=down)[0] == ENTRY_BOUND + 1 - 99_000
    value = run(f"down({-2**53}, 3)", down=down)[0]
    assert (value, value.__class__) == (float(-2**53 - 3000), float)
    assert run("down(2500.5, 2)", down=down)[0] == 500.5
    assert run("down(True, 1)", down=down)[0] == -999


def test_a_small_integer_compared_with_anything_is_compared_inline():
    stop = (["n", "limit"], {}, "n if n >= limit else stop(n + 1, limit)")
    assert run("stop(0, 5)", stop=stop) == (5, 6 * (CALL_COST + NODE_COST * 11))
    assert run("stop(0.5, 5)", stop=stop) == (5.5, 6 * (CALL_COST + NODE_COST * 11))  # the guarded path
    assert failure("stop(0, 'x')", stop=stop) == ("TypeError", "cannot compare a number and a text with >=")


def test_a_sum_of_numbers_checks_only_the_integer_range():
    double = (["n"], {}, "1 if n == 0 else 2 * double(n - 1)")
    assert run("double(52)", double=double)[0] == 2**52
    value = run("double(60)", double=double)[0]  # past 2**53 an integer result becomes a decimal
    assert (value, value.__class__) == (2.0**60, float)
    halves = (["n"], {}, "1 if n == 0 else halves(n - 1) - 0.5")
    assert run("halves(3)", halves=halves)[0] == -0.5


def test_the_proven_path_charges_and_counts_what_the_guarded_one_does():
    fib = (["n"], {}, "n if n < 2 else fib(n - 1) + fib(n - 2)")
    cost = CALL_COST + NODE_COST * 16
    assert run("fib(10)", fib=fib) == (55, 177 * cost)
    assert run("fib(10.5 - 0.5)", fib=fib) == (55, 177 * cost)  # a decimal: the guarded path
    down = (["n"], {}, "0 if n == 0 else down(n - 1)")
    assert run("down(99)", down=down)[0] == 0
    assert failure("down(100)", down=down) == ("RecursionError", "more than 100 calls deep")
    assert failure("fib(40)", fib=fib) == TOO_LONG


# The depth the measure bounds (Proof.measure): the count of calls deep is dropped.

def test_a_parameter_that_falls_to_a_floor_measures_the_depth():
    assert proof("fib", ["n"], "n if n < 2 else fib(n - 1) + fib(n - 2)").measure == ("n", 2)
    assert proof("fact", ["n"], "1 if n <= 1 else n * fact(n - 1)").measure == ("n", 2)
    assert proof("f", ["n"], "0 if 3 > n else f(n - 3)").measure == ("n", 3)
    assert proof("f", ["n", "m"], "m if 0 >= n else f(n - 1, m + 1)").measure == ("n", 1)


@pytest.mark.parametrize("body, lets", [
    ("0 if n == 0 else f(n - 1)", None),  # no floor: a negative n falls for ever
    ("0 if n > 5 else f(n - 1)", None),
    ("f(n - 1) if n < 2 else 0", None),  # the call in the first branch
    ("0 if f(n - 1) < 2 else 1", None),
    ("0 if n < 2 else f(n + 1)", None),  # rising
    ("0 if n < 2 else f(n)", None),
    ("0 if n < 2 else f(n - 1)", {"k": "f(n - 1)"}),  # a let calls whatever n is
    ("0 if n < x else f(n - 1)", None),
])
def test_no_measure_without_a_floor_below_every_call(body, lets):
    params = ["n", "x"] if "x" in body else ["n"]
    if "x" in body:
        body = body.replace("f(n - 1)", "f(n - 1, x)")
    assert proof("f", params, body, lets).measure is None


def test_the_measured_path_reaches_the_same_depth_limit():
    down = (["n"], {}, "0 if n < 1 else 1 + down(n - 1)")
    via = (["n"], {}, "down(n)")
    assert run("down(99)", down=down)[0] == 99  # 100 calls deep
    assert failure("down(100)", down=down) == ("RecursionError", "more than 100 calls deep")
    assert run("via(98)", down=down, via=via)[0] == 98  # one call deeper already
    assert failure("via(99)", down=down, via=via) == ("RecursionError", "more than 100 calls deep")
    fib = (["n"], {}, "n if n < 2 else fib(n - 1) + fib(n - 2)")
    # fib(100) nests 100 calls deep: the measured path runs it, until the budget ends it.
    assert failure("fib(100)", fib=fib) == TOO_LONG
    assert failure("fib(101)", fib=fib) == ("RecursionError", "more than 100 calls deep")


# Self-calls charged when their branch is taken (Proof.calls_ahead): only where nothing can fail.

def test_calls_are_charged_ahead_only_where_nothing_but_the_budget_can_end_the_run():
    assert proof("fib", ["n"], "n if n < 2 else fib(n - 1) + fib(n - 2)").calls_ahead == 2
    assert proof("fact", ["n"], "1 if n <= 1 else n * fact(n - 1)").calls_ahead == 1
    assert proof("f", ["n"], "0 if n < 1 else f(n - 1) / 2").calls_ahead is None  # not a number for sure
    assert proof("f", ["n"], "0 if n < 1 else (f(n - 1) if n > 5 else f(n - 2))").calls_ahead is None  # a branch
    assert proof("f", ["n"], "n // 0 if n < 1 else f(n - 1)").calls_ahead is None  # may fail
    assert proof("f", ["n", "x"], "x if n < 1 else f(n - 1, x)").calls_ahead is None  # x may be anything


def test_charging_ahead_charges_the_same_and_ends_the_same():
    fact = (["n"], {}, "1 if n <= 1 else n * fact(n - 1)")
    cost = CALL_COST + NODE_COST * 12
    assert run("fact(20)", fact=fact) == (float(2432902008176640000), 20 * cost)
    assert run("fact(20.5 - 0.5)", fact=fact) == (float(2432902008176640000), 20 * cost)  # the guarded path
    fib = (["n"], {}, "n if n < 2 else fib(n - 1) + fib(n - 2)")
    assert failure("fib(60)", fib=fib) == TOO_LONG
