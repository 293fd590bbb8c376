"""Names the engine would not find: ``undefined-name``, ``undeclared-variable``, ``wrong-arity``.

The editor's symbol index (:mod:`tabletwin.editor.symbols`) already resolves every name of every
expression the way the engine does, with the local names of its place
(:mod:`tabletwin.editor.scope`); the names it could not resolve are in ``index.unknown``. This
module turns those into warnings, and checks the calls of builtins and own functions against
what they accept.
"""

from __future__ import annotations

import ast

from ..checks import expression_fields, kept
from ..editor.scope import scope_at
from ..editor.entries import moved
from ..editor.symbols import GLOBAL_ORDER, Index, parsed
from ..editor.text import scalar_start
from ..errors import Span
from ..expr import expression_text
from ..validate.walk import mapping, ops_of, sequence
from .finding import lint, suggestions, with_suggestions

#: Positional arguments each builtin accepts: (least, most); ``None``: no upper bound.
BUILTIN_ARITY = {
    "len": (1, 1), "any": (1, 1), "all": (1, 1), "min": (1, None), "max": (1, None), "sum": (1, 2),
    "range": (1, 3), "abs": (1, 1), "round": (1, 2), "sorted": (1, 1), "list": (0, 1), "tuple": (0, 1),
    "set": (0, 1), "dict": (0, 1), "enumerate": (1, 2), "zip": (0, None), "int": (0, 2), "float": (0, 1),
    "str": (0, 1), "bool": (0, 1), "sigmoid": (1, 1), "σ": (1, 1), "exp": (1, 1), "sqrt": (1, 1), "log": (1, 2),
}


#: Unknown names that get "did you mean" (each costs a comparison with every name in scope); a
#: text with more unknown names than this is not a typo, and the rest are reported without.
MAX_SUGGESTED = 500


def name_findings(index: Index) -> list:
    """``undefined-name`` for names in expressions, ``undeclared-variable`` for ``var`` paths."""
    found = []
    variables = index.names("var")
    content_names = None
    global_names = [name for (kind, name) in index.declared_keys() if kind in GLOBAL_ORDER]
    suggested_for: dict = {}  # the same unknown name with the same local names: the same suggestions
    chunks = list(index.unknown_chunks())
    # A loop's ``as`` that state.vars lacks is the validator's error already, at the ``as``.
    loop_variables = {site.name for unknown, _lines in chunks for site, _names in unknown
                      if site.kind == "var" and site.path[-1:] == ("as",)}
    # The sites of an entry an edit moved are read where they were made, moved by ``lines``: only
    # the span of a name reported is moved (most unknown names of a content item are not).
    for unknown, lines in chunks:
        for site, local_names in unknown:
            if site.name in loop_variables:
                continue
            kind = site.kind
            if kind == "name" and site.path[:1] == ("content",):
                if content_names is None:
                    content_names = _content_names(index)
                if site.name in content_names:
                    continue
            if kind == "name":
                key = (site.name, tuple(local_names))
                if key not in suggested_for:
                    suggested_for[key] = suggestions(site.name, [*local_names, *global_names]) \
                        if len(suggested_for) < MAX_SUGGESTED else []
                suggested = suggested_for[key]
                span = moved(site.span, lines) if lines else site.span
                found.append(kept.determined(("undefined-name", site.name, site.path, site.exact, tuple(suggested)),
                                             span, lambda: _undefined(site, span, suggested)))
            elif kind == "var" and site.path and site.path[-1] == "var":
                suggested = suggestions(site.name, variables)
                span = moved(site.span, lines) if lines else site.span
                found.append(kept.determined(("undeclared-variable", site.name, site.path, site.exact,
                                              tuple(suggested)), span, lambda: _undeclared(site, span, suggested)))
    return found


# A finding is determined by the site's name, path, exactness and suggestions, but for its span:
# the last run's while they are the same, the last one moved when a line added above moved the
# site (:func:`~tabletwin.checks.kept.determined`), whose diagnostic the editor moves too.

def _undefined(site, span: Span, suggested: list):
    message = with_suggestions(f"'{site.name}' is not defined here", suggested)
    return lint("undefined-name", message, span, site.path, name=site.name,
                suggestions=suggested, exact=site.exact)


def _undeclared(site, span: Span, suggested: list):
    message = with_suggestions(f"variable '{site.name}' is not declared in state.vars", suggested)
    return lint("undeclared-variable", message, span, site.path, name=site.name,
                suggestions=suggested, exact=site.exact)


def _content_names(index: Index) -> set:
    """Names a content item's rules may see from where they run: an ``exec`` effect sees the local
    names at the ``exec``, an ``active_x`` those of the trigger or modifier being checked."""
    data = mapping(index.data)
    names = {"event", "value"}
    for _op, path, _owner in ops_of(data, ("exec",)):
        names.update(scope_at("model", data, path + ("op",), index).locals)
    for found in index.event_locals.values():
        names.update(found)
    for found in index.modified_kwargs.values():
        names.update(found)
    return names


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
