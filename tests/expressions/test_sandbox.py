"""Trying to break out of the expression sandbox: every attempt ends in the language's own error."""

import time

import pytest

from tabletwin.expr import EvalError, ExprSyntaxError, FunctionDef, build_globals, compile_expression

from .helpers import evaluate

SYNTAX_ATTEMPTS = [
    ("().__class__", 'attribute .__class__ is not allowed in "().__class__"'),
    ("''.__class__.__mro__[1].__subclasses__()", "attribute .__class__ is not allowed"),
    ("__import__('os')", 'name __import__ is not allowed in "__import__(\'os\')"'),
    ("_", 'name _ is not allowed in "_"'),
    ("[x for x in [1]].__len__()", "attribute .__len__ is not allowed"),
    ("len.__self__", "attribute .__self__ is not allowed"),
    ("(lambda: 0).__code__", 'Lambda is not allowed in "(lambda: 0).__code__"'),
    ("[_ for _ in []]", 'name _ is not allowed in "[_ for _ in []]"'),
    ("max([1], _key=len)", "name _key is not allowed"),
    ("open('/etc/passwd').read()", "attribute .read is not allowed"),
    ("import os", 'Import is not allowed in "import os"'),
    ("exec('1')\nimport os", "invalid syntax (position 10)"),
    ("f'{().__class__}'", "f-strings are not allowed"),
    ("{}.get.__globals__", "attribute .__globals__ is not allowed"),
    ("(x for x in []).gi_frame", "attribute .gi_frame is not allowed"),
    ("len(*[[1]])", "Starred is not allowed"),
    ("dict(**{'a': 1})", "Starred is not allowed"),
    ("a := 1", 'NamedExpr is not allowed in "a := 1"'),
    ("[x for x.y in [1]]", "a loop variable must be a name or a tuple of names"),
    ("[1 for L[0] in [1]]", "a loop variable must be a name or a tuple of names"),
    ("(yield)", 'Yield is not allowed in "(yield)"'),
    ("await x", 'Await is not allowed in "await x"'),
]


@pytest.mark.parametrize("source,message", SYNTAX_ATTEMPTS)
def test_forbidden_at_compile_time(source, message):
    with pytest.raises(ExprSyntaxError) as info:
        compile_expression(source)
    assert message in info.value.message


@pytest.mark.parametrize("source", ["open", "eval", "exec", "getattr", "type", "object", "print", "globals",
                                    "vars", "locals", "compile", "input", "breakpoint", "help"])
def test_python_builtins_are_not_names(source):
    with pytest.raises(EvalError) as info:
        evaluate(source + "('x')")
    assert info.value.kind == "NameError"
    assert info.value.detail == f"name '{source}' is not defined"


def test_generated_code_sees_no_python_builtins():
    function = compile_expression("1")._fast
    assert function.__globals__["__builtins__"] == {}


@pytest.mark.parametrize("source,kind,message", [
    ("'a' * 10**10", "MemoryError", "text or list too long (10000000000 elements; at most 10000000)"),
    ("[0] * 10**8", "MemoryError", "text or list too long (100000000 elements; at most 10000000)"),
    ("10 ** 10 ** 10", "OverflowError", "number too large"),
    ("2.0 ** 100000", "OverflowError", "number too large"),
    ("range(10**8)", "ValueError", "range too large"),
    ("exp(10000)", "OverflowError", "number too large"),
])
def test_resource_bombs_end_in_clear_errors(source, kind, message):
    with pytest.raises(EvalError) as info:
        evaluate(source)
    assert (info.value.kind, info.value.detail) == (kind, message)


def test_doubling_through_nested_comprehensions_is_bounded():
    source = "x"
    for _ in range(40):
        source = f"[y + y for y in [{source}]][0]"
    start = time.perf_counter()
    with pytest.raises(EvalError) as info:
        evaluate(source, x="a" * 1000)
    assert info.value.kind in ("MemoryError", "TimeoutError")
    assert time.perf_counter() - start < 10


def test_endless_work_is_cut_off():
    start = time.perf_counter()
    with pytest.raises(EvalError) as info:
        evaluate("any(False for a in L for b in L for c in L for d in L)", L=list(range(1000)))
    assert info.value.kind == "TimeoutError"
    assert info.value.detail == "expression runs too long (more than 30000000 work units)"
    assert time.perf_counter() - start < 30


def test_exponential_recursion_is_cut_off():
    twice = FunctionDef.compile("twice", ["n"], {}, "0 if n == 0 else twice(n - 1) + twice(n - 1)")
    scope = build_globals(functions={"twice": twice.bind})
    with pytest.raises(EvalError) as info:
        compile_expression("twice(99)").evaluate({}, scope)
    assert info.value.kind == "TimeoutError"


def test_deep_recursion_stops_at_one_hundred_calls():
    down = FunctionDef.compile("down", ["n"], {}, "0 if n == 0 else down(n - 1)")
    scope = build_globals(functions={"down": down.bind})
    assert compile_expression("down(99)").evaluate({}, scope) == 0
    with pytest.raises(EvalError) as info:
        compile_expression("down(100)").evaluate({}, scope)
    assert str(info.value) == "error evaluating 'down(100)': RecursionError: more than 100 calls deep"
    assert compile_expression("down(5)").evaluate({}, scope) == 0


def test_recursion_through_a_parameter_is_bounded_too():
    apply = FunctionDef.compile("apply", ["f", "n"], {}, "f(f, n - 1) + f(f, n - 1)")
    scope = build_globals(functions={"apply": apply.bind})
    with pytest.raises(EvalError) as info:
        compile_expression("apply(apply, 1000)").evaluate({}, scope)
    assert info.value.kind in ("RecursionError", "TimeoutError")


@pytest.mark.parametrize("depth", [1000, 100_000])
def test_deep_nesting_is_a_syntax_error(depth):
    for source in ("[" * depth + "]" * depth, "-" * depth + "1", "(" * depth + "1" + ")" * depth,
                   "1" + "+1" * depth):
        with pytest.raises(ExprSyntaxError) as info:
            compile_expression(source)
        assert "too deeply nested" in info.value.message or "too many nested parentheses" in info.value.message \
            or "longer than 100000 characters" in info.value.message


def test_str_of_an_exponentially_shared_structure_is_bounded():
    source = "str(" + "[" * 30 + "0" + "]*10" * 30 + ")"
    with pytest.raises(EvalError) as info:
        evaluate(source)
    assert info.value.kind == "MemoryError"


def test_no_python_objects_leak_through_methods():
    getter = evaluate("d.get", d={"a": 1})
    assert evaluate("g('a')", g=getter) == 1
    with pytest.raises(ExprSyntaxError):
        compile_expression("g.__closure__")
