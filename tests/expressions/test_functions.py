"""Own functions: parameters, optional parameters, let, keyword calls, no caller locals."""

import pytest

from tabletwin.expr import (EvalError, ExprSyntaxError, FunctionDef, FunctionDefinitionError, build_globals,
                            compile_expression, derived_provider)


def scope_with(**definitions):
    compiled = {name: FunctionDef.compile(name, *spec).bind for name, spec in definitions.items()}
    return build_globals(functions=compiled, constants={"BONUS": 10})


def run(source, scope, **local_names):
    return compile_expression(source).evaluate(local_names, scope)


def test_positional_keyword_and_optional_parameters():
    scope = scope_with(area=(["w", "h?"], {}, "w * (h if h is not None else w)"))
    assert run("area(3)", scope) == 9
    assert run("area(3, 2)", scope) == 6
    assert run("area(h=2, w=4)", scope) == 8


def test_lets_see_parameters_earlier_lets_and_globals():
    scope = scope_with(score=(["p"], {"base": "p * 2", "total": "base + BONUS"}, "total + 1"))
    assert run("score(4)", scope) == 19


def test_a_function_does_not_see_the_callers_local_names():
    scope = scope_with(who=([], {}, "actor"))
    with pytest.raises(EvalError) as info:
        run("who()", scope, actor=1)
    assert info.value.detail == "name 'actor' is not defined"


def test_functions_call_each_other_and_serve_as_keys():
    scope = scope_with(value=(["c"], {}, "c['v'] * 2"), best=(["cards"], {}, "max(cards, key=value)"))
    assert run("best([{'v': 1}, {'v': 3}, {'v': 2}])", scope) == {"v": 3}
    assert run("sorted([{'v': 1}, {'v': 3}], key=value, reverse=True)[0]['v']", scope) == 3


def test_argument_errors():
    scope = scope_with(pair=(["a", "b?", "c"], {}, "[a, b, c]"), one=(["a"], {}, "a"))
    assert run("pair(1, c=3)", scope) == [1, None, 3]
    with pytest.raises(EvalError) as info:
        run("pair(1)", scope)
    assert info.value.detail == "pair() missing argument 'c'"
    with pytest.raises(EvalError) as info:
        run("one()", scope)
    assert info.value.kind == "TypeError"
    assert "one()" in info.value.detail


@pytest.mark.parametrize("params,lets,message", [
    (["_a"], {}, "function f: parameter '_a' is not a valid name"),
    (["a-b"], {}, "function f: parameter 'a-b' is not a valid name"),
    (["for"], {}, "function f: parameter 'for' is not a valid name"),
    ([3], {}, "function f: parameter 3 is not a valid name"),
    (["a"], {"_x": "1"}, "function f: let name '_x' is not a valid name"),
])
def test_bad_definitions(params, lets, message):
    with pytest.raises(FunctionDefinitionError) as info:
        FunctionDef.compile("f", params, lets, "1")
    assert str(info.value) == message


def test_syntax_errors_in_a_body_or_let():
    with pytest.raises(ExprSyntaxError):
        FunctionDef.compile("f", ["a"], {}, "a +")
    with pytest.raises(ExprSyntaxError):
        FunctionDef.compile("f", ["a"], {"b": "lambda: 1"}, "a")


def test_strict_rerun_reaches_into_functions():
    scope = scope_with(pick=(["L", "i"], {}, "L[i]"))
    assert run("pick([5, 6, 7], 4/2)", scope) == 7
    assert run("pick({'a': 1}, 'a')", scope) == 1


# A function that calls only itself counts its depth in an argument (functions.SelfCall).

def test_self_recursion_is_refused_past_the_depth_from_outside_and_inside():
    scope = scope_with(down=(["n"], {}, "0 if n == 0 else down(n - 1) + 1"),
                       via=(["n"], {}, "down(n)"), twice=(["n"], {}, "down(n) + down(n)"))
    assert run("down(99)", scope) == 99  # 100 calls deep
    for source, depth in (("down(100)", 101), ("via(99)", 101), ("[down(99) for i in [1]][0]", 100)):
        if depth > 100:
            with pytest.raises(EvalError) as info:
                run(source, scope)
            assert (info.value.kind, info.value.detail) == ("RecursionError", "more than 100 calls deep")
        else:
            assert run(source, scope) == 99
    assert run("twice(98) + via(98)", scope) == 98 * 3
    assert scope.calls == 0


def test_self_recursion_errors_in_arguments_come_before_the_depth():
    scope = scope_with(down=(["n"], {}, "0 if n == 0 else down(n - 1 if n > 1 else 1 / 0)"))
    with pytest.raises(EvalError) as info:
        run("down(150)", scope)
    assert info.value.kind == "RecursionError"
    with pytest.raises(EvalError) as info:
        run("down(50)", scope)
    assert info.value.kind == "ZeroDivisionError"


def test_a_shadowed_self_call_and_strict_reruns_inside_recursion():
    fib = FunctionDef.compile("fib", ["n"], {}, "n if n < 2 else fib(n - 1) + fib(n - 2)")
    assert run("fib(15)", build_globals(functions={"fib": fib.bind})) == 610
    # Bound as f while a variable takes the name fib: the self-call finds the number.
    with pytest.raises(EvalError) as info:
        run("f(2)", build_globals(functions={"f": fib.bind, "fib": fib.bind}, variables={"fib": 3}))
    assert info.value.detail == "a number cannot be called like a function"
    derived = build_globals(functions={"f": fib.bind}, derived={"fib": derived_provider(compile_expression("5"))})
    assert run("f(1)", derived) == 1
    with pytest.raises(EvalError) as info:
        run("f(2)", derived)
    assert info.value.detail == "a number cannot be called like a function"
    # 4/2 indexes a list only in the strict code: the rerun goes through every level.
    scope = scope_with(walk=(["L", "i"], {}, "L[i] if i >= 2 else walk(L, i + 4/4)"))
    assert run("walk([5, 6, 7], 0)", scope) == 7
    scope = scope_with(opt=(["n", "m?"], {}, "(m or 0) if n == 0 else opt(n - 1) + opt(n - 1, 1)"))
    assert run("opt(3)", scope) == 4


def test_self_recursion_calling_plain_builtins():
    rsum = FunctionDef.compile("rsum", ["xs", "i"], {}, "0 if i >= len(xs) else abs(xs[i]) + rsum(xs, i + 1)")
    scope = build_globals(functions={"rsum": rsum.bind})
    assert run("rsum([1, -2, 3], 0)", scope) == 6
    with pytest.raises(EvalError) as info:
        run("rsum(list(range(100)), 0)", scope)  # 101 calls deep
    assert info.value.detail == "more than 100 calls deep"
    # A variable named len: the calls go by the scope and find it.
    shadowed = build_globals(functions={"rsum": rsum.bind}, variables={"len": 3})
    with pytest.raises(EvalError) as info:
        run("rsum([1], 0)", shadowed)
    assert info.value.detail == "a number cannot be called like a function"
