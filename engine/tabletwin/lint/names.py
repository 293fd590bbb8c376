"""Calls the engine would refuse: ``wrong-arity``.

The calls of builtins and own functions are checked against what they accept, each name resolved
as the editor's symbol index (:mod:`tabletwin.editor.symbols`) resolves it, with the local names
of its place (:mod:`tabletwin.editor.scope`). Names declared nowhere are :mod:`.undefined`'s.
"""

from __future__ import annotations

import ast

from ..checks import expression_fields
from ..editor.scope import scope_at
from ..editor.symbols import Index, parsed
from ..editor.text import scalar_start
from ..errors import Span
from ..expr import expression_text
from ..validate.walk import mapping, sequence
from .finding import lint

#: Positional arguments each builtin accepts: (least, most); ``None``: no upper bound.
BUILTIN_ARITY = {
    "len": (1, 1), "any": (1, 1), "all": (1, 1), "min": (1, None), "max": (1, None), "sum": (1, 2),
    "range": (1, 3), "abs": (1, 1), "round": (1, 2), "sorted": (1, 1), "list": (0, 1), "tuple": (0, 1),
    "set": (0, 1), "dict": (0, 1), "enumerate": (1, 2), "zip": (0, None), "int": (0, 2), "float": (0, 1),
    "str": (0, 1), "bool": (0, 1), "sigmoid": (1, 1), "σ": (1, 1), "exp": (1, 1), "sqrt": (1, 1), "log": (1, 2),
}


def arity_findings(index: Index, fields: list | None = None) -> list:
    """``wrong-arity``: a builtin or own function called with too few or too many arguments."""
    data = mapping(index.data)
    functions = {str(name): _function_arity(function) for name, function in mapping(data.get("functions")).items()}
    found = []
    for path, value in fields if fields is not None else expression_fields(data):
        text = expression_text(value)
        if "(" not in text:
            continue
        tree = parsed(text)
        if tree is None:
            continue
        calls = [node for node in ast.walk(tree.tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                 and (node.func.id in functions or node.func.id in BUILTIN_ARITY)]
        if not calls:
            continue
        local_names = scope_at("model", data, path, index).locals
        for node in calls:
            name = node.func.id
            if name in local_names:
                continue
            kind = index.resolve(name, local_names)
            if kind == "function":
                arity = functions[name]
            elif kind is None and name in BUILTIN_ARITY:
                arity = BUILTIN_ARITY[name]
            else:
                continue
            problem = _arity_problem(node, arity, kind == "function")
            if problem is None:
                continue
            what = "function" if kind == "function" else "builtin"
            span = _token_span(index, path, value, tree, node.func)
            found.append(lint("wrong-arity", f"{what} {name}() {problem}", span, path, name=name))
    return found


def _function_arity(function) -> tuple[int, int | None]:
    params = [p for p in sequence(mapping(function).get("params")) if isinstance(p, str)]
    return sum(1 for p in params if not p.endswith("?")), len(params)


def _arity_problem(node: ast.Call, arity: tuple[int, int | None], keywords_count: bool) -> str | None:
    if any(isinstance(arg, ast.Starred) for arg in node.args) or any(k.arg is None for k in node.keywords):
        return None  # *args or **kwargs: the number is only known when it runs
    given = len(node.args) + (len(node.keywords) if keywords_count else 0)
    least, most = arity
    if given < least:
        return f"needs {_count(least, most)}, given {given}"
    if most is not None and given > most:
        return f"takes {_count(least, most)}, given {given}"
    return None


def _count(least: int, most: int | None) -> str:
    if most is None:
        return f"at least {least} argument" + ("s" if least != 1 else "")
    if least == most:
        return f"{least} argument" + ("s" if least != 1 else "")
    return f"{least} to {most} arguments"


def _token_span(index: Index, path: tuple, value, tree, node) -> Span | None:
    """The span of ``node``'s characters when the scalar holds them one to one, else the value's."""
    span = index.positions.value_span(path)
    if span is None:
        return None
    start = scalar_start(index.lines, span, value) if isinstance(value, str) else None
    if start is None:
        return span
    return Span(span.line, start + tree.offset(node), span.line, start + tree.end_offset(node))
