"""Assembling a translated expression into the Python functions the engine calls.

The translation itself (:mod:`.codegen`) gives one Python expression; this module wraps it:

- :func:`build_function`: ``f(L, G)``, the plain fast or strict code of an expression;
- :func:`build_entry`: the fast code with an outermost evaluation's bookkeeping in the same
  function (``model.code.Code.evaluator``);
- :func:`build_provider`: the fast code as a derived value's ``provide(G)``
  (``scope.derived_provider``);

each one call cheaper than a wrapper around the plain function. :func:`body_lines` gives the
statements they share (local names read on entry, names taken before a comprehension's loop,
the first iterable charged inline by :func:`outer_iterable`, then the ``return``).
"""

from __future__ import annotations

import ast

from .budget import ELEMENT_COST
from .builtins import MAX_RANGE
from .checker import Parsed
from .codegen import Translator, compile_python
from .errors import syntax_error
from .pyast import LOCALS, SCOPE, load

__all__ = ["body_lines", "build_entry", "build_function", "build_provider", "outer_iterable"]


def build_function(parsed: Parsed, strict: bool, local_names: frozenset[str] | None):
    """The Python function ``f(L, G)`` for ``parsed``."""
    lines = [f"def __expr({LOCALS}, {SCOPE}):", *body_lines(parsed, strict, local_names, "    ")]
    return compile_python("\n".join(lines), parsed.source, "__expr")


def build_entry(parsed: Parsed, local_names: frozenset[str] | None, room: int, cost: int, limit: int):
    """``make(evaluate, spent)``: makes the fast code of ``parsed`` with, in the same function,
    what an outermost evaluation does around it (model.code.Code.__call__, which this saves a
    call of): it records the local names, gives the evaluation ``room`` elements, spends
    ``cost`` of a game's work or starts a budget of ``limit`` outside one (raising ``spent()``
    when the game's has run out), and hands any error to ``evaluate(L, G, error)``."""
    lines = [
        "def __make(__evaluate, __spent):",
        f"    def __entry({LOCALS}, {SCOPE}):",
        f"        {SCOPE}.frame = {LOCALS}",
        f"        {SCOPE}.room = {room}",
        f"        if {SCOPE}.in_game:",
        f"            __s = {SCOPE}.steps - {cost}",
        "            if __s < 0: raise __spent()",
        f"            {SCOPE}.steps = __s",
        "        else:",
        f"            {SCOPE}.steps = {limit}",
        "        try:",
        *body_lines(parsed, False, local_names, "            "),
        "        except __rt_Exception as __error:",
        f"            return __evaluate({LOCALS}, {SCOPE}, __error)",
        "    return __entry",
    ]
    return compile_python("\n".join(lines), parsed.source, "__make")


def build_provider(parsed: Parsed, local_names: frozenset[str] | None, cost: int):
    """``make(run, spent, no_locals)``: makes ``provide(G)``, a derived value computed on use
    (scope.derived_provider) in one function with its fast code: it spends ``cost`` (raising
    ``spent()`` past the budget), reads the running evaluation's local names (``no_locals`` when
    there are none) and, in the strict rerun, hands them to ``run(L, G)``."""
    lines = [
        "def __make(__run, __spent, __no_locals):",
        f"    def __provide({SCOPE}):",
        f"        {SCOPE}.steps -= {cost}",
        f"        if {SCOPE}.steps < 0: raise __spent()",
        f"        {LOCALS} = {SCOPE}.frame",
        f"        if {LOCALS} is None: {LOCALS} = __no_locals",
        f"        if {SCOPE}.strict: return __run({LOCALS}, {SCOPE})",
        *body_lines(parsed, False, local_names, "        "),
        "    return __provide",
    ]
    return compile_python("\n".join(lines), parsed.source, "__make")


def body_lines(parsed: Parsed, strict: bool, local_names: frozenset[str] | None, indent: str) -> list[str]:
    """The statements of ``f(L, G)`` for ``parsed``, indented by ``indent``."""
    translator = Translator(parsed, strict, local_names)
    try:
        tree = translator.visit(parsed.tree.body)
        charged_iterable = outer_iterable(tree, indent)
        returned = translator.return_lines(tree, indent)
    except RecursionError:
        raise syntax_error(parsed.source, "too deeply nested", 0) from None
    lines = []
    for name in sorted(translator.hoisted):  # one look-up each (a try costs nothing until it fails)
        lines += [f"{indent}try:", f"{indent}    {name} = {LOCALS}[{name!r}]",
                  f"{indent}except __rt_KeyError:", f"{indent}    __rt_missing_local({name!r})"]
    lines += translator.prefetch_lines(indent)
    if charged_iterable is not None:
        lines += charged_iterable
    lines += returned
    return lines


_ITERABLE = "__i"


def outer_iterable(tree: ast.expr, indent: str = "    ") -> list[str] | None:
    """When the whole expression is a list, set or dict comprehension whose first iterable is
    charged by runtime.iterate or builtins.iterate_range (the first thing it evaluates): the
    statements that charge it and keep it in a local, which the comprehension now reads,
    instead of a call."""
    if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id in ("__rt_dict", "__rt_set"):
        tree = tree.args[0]
    if not isinstance(tree, (ast.ListComp, ast.DictComp)):
        return None
    first = tree.generators[0]
    call = first.iter
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        return None
    if call.func.id == "__rt_iterate":
        _, iterable, units, room = call.args
        lines = _charged_iterable(ast.unparse(iterable), units.value, room.value, indent)
    elif call.func.id == "__rt_iterate_range" and len(call.args) == 5:
        _, units, room, function, count = call.args
        lines = _charged_range(ast.unparse(function), ast.unparse(count), units.value, room.value, indent)
    else:
        return None
    first.iter = load(_ITERABLE)
    return lines


def _charged_iterable(iterable: str, units: int, room: int, indent: str) -> list[str]:
    """runtime.iterate() for a list, inline; anything else through it."""
    lines = [f"{indent}{_ITERABLE} = {iterable}",
             f"{indent}if {_ITERABLE}.__class__ is __rt_list:"]
    if room:
        lines += [f"{indent}    {SCOPE}.room -= __rt_len({_ITERABLE}) * {room}",
                  f"{indent}    if {SCOPE}.room < 0: __rt_build({SCOPE}, 0)"]
    lines += [f"{indent}    {SCOPE}.steps -= __rt_len({_ITERABLE}) * {units}",
              f"{indent}    if {SCOPE}.steps < 0: __rt_charge({SCOPE}, 0)",
              f"{indent}else:",
              f"{indent}    {_ITERABLE} = __rt_iterate({SCOPE}, {_ITERABLE}, {units}, {room})"]
    return lines


def _charged_range(function: str, count: str, units: int, room: int, indent: str) -> list[str]:
    """builtins.iterate_range() of one argument, inline: when ``range`` is the builtin, the
    argument a count and the budget holds what iterate_range() would charge (the list
    ``range(n)`` makes, and every step), that charge and Python's range; otherwise
    iterate_range() itself, which charges in its own order and fails as it does."""
    elements, units = 1 + room, ELEMENT_COST + units
    return [f"{indent}__f = {function}",
            f"{indent}__n = {count}",
            f"{indent}if (__f.__class__ is __rt_partial and __f.func is __rt_range_builtin",
            f"{indent}        and __n.__class__ is __rt_int",
            f"{indent}        and 0 <= __n <= {MAX_RANGE} and {SCOPE}.room >= __n * {elements}",
            f"{indent}        and {SCOPE}.steps >= __n * {units}):",
            f"{indent}    {SCOPE}.room -= __n * {elements}",
            f"{indent}    {SCOPE}.steps -= __n * {units}",
            f"{indent}    {_ITERABLE} = __rt_range(__n)",
            f"{indent}else:",
            f"{indent}    {_ITERABLE} = __rt_iterate_range({SCOPE}, {units - ELEMENT_COST}, {room}, __f, __n)"]
