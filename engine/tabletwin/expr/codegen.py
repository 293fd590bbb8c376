"""Translate a checked expression into Python code.

An expression becomes a function ``f(L, G)``: ``L`` is the dict of local names, ``G`` the
global part of the scope (a :class:`~tabletwin.expr.scope.Globals`). How a free name is read
depends on what the caller knows about the local names:

- when the caller declares the local names of its place (``local_names``), each declared name
  the expression uses is read from ``L`` once on entry, and every other name is ``G['n']``;
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

from ..dictorder import index_key
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
    "__rt_charge": runtime.charge,
    "__rt_missing_local": runtime.missing_local,
    "__rt_int": int,
    "__rt_str": str,
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


def build_function(parsed: Parsed, strict: bool, local_names: frozenset[str] | None):
    """The Python function ``f(L, G)`` for ``parsed``."""
    translator = Translator(parsed, strict, local_names)
    try:
        body = ast.unparse(translator.visit(parsed.tree.body))
    except RecursionError:
        raise syntax_error(parsed.source, "too deeply nested", 0) from None
    lines = [f"def __expr({_L}, {_G}):"]
    for name in sorted(translator.hoisted):
        lines.append(f"    {name} = {_L}[{name!r}] if {name!r} in {_L} else __rt_missing_local({name!r})")
    lines.append(f"    return {body}")
    return compile_python("\n".join(lines), parsed.source, "__expr")


def _name(identifier: str) -> ast.Name:
    return ast.Name(identifier, ast.Load())


def _call(helper: str, *args: ast.expr) -> ast.Call:
    return ast.Call(_name(helper), list(args), [])


def _is_number_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and node.value.__class__ in (int, float)


class Translator(ast.NodeVisitor):
    """Checked AST to the Python AST of one flavour (see the module docstring)."""

    def __init__(self, parsed: Parsed, strict: bool, local_names: frozenset[str] | None,
                 bound: set[str] | None = None, temporary_prefix: str = "__t"):
        self.parsed = parsed
        self.strict = strict
        self.local_names = local_names
        self.bound: list[set[str]] = [set(bound)] if bound else []
        self.hoisted: set[str] = set()
        self._temporaries = 0
        self._temporary_prefix = temporary_prefix
        self._in_iterable = 0  # Python forbids := inside a comprehension's iterable

    def generic_visit(self, node):  # the checker let through only the kinds handled here
        raise AssertionError(f"untranslated node {type(node).__name__}")

    def is_bound(self, identifier: str) -> bool:
        return any(identifier in names for names in self.bound)

    def temporary(self) -> str:
        self._temporaries += 1
        return f"{self._temporary_prefix}{self._temporaries}"

    def visit_Name(self, node: ast.Name) -> ast.expr:
        name = node.id
        if self.is_bound(name):
            return _name(name)
        global_read = ast.Subscript(_name(_G), ast.Constant(name), ast.Load())
        if self.local_names is not None:
            if name in self.local_names:
                self.hoisted.add(name)
                return _name(name)
            return global_read
        return ast.IfExp(
            test=ast.Compare(ast.Constant(name), [ast.In()], [_name(_L)]),
            body=ast.Subscript(_name(_L), ast.Constant(name), ast.Load()),
            orelse=global_read,
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
            return self.guarded_add(left, right)
        if isinstance(op, ast.Mult):
            return self.guarded_multiply(left, right)
        if isinstance(op, ast.Pow):
            return _call("__rt_pow", left, right)
        if isinstance(op, ast.Mod) and not _is_number_literal(node.left):
            return self.guarded_modulo(left, right)
        return ast.BinOp(left, op, right)

    def guarded_add(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a + b`` inline when both are integers, else through the runtime (memory bound)."""
        if self._in_iterable:
            return _call("__rt_add", _name(_G), left, right)
        a, b = self.temporary(), self.temporary()
        # a.__class__ is b.__class__ is int: the chain evaluates both operands, in order.
        test = ast.Compare(
            ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), left), "__class__", ast.Load()),
            [ast.Is(), ast.Is()],
            [ast.Attribute(ast.NamedExpr(ast.Name(b, ast.Store()), right), "__class__", ast.Load()), _name("__rt_int")],
        )
        return ast.IfExp(test, ast.BinOp(_name(a), ast.Add(), _name(b)),
                         _call("__rt_add", _name(_G), _name(a), _name(b)))

    def guarded_multiply(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a * b`` inline for integers with an exact result, else through the runtime."""
        if self._in_iterable:
            return _call("__rt_mul", _name(_G), left, right)
        a, b, product = self.temporary(), self.temporary(), self.temporary()
        both_integers = ast.Compare(
            ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), left), "__class__", ast.Load()),
            [ast.Is(), ast.Is()],
            [ast.Attribute(ast.NamedExpr(ast.Name(b, ast.Store()), right), "__class__", ast.Load()),
             _name("__rt_int")],
        )
        exact = ast.Compare(
            ast.Constant(-SAFE_INTEGER), [ast.LtE(), ast.LtE()],
            [ast.NamedExpr(ast.Name(product, ast.Store()), ast.BinOp(_name(a), ast.Mult(), _name(b))),
             ast.Constant(SAFE_INTEGER)],
        )
        inline = ast.IfExp(exact, _name(product), _call("__rt_mul", _name(_G), _name(a), _name(b)))
        return ast.IfExp(both_integers, inline, _call("__rt_mul", _name(_G), _name(a), _name(b)))

    def guarded_modulo(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a % b`` inline unless ``a`` is text (no %-formatting in the language)."""
        if self._in_iterable:
            return _call("__rt_mod", left, right)
        a = self.temporary()
        test = ast.Compare(
            ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), left), "__class__", ast.Load()),
            [ast.IsNot()], [_name("__rt_str")],
        )
        return ast.IfExp(test, ast.BinOp(_name(a), ast.Mod(), right), _call("__rt_mod", _name(a), right))

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

    def is_plain_key(self, node: ast.expr) -> bool:
        """A text constant key that keeps a dict literal in the language's order as written."""
        return (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and index_key(self.parsed.text_value(node)) is None)

    def visit_Dict(self, node: ast.Dict) -> ast.expr:
        if all(k is None or self.is_plain_key(k) for k in node.keys):
            # Merged dicts are already in order; plain text keys after them keep it.
            keys = [self.visit(k) if k is not None else None for k in node.keys]
            return ast.Dict(keys, [self.visit(v) for v in node.values])
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
            self._in_iterable += 1
            try:
                iterable = _call("__rt_iterate", _name(_G), self.visit(generator.iter))
            finally:
                self._in_iterable -= 1
            names: set[str] = set()
            _collect_targets(generator.target, names)
            self.bound.append(names)
            ifs = [self.visit(c) for c in generator.ifs]
            result.append(ast.comprehension(_store(generator.target), iterable, ifs, 0))
        return result

    def scoped(self, node, build):
        depth = len(self.bound)
        try:
            return build(self.comprehension(node.generators))
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
