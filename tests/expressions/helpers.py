"""Evaluate expressions the way the tests need them: a value, or the error it raises."""

from tabletwin.expr import build_globals, compile_expression, to_text


def evaluate(source, scope=None, local_names=None, **names):
    """The value of ``source`` with ``names`` as local names (a fresh builtin scope by default)."""
    scope = scope if scope is not None else build_globals()
    return compile_expression(source).evaluate(dict(names, **(local_names or {})), scope)


def text(source, **names):
    return to_text(evaluate(source, **names))
