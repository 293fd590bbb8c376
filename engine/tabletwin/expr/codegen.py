"""Translate a checked expression into Python code.

An expression becomes a function ``f(L, G)``: ``L`` is the dict of local names, ``G`` the
global part of the scope (a :class:`~tabletwin.expr.scope.Globals`). How a free name is read
depends on what the caller knows about the local names:

- when the caller declares the local names of its place (``local_names``), each declared name
  the expression uses is read from ``L`` once on entry, and every other name is ``G['n']``;
  declared as :class:`ReadAtUse`, each use of a declared name is ``L['n']`` (for a dict that
  makes some names on first read, a tactic's ``let``: made only if reached, as before);
- otherwise each use is ``L['n'] if 'n' in L else G['n']``.

Names bound by a comprehension (and an own function's parameters and ``let`` names) stay
Python locals.

Two flavours come from one translator. The *fast* one uses Python's operators wherever their
result is the spec's or they fail loudly: ``L[4/2]`` raises in Python, so the fast code may use
Python's subscript. The *strict* one also routes subscripts and ``in`` through
:mod:`~tabletwin.expr.runtime`. An evaluation runs the fast code and, only when it raises a
``TypeError``, runs the strict code again: expressions have no side effects, so the second run
decides. Operators whose Python result would silently differ or could exhaust memory (``*``,
``**``, ``%`` on text, ``+`` on sequences, dict and set literals) go through the runtime in
both flavours, with inline fast paths for the common number cases.
"""

from __future__ import annotations

import ast
import warnings
from functools import partial

from . import builtins, runtime
from .checker import Parsed
from .errors import syntax_error
from .pyast import (CHEAP_FLAG, LOCALS, PREFETCHED, SAFE_INTEGER, SCOPE, SMALL_CONTAINER, cheap_to_compare,
                    count_nodes, helper_call, load)
from .recursion import Proof
from .translate_arithmetic import ArithmeticTranslation
from .translate_calls import CallTranslation
from .translate_comparisons import ComparisonTranslation
from .translate_containers import ContainerTranslation

__all__ = ["HELPERS", "ReadAtUse", "SelfCall", "Translator", "compile_python", "count_nodes", "normalize_number"]

HELPERS = {
    "__rt_add": runtime.add,
    "__rt_sub": runtime.subtract,
    "__rt_big": runtime.big_integer,
    "__rt_merge": runtime.merged,
    "__rt_fast_contains": runtime.fast_contains,
    "__rt_fast_not_contains": runtime.fast_not_contains,
    "__rt_chain": runtime.chain,
    "__rt_CHEAP": runtime.CHEAP_COMPARISON,
    "__rt_dict": runtime.make_dict,
    "__rt_mul": runtime.mul,
    "__rt_pow": runtime.power,
    "__rt_mod": runtime.modulo,
    "__rt_dict_parts": runtime.dict_from_parts,
    "__rt_dict_pairs": runtime.dict_from_pairs,
    "__rt_set": runtime.make_set,
    "__rt_iterate": runtime.iterate,
    "__rt_iterate_range": builtins.iterate_range,
    "__rt_range_builtin": builtins.CHARGING_BUILTINS["range"],
    "__rt_range": range,
    "__rt_getitem": runtime.get_item,
    "__rt_slice": runtime.get_slice,
    "__rt_charge_copy": runtime.charge_copy,
    "__rt_contains": runtime.contains,
    "__rt_not_contains": runtime.not_contains,
    "__rt_method_value": runtime.method_value,
    "__rt_charge": runtime.charge,
    "__rt_build": runtime.build,
    "__rt_list": list,
    "__rt_missing_local": runtime.missing_local,
    "__rt_int": int,
    "__rt_KeyError": KeyError,
    "__rt_Exception": Exception,
    "__rt_ABSENT": runtime.ABSENT,
    "__rt_repr": repr,
    "__rt_partial": partial,
    "__rt_str_builtin": builtins.CHARGING_BUILTINS["str"],
    "__rt_sum_builtin": builtins.CHARGING_BUILTINS["sum"],
    "__rt_any_builtin": builtins.CHARGING_BUILTINS["any"],
    "__rt_all_builtin": builtins.CHARGING_BUILTINS["all"],
    "__rt_any": any,
    "__rt_all": all,
    "__rt_summed": builtins.summed,
    "__rt_SEQUENCE_CLASSES": frozenset({list, tuple}),
    "__rt_str": str,
    "__rt_tuple": tuple,
    "__rt_len": len,
    "__rt_dict_type": dict,
    "__builtins__": {},
}
HELPERS.update({f"__rt_m_{name}": fn for name, fn in runtime.METHOD_FUNCTIONS.items()})
HELPERS.update({f"__rt_plain_{name}": fn for name, fn in builtins.PLAIN_BUILTINS.items()})
HELPERS.update({f"__rt_cmp_{name}": fn for name, fn in runtime.COMPARISONS.items()})

def normalize_number(value):
    """One number type: integral decimals are integers, integers past 2**53 are decimals."""
    if value.__class__ is float:
        if value.is_integer() and -SAFE_INTEGER <= value <= SAFE_INTEGER:
            return int(value)
        return value
    return runtime.big_integer(value)


def compile_python(source: str, expression_source: str, namespace_name: str):
    """Compile generated Python source; deep nesting that Python refuses is a syntax error."""
    namespace = dict(HELPERS)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code = compile(source, "<expression>", "exec")
        exec(code, namespace)
    except (RecursionError, MemoryError, SyntaxError):
        raise syntax_error(expression_source, "too deeply nested", 0) from None
    return namespace[namespace_name]


class ReadAtUse(frozenset):
    """Declared local names read from ``L`` where they are used rather than on entry: for a dict
    that makes some of them on first read, and must hold every one (a missing one is a
    KeyError). Every other name is the scope's, read without asking ``L``."""

    __slots__ = ()


class _ReadPrefetched(ast.NodeTransformer):
    """Each of the given prefetched reads (Translator.prefetched_read) made its local alone."""

    def __init__(self, reads: set[int]):
        self.reads = reads

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        if id(node) in self.reads:
            return node.body
        return self.generic_visit(node)


class SelfCall:
    """How an own function's body calls itself (``fib(n - 1)`` in ``fib``) where it calls
    nothing else: straight to its inner function, ``inner(depth + 1, *arguments)``, which
    checks and counts the depth with that argument instead of the scope's counter.

    The caller makes sure the name is the function itself (see functions._self_recursive).
    ``least_arguments`` and ``most_arguments`` bound the calls taken this way (others go by
    the scope and fail as Python's call would).
    """

    def __init__(self, name: str, inner: str, depth: str | None, least_arguments: int, most_arguments: int,
                 proof: "Proof | None" = None):
        self.name, self.inner, self.depth = name, inner, depth
        self.least_arguments, self.most_arguments = least_arguments, most_arguments
        self.proof = proof
        """What the checker proved (recursion.Proof), for the inner function that runs only when
        the outer call found the small-integer parameters to be small integers."""
        self.plain_builtins: set[str] = set()
        """Builtins that call nothing (``len``) called by name: called straight, the caller
        making sure the names are these builtins."""

    def call(self, arguments: list[ast.expr]) -> ast.expr:
        if self.depth is None:  # the depth is bounded already (recursion.Proof.measure)
            return ast.Call(load(self.inner), arguments, [])
        deeper = ast.BinOp(load(self.depth), ast.Add(), ast.Constant(1))
        return ast.Call(load(self.inner), [deeper, *arguments], [])


class Translator(ArithmeticTranslation, ComparisonTranslation, CallTranslation, ContainerTranslation,
                 ast.NodeVisitor):
    """Checked AST to the Python AST of one flavour (see the module docstring).

    This class holds the translation's state and its names, constants, subscripts and plain
    literals; each other concern is a module of its own: arithmetic
    (:mod:`.translate_arithmetic`), comparisons and ``in`` (:mod:`.translate_comparisons`),
    calls (:mod:`.translate_calls`), dict literals and comprehensions
    (:mod:`.translate_containers`)."""

    def __init__(self, parsed: Parsed, strict: bool, local_names: frozenset[str] | None,
                 bound: set[str] | None = None, temporary_prefix: str = "__t",
                 self_call: "SelfCall | None" = None):
        self.parsed = parsed
        self.self_call = self_call
        self.strict = strict
        self.local_names = local_names
        self.bound: list[set[str]] = [set(bound)] if bound else []
        self.literal_bound: list[bool] = [False] * len(self.bound)  # a level's names run over a literal
        self.hoisted: set[str] = set()
        self.prefetched: set[str] = set()
        self.flagged: dict[str, str] = {}  # names that comparisons test once, and their locals (cheap_flag)
        self._outer_bound = bool(bound)  # bound[0]: an own function's parameters and lets
        self._prefetched_reads: set[int] = set()  # the reads prefetched_read made (their ids)
        self._temporaries = 0
        self._temporary_prefix = temporary_prefix
        self._in_iterable = 0  # Python forbids := inside a comprehension's iterable
        self._in_comprehension = 0  # there := makes a closure cell of its name: slower
        self._repeated = 0  # inside a comprehension but its first iterable: evaluated at every step
        self.reads_free_names = False  # a name outside the bound ones (the scope's, or local)
        self.calls_values = False  # a call of anything but a method: it may run an own function
        self.proof = self_call.proof if self_call is not None else None

    def generic_visit(self, node):  # the checker let through only the kinds handled here
        raise AssertionError(f"untranslated node {type(node).__name__}")

    def is_bound(self, identifier: str) -> bool:
        return any(identifier in names for names in self.bound)

    def is_literal_name(self, node: ast.expr) -> bool:
        """A comprehension variable running over a literal of constants (``for s in ['s', 'h']``):
        always one of those constants."""
        if not isinstance(node, ast.Name):
            return False
        for names, literal in zip(reversed(self.bound), reversed(self.literal_bound)):
            if node.id in names:
                return literal
        return False

    def temporary(self) -> str:
        self._temporaries += 1
        return f"{self._temporary_prefix}{self._temporaries}"

    def visit_Name(self, node: ast.Name) -> ast.expr:
        name = node.id
        if self.is_bound(name):
            return load(name)
        self.reads_free_names = True
        global_read = ast.Subscript(load(SCOPE), ast.Constant(name), ast.Load())
        if self.local_names is not None:
            if name in self.local_names:
                if self.local_names.__class__ is ReadAtUse:
                    return ast.Subscript(load(LOCALS), ast.Constant(name), ast.Load())
                self.hoisted.add(name)
                return load(name)
            if self._repeated and not self.strict:
                return self.prefetched_read(name, global_read)
            return global_read
        read = ast.IfExp(
            test=ast.Compare(ast.Constant(name), [ast.In()], [load(LOCALS)]),
            body=ast.Subscript(load(LOCALS), ast.Constant(name), ast.Load()),
            orelse=global_read,
        )
        if self._repeated and not self.strict:
            return self.prefetched_read(name, read)
        return read

    def prefetched_read(self, name: str, global_read: ast.expr) -> ast.expr:
        """A scope name read in a comprehension, where it may be read at every step: taken from
        the scope's dict once on entry (prefetch_lines), without computing anything or failing;
        only a name the dict does not hold (a derived value, a missing name) is read at the step
        as any other, so it is computed, charged or refused exactly when it would be. Nothing
        changes the scope's dict during an evaluation."""
        self.prefetched.add(name)
        kept = PREFETCHED + name
        read = ast.IfExp(ast.Compare(load(kept), [ast.IsNot()], [load("__rt_ABSENT")]), load(kept), global_read)
        self._prefetched_reads.add(id(read))
        return read

    def return_lines(self, tree: ast.expr, indent: str) -> list[str]:
        """``return`` of the translated ``tree``. When it reads prefetched names, first the same
        code reading them from their locals alone, taken when the scope's dict holds every one
        of them (each read would find its local then): no test at each step."""
        body = ast.unparse(tree)
        if not self._prefetched_reads:
            return [f"{indent}return {body}"]
        _ReadPrefetched(self._prefetched_reads).visit(tree)  # in place: body is written already
        present = " and ".join(f"{PREFETCHED}{name} is not __rt_ABSENT" for name in sorted(self.prefetched))
        return [f"{indent}if {present}:", f"{indent}    return {ast.unparse(tree)}", f"{indent}return {body}"]

    def prefetch_lines(self, indent: str) -> list[str]:
        """The statements that take the names read in comprehensions from the scope's dict (from
        the local names first when the caller did not declare them)."""
        lines = []
        for name in sorted(self.prefetched):
            kept = PREFETCHED + name
            if self.local_names is not None:
                lines.append(f"{indent}{kept} = {SCOPE}.get({name!r}, __rt_ABSENT)")
            else:
                # A local name is taken only when the dict holds it: one it would make on first
                # read (a tactic's let) is made at the step that reads it, as without the prefetch.
                lines += [f"{indent}{kept} = {LOCALS}.get({name!r}, __rt_ABSENT)",
                          f"{indent}if {kept} is __rt_ABSENT and {name!r} not in {LOCALS}: "
                          f"{kept} = {SCOPE}.get({name!r}, __rt_ABSENT)"]
        for name, kept in sorted(self.flagged.items()):  # the test visit_Compare's guard makes, once
            test = ast.unparse(cheap_to_compare(load(kept), lambda: load(kept)))
            lines.append(f"{indent}{CHEAP_FLAG}{name} = {test}")
        return lines

    def visit_Constant(self, node: ast.Constant) -> ast.expr:
        if isinstance(node.value, str):
            return ast.Constant(self.parsed.text_value(node))
        return ast.Constant(normalize_number(node.value))

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        return ast.UnaryOp(node.op, self.visit(node.operand))

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        return ast.BoolOp(node.op, [self.visit(v) for v in node.values])

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        return ast.IfExp(self.visit(node.test), self.visit(node.body), self.visit(node.orelse))

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        value = self.visit(node.value)
        index = node.slice
        if isinstance(index, ast.Slice):  # a slice is a copy: charged in both flavours
            if not self.strict and not self._in_iterable:
                # Python's own slice (a decimal bound fails: the strict code decides); a long
                # copy is charged once made.
                part = self.temporary()
                made = ast.NamedExpr(ast.Name(part, ast.Store()), ast.Subscript(value, self.visit(index), ast.Load()))
                short = ast.Compare(ast.Call(load("__rt_len"), [made], []), [ast.Lt()], [ast.Constant(SMALL_CONTAINER)])
                return ast.IfExp(short, load(part), helper_call("__rt_charge_copy", load(SCOPE), load(part)))
            bounds = [self.visit(b) if b is not None else ast.Constant(None)
                      for b in (index.lower, index.upper, index.step)]
            return helper_call("__rt_slice", load(SCOPE), value, *bounds)
        if not self.strict:
            return ast.Subscript(value, self.visit(index), ast.Load())
        return helper_call("__rt_getitem", value, self.visit(index))

    def visit_Slice(self, node: ast.Slice) -> ast.expr:
        return ast.Slice(*(self.visit(b) if b is not None else None for b in (node.lower, node.upper, node.step)))

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        return helper_call("__rt_method_value", load(SCOPE), self.visit(node.value), ast.Constant(node.attr))

    def visit_List(self, node: ast.List) -> ast.expr:
        return ast.List([self.visit(e) for e in node.elts], ast.Load())

    def visit_Tuple(self, node: ast.Tuple) -> ast.expr:
        return ast.Tuple([self.visit(e) for e in node.elts], ast.Load())

    def visit_Set(self, node: ast.Set) -> ast.expr:
        return helper_call("__rt_set", ast.List([self.visit(e) for e in node.elts], ast.Load()))
