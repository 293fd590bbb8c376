"""Random text never raises anything but the language's own errors, and never hangs."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletwin.expr import EvalError, ExprSyntaxError, build_globals, compile_expression

TOKENS = [
    "x", "L", "d", "s", "len", "sum", "range", "sorted", "max", "min", "str", "int", "set", "dict", "list",
    "zip", "enumerate", "any", "all", "round", "abs", "float", "tuple", "bool", "log", "sqrt", "exp", "σ",
    "0", "1", "2", "-1", "2.5", "1e3", "0x1f", "10**", "'a'", '"b"', "r'\\n'", "'\\x41'", "True", "None",
    "+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", "<=", ">", ">=", "and", "or", "not", "in",
    "not in", "is", "is not", "if", "else", "for", "(", ")", "[", "]", "{", "}", ":", ",", ".get", ".items",
    ".keys", ".values", ".count", ".index", ".__class__", "_", "lambda", "=", ":=", ";", "#", "!", "@",
    "|", "&", "^", "~", "\n", " ", "...", "f'", "b'", "\\", "'''", "key=", "reverse=", "start=",
]

SCOPE = build_globals(variables={"x": 3, "L": [1, 2, 3], "d": {"a": 1, "2": [1]}, "s": "text"})


def check(source: str) -> None:
    try:
        compile_expression(source).evaluate({}, SCOPE)
    except (ExprSyntaxError, EvalError):
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_random_text(source):
    check(source)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=14).map(" ".join))
def test_random_token_soup(source):
    check(source)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=14).map("".join))
def test_random_glued_tokens(source):
    check(source)
