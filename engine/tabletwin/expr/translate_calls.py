"""Calls: methods, an own function calling itself, plain builtins, ``sum``, ``any`` and ``all`` of
a generator and ``str`` of an integer.

A part of :class:`~.codegen.Translator`, which holds the state these methods read (the names
bound, the flavour, whether the code is inside a comprehension or its iterable)."""

from __future__ import annotations

import ast

from . import builtins
from .pyast import INLINE_INTEGER, SCOPE, helper_call, load


class CallTranslation:
    """Calls (see the module docstring)."""

    def visit_Call(self, node: ast.Call) -> ast.expr:
        if isinstance(node.func, ast.Attribute):
            receiver = self.visit(node.func.value)
            return helper_call(f"__rt_m_{node.func.attr}", load(SCOPE), receiver, *[self.visit(a) for a in node.args])
        own = self.self_call
        if (own is not None and isinstance(node.func, ast.Name) and node.func.id == own.name
                and not self.is_bound(own.name) and not node.keywords
                and own.least_arguments <= len(node.args) <= own.most_arguments):
            return own.call([self.visit(a) for a in node.args])
        if (own is not None and isinstance(node.func, ast.Name) and node.func.id in builtins.PLAIN_BUILTINS
                and not self.is_bound(node.func.id) and not node.keywords):
            own.plain_builtins.add(node.func.id)
            return helper_call(f"__rt_plain_{node.func.id}", *[self.visit(a) for a in node.args])
        self.calls_values = True
        function = self.visit(node.func)
        if (isinstance(node.func, ast.Name) and node.func.id == "sum" and len(node.args) == 1 and not node.keywords
                and isinstance(node.args[0], ast.GeneratorExp) and len(node.args[0].generators) == 1
                and not (self.strict or self._in_iterable)):
            return self.summed_generator(function, node.args[0])
        if (isinstance(node.func, ast.Name) and node.func.id in ("any", "all") and len(node.args) == 1
                and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
                and not (self.strict or self._in_iterable)):
            return self.truth_of_generator(node.func.id, function, self.visit(node.args[0]))
        args = [self.visit(a) for a in node.args]
        keywords = [ast.keyword(k.arg, self.visit(k.value)) for k in node.keywords]
        if (isinstance(node.func, ast.Name) and node.func.id == "str" and len(args) == 1 and not keywords
                and not (self.strict or self._in_comprehension or self._in_iterable)):
            return self.short_str(function, args[0])
        return ast.Call(function, args, keywords)

    def summed_generator(self, function: ast.expr, node: ast.GeneratorExp) -> ast.expr:
        """``sum(c['value'] for c in table)``: when ``sum`` is the builtin and the iterable a list
        or tuple of at most builtins.SUM_CHUNK elements, a list comprehension summed by
        builtins.summed (a generator's steps cost a resumption each; the list's are inline).

        The same as before in every respect: the builtin takes a generator's elements that many
        at a time anyway, before it adds any of them; the iterable is charged as the generator's
        (room 0, by the comprehension's steps), once, and kept for the generator otherwise.
        """
        generator = self.visit(node)
        called, iterable = self.temporary(), self.temporary()
        charged = generator.generators[0].iter
        generator.generators[0].iter = load(iterable)
        both = ast.BinOp(
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(called, ast.Store()), function), "__class__", ast.Load()),
                        [ast.Is()], [load("__rt_partial")]),
            ast.BitAnd(),  # both sides evaluated, in order: the function, then the iterable
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(iterable, ast.Store()), charged), "__class__", ast.Load()),
                        [ast.In()], [load("__rt_SEQUENCE_CLASSES")]))
        test = ast.BoolOp(ast.And(), [
            both,
            ast.Compare(ast.Attribute(load(called), "func", ast.Load()), [ast.Is()], [load("__rt_sum_builtin")]),
            ast.Compare(ast.Call(load("__rt_len"), [load(iterable)], []), [ast.LtE()],
                        [ast.Constant(builtins.SUM_CHUNK)])])
        listed = helper_call("__rt_summed", ast.ListComp(generator.elt, generator.generators))
        return ast.IfExp(test, listed, ast.Call(load(called), [generator], []))

    def truth_of_generator(self, name: str, function: ast.expr, generator: ast.expr) -> ast.expr:
        """``any(... for ...)``, ``all(...)``: when the name is the builtin, Python's own on the
        generator, which is what the builtin does with one (its clauses charge its steps)."""
        called = self.temporary()
        is_builtin = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(called, ast.Store()), function), "__class__", ast.Load()),
                        [ast.Is()], [load("__rt_partial")]),
            ast.Compare(ast.Attribute(load(called), "func", ast.Load()), [ast.Is()], [load(f"__rt_{name}_builtin")])])
        return ast.IfExp(is_builtin, helper_call(f"__rt_{name}", generator), ast.Call(load(called), [generator], []))

    def short_str(self, function: ast.expr, argument: ast.expr) -> ast.expr:
        """``str(n)`` outside comprehensions: when ``str`` is the builtin and ``n`` an integer,
        Python writes it inline, uncharged (fewer than 64 characters, as a short join)."""
        called, value = self.temporary(), self.temporary()
        is_builtin = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(called, ast.Store()), function), "__class__", ast.Load()),
                        [ast.Is()], [load("__rt_partial")]),
            ast.Compare(ast.Attribute(load(called), "func", ast.Load()), [ast.Is()], [load("__rt_str_builtin")])])
        is_integer = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(value, ast.Store()), argument), "__class__", ast.Load()),
                        [ast.Is()], [load("__rt_int")]),
            ast.Compare(ast.Constant(-INLINE_INTEGER), [ast.LtE(), ast.LtE()],
                        [load(value), ast.Constant(INLINE_INTEGER)])])
        written = ast.IfExp(is_integer, helper_call("__rt_repr", load(value)),
                            ast.Call(load(called), [load(value)], []))
        return ast.IfExp(is_builtin, written, ast.Call(load(called), [argument], []))
