"""The pieces the translation of an expression builds its Python AST from (:mod:`.codegen`):
the generated function's parameter names, the bounds its inline paths keep to, and small
builders and tests of AST nodes that every part of the translation uses."""

from __future__ import annotations

import ast

from . import runtime
from .recursion import OPERAND_BOUND

LOCALS = "__L"
"""The generated function's first parameter: the dict of local names."""

SCOPE = "__G"
"""The generated function's second parameter: the global part of the scope."""

SAFE_INTEGER = runtime.SAFE_INTEGER

INLINE_INTEGER = 2**30 - 1
"""The inline range checks on integer results ask first whether a result is within this bound:
CPython compares integers of one 30-bit digit on a quick path, bigger ones (such as
:data:`SAFE_INTEGER`, the language's own bound, asked second) on a slower one."""

SHORT_TEXT = 64
"""Texts joined by ``+`` outside a comprehension into fewer characters than this are not
charged: making one costs less than charging it would, and how many are made is bounded by the
expression's nodes and the charged calls of own functions. Inside a comprehension every join is
charged by its size, so that the elements it holds stay within the allowance."""

CHEAP_TEXT = 64
"""A text shorter than this is compared inline, uncharged, like a number: comparing it with
anything reads at most its characters."""

PREFETCHED = "__g_"
"""Prefix of the local that holds a scope name read before a comprehension's loop."""

CHEAP_FLAG = "__k_"
"""Prefix of the local that tells whether a prefetched name is cheap to compare with."""

SMALL_CONTAINER = 16
"""Containers shorter than this are searched by ``in`` inline, without charging the budget: the
search costs less than charging it would (the comprehension step around it is charged)."""

NO_ARGUMENTS = ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                             defaults=[])


def count_nodes(node: ast.AST) -> int:
    """Expression nodes in ``node``: the work of evaluating it once, in :data:`~.budget.NODE_COST`."""
    return sum(1 for child in ast.walk(node) if isinstance(child, ast.expr))


def load(identifier: str) -> ast.Name:
    """A read of the Python name ``identifier``."""
    return ast.Name(identifier, ast.Load())


def helper_call(helper: str, *args: ast.expr) -> ast.Call:
    """A call of ``helper`` (a name of :data:`.codegen.HELPERS`, or any Python name)."""
    return ast.Call(load(helper), list(args), [])


def within(first: ast.expr, name: str) -> ast.expr:
    """``first`` (which stores the integer ``name``) is within the language's exact range:
    checked on CPython's one-digit path first, on the slower one only past it."""
    return ast.BoolOp(ast.Or(), [
        ast.Compare(ast.Constant(-INLINE_INTEGER), [ast.LtE(), ast.LtE()], [first, ast.Constant(INLINE_INTEGER)]),
        ast.Compare(ast.Constant(-SAFE_INTEGER), [ast.LtE(), ast.LtE()], [load(name), ast.Constant(SAFE_INTEGER)])])


def is_number_literal(node: ast.expr) -> bool:
    """A number literal, signed or not (source)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and node.value.__class__ in (int, float)


def is_text_constant(node: ast.expr) -> bool:
    """A text constant (translated)."""
    return isinstance(node, ast.Constant) and node.value.__class__ is str


def is_bounded_constant(node: ast.expr) -> bool:
    """An integer literal (source) small enough to keep a small integer exact (recursion.OPERAND_BOUND)."""
    return isinstance(node, ast.Constant) and node.value.__class__ is int and abs(node.value) <= OPERAND_BOUND


def is_integer_constant(node: ast.expr) -> bool:
    """An integer constant (translated: a number literal is already normalized)."""
    return isinstance(node, ast.Constant) and node.value.__class__ is int


def is_constant(node: ast.expr) -> bool:
    """A constant, or a literal list, tuple or set of constants: its size is in the text."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(is_constant(element) for element in node.elts)
    if isinstance(node, ast.Dict):
        return not node.keys
    return isinstance(node, ast.Constant)


def cheap_to_compare(first: ast.expr, again) -> ast.expr:
    """Whether a value compares with anything in one operation: a number, a truth value,
    ``None`` or a text shorter than :data:`CHEAP_TEXT` (which reads at most its own characters).
    ``first`` reads the value (it may store it with ``:=``), ``again()`` reads it once more.
    Integers first, then texts: most comparisons are of one or the other, and ``is`` is cheaper
    than looking the class up in a set."""
    return ast.BoolOp(ast.Or(), [
        ast.Compare(ast.Attribute(first, "__class__", ast.Load()), [ast.Is()], [load("__rt_int")]),
        ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(again(), "__class__", ast.Load()), [ast.Is()], [load("__rt_str")]),
            ast.Compare(ast.Call(load("__rt_len"), [again()], []), [ast.Lt()], [ast.Constant(CHEAP_TEXT)])]),
        ast.Compare(ast.Attribute(again(), "__class__", ast.Load()), [ast.In()], [load("__rt_CHEAP")])])


def is_cheap_pair(op: ast.cmpop, left: ast.expr, right: ast.expr) -> bool:
    """A comparison whose cost the expression's own text bounds (a constant on one side)."""
    if isinstance(op, (ast.Is, ast.IsNot)):
        return True
    if isinstance(op, (ast.In, ast.NotIn)):
        # Searching a literal container of constants (or a constant text) is bounded by the text.
        if isinstance(right, (ast.List, ast.Tuple, ast.Set)):
            return is_constant(right)
        return is_constant(right) and is_constant(left)
    return is_constant(left) or is_constant(right)


def collect_targets(target: ast.AST, names: set[str]) -> None:
    """Add the names a comprehension's target binds to ``names``."""
    if isinstance(target, ast.Name):
        names.add(target.id)
    else:
        for element in target.elts:
            collect_targets(element, names)


def store_target(target: ast.AST) -> ast.AST:
    """A comprehension's target as the translation binds it."""
    if isinstance(target, ast.Name):
        return ast.Name(target.id, ast.Store())
    return ast.Tuple([store_target(e) for e in target.elts], ast.Store())
