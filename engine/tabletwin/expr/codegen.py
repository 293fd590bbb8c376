"""Translate a checked expression into a Python function ``f(L, G)``.

``L`` is the dict of local names, ``G`` the global part of the scope (a
:class:`~tabletwin.expr.scope.Globals`). A free name ``n`` becomes
``L['n'] if 'n' in L else G['n']``; names bound by a comprehension stay Python locals.

Two flavours come from one translator. The *fast* one uses Python's operators wherever their
result is the spec's or they fail loudly: a subscript ``L[4/2]`` raises in Python, so the fast
code may use Python's subscript. The *strict* one also routes subscripts and ``in`` through
:mod:`~tabletwin.expr.runtime`. An evaluation runs the fast code and, only when it raises a
``TypeError``, runs the strict code again: expressions have no side effects, so the second run
decides. Operators whose Python result would silently differ (``*``, ``**``, ``%``, ``+`` on
sequences, dict and set literals) are routed through the runtime in both.
"""

from __future__ import annotations

import ast
import warnings

from . import runtime
from .checker import Parsed
from .errors import syntax_error

SAFE_INTEGER = runtime.SAFE_INTEGER

HELPERS = {
    "__rt_add": runtime.add,
    "__rt_mul": runtime.mul,
    "__rt_pow": runtime.power,
    "__rt_mod": runtime.modulo,
    "__rt_dict": runtime.make_dict,
    "__rt_dict_parts": runtime.dict_from_parts,
    "__rt_dict_pairs": runtime.dict_from_pairs,
    "__rt_set": runtime.make_set,
    "__rt_iterate": runtime.iterate,
    "__rt_getitem": runtime.get_item,
    "__rt_slice": runtime.get_slice,
    "__rt_contains": runtime.contains,
    "__rt_not_contains": runtime.not_contains,
    "__rt_method_value": runtime.method_value,
    "__builtins__": {},
}
HELPERS.update({f"__rt_m_{name}": fn for name, fn in runtime.METHOD_FUNCTIONS.items()})

_L = "__L"
_G = "__G"


def normalize_number(value):
    """One number type: integral decimals are integers, integers past 2**53 are decimals."""
    if value.__class__ is float:
        if value.is_integer() and -SAFE_INTEGER <= value <= SAFE_INTEGER:
            return int(value)
        return value
    if value.__class__ is int and not -SAFE_INTEGER <= value <= SAFE_INTEGER:
        return float(value)
    return value


def build_function(parsed: Parsed, strict: bool):
    """The Python function for ``parsed``; a compile failure (deep nesting) is a syntax error."""
    body = _Translator(parsed, strict).visit(parsed.tree.body)
    function = ast.FunctionDef(
        name="__expr",
        args=ast.arguments(posonlyargs=[], args=[ast.arg(_L), ast.arg(_G)], kwonlyargs=[],
                           kw_defaults=[], defaults=[]),
        body=[ast.Return(body)],
        decorator_list=[],
    )
    module = ast.fix_missing_locations(ast.Module(body=[function], type_ignores=[]))
    namespace = dict(HELPERS)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code = compile(module, "<expression>", "exec")
        exec(code, namespace)
    except (RecursionError, MemoryError, SyntaxError):
        raise syntax_error(parsed.source, "too deeply nested", 0) from None
    return namespace["__expr"]


def _name(identifier: str) -> ast.Name:
    return ast.Name(identifier, ast.Load())


def _call(helper: str, *args: ast.expr) -> ast.Call:
    return ast.Call(_name(helper), list(args), [])


def _is_number_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and node.value.__class__ in (int, float)


class _Translator(ast.NodeVisitor):
    def __init__(self, parsed: Parsed, strict: bool):
        self.parsed = parsed
        self.strict = strict
        self.bound: list[set[str]] = []

    def generic_visit(self, node):  # the checker let through only the kinds handled here
        raise AssertionError(f"untranslated node {type(node).__name__}")

    def is_bound(self, identifier: str) -> bool:
        return any(identifier in names for names in self.bound)

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if self.is_bound(node.id):
            return _name(node.id)
        key = ast.Constant(node.id)
        return ast.IfExp(
            test=ast.Compare(key, [ast.In()], [_name(_L)]),
            body=ast.Subscript(_name(_L), ast.Constant(node.id), ast.Load()),
            orelse=ast.Subscript(_name(_G), ast.Constant(node.id), ast.Load()),
        )

    def visit_Constant(self, node: ast.Constant) -> ast.expr:
        if isinstance(node.value, str):
            return ast.Constant(self.parsed.text_value(node))
        return ast.Constant(normalize_number(node.value))

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        left, right = self.visit(node.left), self.visit(node.right)
        op = node.op
        if isinstance(op, ast.Add):
            if _is_number_literal(node.left) or _is_number_literal(node.right):
                return ast.BinOp(left, op, right)
            return _call("__rt_add", _name(_G), left, right)
        if isinstance(op, ast.Mult):
            return _call("__rt_mul", _name(_G), left, right)
        if isinstance(op, ast.Pow):
            return _call("__rt_pow", left, right)
        if isinstance(op, ast.Mod) and not _is_number_literal(node.left):
            return _call("__rt_mod", left, right)
        return ast.BinOp(left, op, right)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        return ast.UnaryOp(node.op, self.visit(node.operand))

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        return ast.BoolOp(node.op, [self.visit(v) for v in node.values])

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        return ast.IfExp(self.visit(node.test), self.visit(node.body), self.visit(node.orelse))

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        left = self.visit(node.left)
        comparators = [self.visit(c) for c in node.comparators]
        if self.strict and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            helper = "__rt_contains" if isinstance(node.ops[0], ast.In) else "__rt_not_contains"
            return _call(helper, left, comparators[0])
        return ast.Compare(left, node.ops, comparators)

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        value = self.visit(node.value)
        index = node.slice
        if not self.strict:
            return ast.Subscript(value, self.visit(index), ast.Load())
        if isinstance(index, ast.Slice):
            bounds = [self.visit(b) if b is not None else ast.Constant(None)
                      for b in (index.lower, index.upper, index.step)]
            return _call("__rt_slice", value, *bounds)
        return _call("__rt_getitem", value, self.visit(index))

    def visit_Slice(self, node: ast.Slice) -> ast.expr:
        return ast.Slice(*(self.visit(b) if b is not None else None for b in (node.lower, node.upper, node.step)))

    def visit_Call(self, node: ast.Call) -> ast.expr:
        args = [self.visit(a) for a in node.args]
        if isinstance(node.func, ast.Attribute):
            return _call(f"__rt_m_{node.func.attr}", self.visit(node.func.value), *args)
        keywords = [ast.keyword(k.arg, self.visit(k.value)) for k in node.keywords]
        return ast.Call(self.visit(node.func), args, keywords)

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        return _call("__rt_method_value", self.visit(node.value), ast.Constant(node.attr))

    def visit_List(self, node: ast.List) -> ast.expr:
        return ast.List([self.visit(e) for e in node.elts], ast.Load())

    def visit_Tuple(self, node: ast.Tuple) -> ast.expr:
        return ast.Tuple([self.visit(e) for e in node.elts], ast.Load())

    def visit_Set(self, node: ast.Set) -> ast.expr:
        return _call("__rt_set", ast.List([self.visit(e) for e in node.elts], ast.Load()))

    def visit_Dict(self, node: ast.Dict) -> ast.expr:
        if not self.strict:
            keys = [self.visit(k) if k is not None else None for k in node.keys]
            return _call("__rt_dict", ast.Dict(keys, [self.visit(v) for v in node.values]))
        parts = []
        for key, value in zip(node.keys, node.values):
            if key is None:
                parts.append(ast.Tuple([ast.Constant(False), self.visit(value), ast.Constant(None)], ast.Load()))
            else:
                parts.append(ast.Tuple([ast.Constant(True), self.visit(key), self.visit(value)], ast.Load()))
        return _call("__rt_dict_parts", ast.List(parts, ast.Load()))

    def comprehension(self, generators: list[ast.comprehension]) -> list[ast.comprehension]:
        """Translate the clauses, binding each target after its own iterable (Python's order)."""
        result = []
        for generator in generators:
            iterable = _call("__rt_iterate", _name(_G), self.visit(generator.iter))
            names: set[str] = set()
            _collect_targets(generator.target, names)
            self.bound.append(names)
            ifs = [self.visit(c) for c in generator.ifs]
            result.append(ast.comprehension(_store(generator.target), iterable, ifs, 0))
        return result

    def scoped(self, node, build):
        depth = len(self.bound)
        try:
            generators = self.comprehension(node.generators)
            return build(generators)
        finally:
            del self.bound[depth:]

    def visit_ListComp(self, node: ast.ListComp) -> ast.expr:
        return self.scoped(node, lambda gens: ast.ListComp(self.visit(node.elt), gens))

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> ast.expr:
        return self.scoped(node, lambda gens: ast.GeneratorExp(self.visit(node.elt), gens))

    def visit_SetComp(self, node: ast.SetComp) -> ast.expr:
        return _call("__rt_set", self.scoped(node, lambda gens: ast.ListComp(self.visit(node.elt), gens)))

    def visit_DictComp(self, node: ast.DictComp) -> ast.expr:
        if not self.strict:
            return _call("__rt_dict", self.scoped(
                node, lambda gens: ast.DictComp(self.visit(node.key), self.visit(node.value), gens)))
        pairs = self.scoped(node, lambda gens: ast.ListComp(
            ast.Tuple([self.visit(node.key), self.visit(node.value)], ast.Load()), gens))
        return _call("__rt_dict_pairs", pairs)


def _collect_targets(target: ast.AST, names: set[str]) -> None:
    if isinstance(target, ast.Name):
        names.add(target.id)
    else:
        for element in target.elts:
            _collect_targets(element, names)


def _store(target: ast.AST) -> ast.AST:
    if isinstance(target, ast.Name):
        return ast.Name(target.id, ast.Store())
    return ast.Tuple([_store(e) for e in target.elts], ast.Store())
