"""Arithmetic: ``+``, ``-``, ``*``, ``%`` and ``**`` with the language's exact integers, its
memory bound on texts and lists, and inline paths for the common number cases.

A part of :class:`~.codegen.Translator`, which holds the state these methods read (the names
bound, the flavour, whether the code is inside a comprehension or its iterable)."""

from __future__ import annotations

import ast

from .pyast import (
    INLINE_INTEGER,
    SAFE_INTEGER,
    SCOPE,
    SHORT_TEXT,
    helper_call,
    is_bounded_constant,
    is_integer_constant,
    is_number_literal,
    is_text_constant,
    load,
    within,
)


def is_decimal(node: ast.expr) -> bool:
    """A translated decimal literal (visit_Constant makes whole ones integers)."""
    return isinstance(node, ast.Constant) and node.value.__class__ is float


class ArithmeticTranslation:
    """Arithmetic (see the module docstring)."""

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        left, right = self.visit(node.left), self.visit(node.right)
        op = node.op
        if self.proof is not None:
            proven = self.proven_arithmetic(node, left, right)
            if proven is not None:
                return proven
        if isinstance(op, (ast.Add, ast.Sub, ast.Mult)) and (is_decimal(left) or is_decimal(right)):
            # ``0.05 * water``: a decimal with anything gives a decimal (never an integer to keep
            # exact) or fails in Python as in the language (a text or list is not repeated a
            # fractional number of times), so Python's operator is the language's.
            return ast.BinOp(left, op, right)
        stepped = self.integer_step(op, left, right)
        if stepped is not None:
            return stepped
        if isinstance(op, ast.Add):
            if is_text_constant(left) or is_text_constant(right):
                return self.text_join(left, right)
            if is_number_literal(node.left) or is_number_literal(node.right):
                return self.exact_integer(ast.BinOp(left, op, right), "__rt_add", left, right)
            return self.guarded_add(left, right)
        if isinstance(op, ast.Sub):
            number_result = is_number_literal(node.left) or is_number_literal(node.right)
            return self.exact_integer(ast.BinOp(left, op, right), "__rt_sub", left, right, number_result)
        if isinstance(op, ast.Mult):
            return self.guarded_multiply(left, right)
        if isinstance(op, ast.Pow):
            return helper_call("__rt_pow", left, right)
        if isinstance(op, ast.Mod) and not is_number_literal(node.left):
            return self.guarded_modulo(left, right)
        return ast.BinOp(left, op, right)

    def proven_arithmetic(self, node: ast.BinOp, left: ast.expr, right: ast.expr) -> ast.expr | None:
        """``n - 1``, ``fib(n - 1) + fib(n - 2)`` where the checker proved both sides numbers
        (recursion.Proof): a small integer with a small constant needs no check at all, other
        numbers only the exact range of an integer result (runtime.add, subtract and mul do
        nothing else with two numbers)."""
        proof = self.proof
        if not (isinstance(node.op, (ast.Add, ast.Sub, ast.Mult))
                and proof.is_number(node.left) and proof.is_number(node.right)):
            return None
        operation = ast.BinOp(left, node.op, right)
        if ((proof.is_small(node.left) and is_bounded_constant(node.right))
                or (proof.is_small(node.right) and is_bounded_constant(node.left))
                or (proof.is_small(node.left) and proof.is_small(node.right) and not isinstance(node.op, ast.Mult))):
            return operation
        if self._in_iterable:
            return helper_call("__rt_big", operation)
        result = self.temporary()
        stored = ast.NamedExpr(ast.Name(result, ast.Store()), operation)
        return ast.IfExp(within(stored, result), load(result), helper_call("__rt_big", load(result)))

    def exact_integer(self, operation: ast.BinOp, helper: str, left: ast.expr, right: ast.expr,
                      number_result: bool = False) -> ast.expr:
        """``a + 1``, ``a - b``: Python's operator, then an integer past 2**53 becomes a decimal.

        ``-S <= r <= S`` is false for text, lists and sets too (a TypeError for the latter,
        so the check asks for the integer class first).
        """
        if self._in_iterable:
            args = [load(SCOPE), left, right] if helper == "__rt_add" else [left, right]
            return helper_call(helper, *args)
        result = self.temporary()
        stored = ast.NamedExpr(ast.Name(result, ast.Store()), operation)
        if helper == "__rt_add" or number_result:  # a number literal is one operand: the result is a number
            exact = within(stored, result)
        else:
            exact = ast.BoolOp(ast.Or(), [
                ast.Compare(ast.Attribute(stored, "__class__", ast.Load()), [ast.IsNot()], [load("__rt_int")]),
                within(load(result), result),
            ])
        return ast.IfExp(exact, load(result), helper_call("__rt_big", load(result)))

    def guarded_add(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a + b`` inline when both are integers, else through the runtime (memory bound)."""
        if self._in_iterable:
            return helper_call("__rt_add", load(SCOPE), left, right)
        a, b, total = self.temporary(), self.temporary(), self.temporary()
        # a.__class__ is b.__class__ is int: the chain evaluates both operands, in order.
        test = ast.Compare(
            ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), left), "__class__", ast.Load()),
            [ast.Is(), ast.Is()],
            [ast.Attribute(ast.NamedExpr(ast.Name(b, ast.Store()), right), "__class__", ast.Load()), load("__rt_int")],
        )
        exact = within(ast.NamedExpr(ast.Name(total, ast.Store()), ast.BinOp(load(a), ast.Add(), load(b))), total)
        inline = ast.IfExp(exact, load(total), helper_call("__rt_big", load(total)))
        if self._in_comprehension:
            # There a join may run millions of times: every text made is charged by its size.
            return ast.IfExp(test, inline, helper_call("__rt_add", load(SCOPE), load(a), load(b)))
        # Outside a loop, two texts whose join is short: joined inline, uncharged (SHORT_TEXT).
        texts = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(load(a), "__class__", ast.Load()), [ast.Is(), ast.Is()],
                        [ast.Attribute(load(b), "__class__", ast.Load()), load("__rt_str")]),
            ast.Compare(ast.BinOp(ast.Call(load("__rt_len"), [load(a)], []), ast.Add(),
                                  ast.Call(load("__rt_len"), [load(b)], [])),
                        [ast.Lt()], [ast.Constant(SHORT_TEXT)])])
        joined = ast.IfExp(texts, ast.BinOp(load(a), ast.Add(), load(b)),
                           helper_call("__rt_add", load(SCOPE), load(a), load(b)))
        return ast.IfExp(test, inline, joined)

    def integer_step(self, op: ast.operator, left: ast.expr, right: ast.expr) -> ast.expr | None:
        """``i + 1``, ``n - 2``, ``v * 2`` on a name: when the name holds an integer in the range
        that keeps the result exact (known from the constant), Python's operator; otherwise the
        runtime, as for any operands. No temporaries: inside a comprehension they would be cells.
        """
        if self._in_iterable or not isinstance(op, (ast.Add, ast.Sub, ast.Mult)):
            return None
        if isinstance(left, ast.Name) and is_integer_constant(right):
            name, k, name_left = left.id, right.value, True
        elif isinstance(right, ast.Name) and is_integer_constant(left):
            name, k, name_left = right.id, left.value, False
        else:
            return None
        S = SAFE_INTEGER
        if isinstance(op, ast.Add):
            low, high, helper = -S - k, S - k, "__rt_add"
        elif isinstance(op, ast.Sub):
            low, high = (-S + k, S + k) if name_left else (k - S, k + S)
            helper = "__rt_sub"
        elif k != 0:
            low, high, helper = -(S // abs(k)), S // abs(k), "__rt_mul"
        else:
            return None
        # The one-digit part of the range first (INLINE_INTEGER), then the rest of it.
        narrow = ast.Compare(ast.Constant(max(low, -INLINE_INTEGER)), [ast.LtE(), ast.LtE()],
                             [load(name), ast.Constant(min(high, INLINE_INTEGER))])
        test = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(load(name), "__class__", ast.Load()), [ast.Is()], [load("__rt_int")]),
            ast.BoolOp(ast.Or(), [narrow, ast.Compare(ast.Constant(low), [ast.LtE(), ast.LtE()],
                                                      [load(name), ast.Constant(high)])])])
        args = [left, right] if helper == "__rt_sub" else [load(SCOPE), left, right]
        return ast.IfExp(test, ast.BinOp(left, op, right), helper_call(helper, *args))

    def text_join(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``'P' + x``, ``x + ' points'``: a text literal on one side, so only the other is in
        question; short joins outside comprehensions inline (see SHORT_TEXT)."""
        if self._in_iterable or self._in_comprehension:
            return helper_call("__rt_add", load(SCOPE), left, right)
        literal_left = is_text_constant(left)
        literal, other = (left, right) if literal_left else (right, left)
        kept = self.temporary()
        test = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(kept, ast.Store()), other), "__class__", ast.Load()),
                        [ast.Is()], [load("__rt_str")]),
            ast.Compare(ast.Call(load("__rt_len"), [load(kept)], []), [ast.Lt()],
                        [ast.Constant(SHORT_TEXT - len(literal.value))])])
        operands = [literal, load(kept)] if literal_left else [load(kept), literal]
        return ast.IfExp(test, ast.BinOp(operands[0], ast.Add(), operands[1]),
                         helper_call("__rt_add", load(SCOPE), *operands))

    def guarded_multiply(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a * b`` inline for integers with an exact result, else through the runtime."""
        if self._in_iterable:
            return helper_call("__rt_mul", load(SCOPE), left, right)
        if not self._in_comprehension and (is_text_constant(left) or is_text_constant(right)):
            repeated = self.short_repeat(left, right)
            if repeated is not None:
                return repeated
        if is_integer_constant(right) or is_integer_constant(left):
            # ``2 * x``, ``x * 2``: only the other operand's class is in question.
            constant, other = (right, left) if is_integer_constant(right) else (left, right)
            a, product = self.temporary(), self.temporary()
            operands = [load(a), constant] if constant is right else [constant, load(a)]
            if constant.value:
                # Within this bound the product is within INLINE_INTEGER: exact, with no check of
                # the product itself (beyond it, the runtime multiplies and checks).
                bound = INLINE_INTEGER // abs(constant.value)
                test = ast.BoolOp(ast.And(), [
                    ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), other), "__class__",
                                              ast.Load()), [ast.Is()], [load("__rt_int")]),
                    ast.Compare(ast.Constant(-bound), [ast.LtE(), ast.LtE()], [load(a), ast.Constant(bound)])])
                return ast.IfExp(test, ast.BinOp(operands[0], ast.Mult(), operands[1]),
                                 helper_call("__rt_mul", load(SCOPE), *operands))
            test = ast.BoolOp(ast.And(), [
                ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), other), "__class__", ast.Load()),
                            [ast.Is()], [load("__rt_int")]),
                within(ast.NamedExpr(ast.Name(product, ast.Store()), ast.BinOp(operands[0], ast.Mult(), operands[1])),
                        product)])
            return ast.IfExp(test, load(product), helper_call("__rt_mul", load(SCOPE), *operands))
        a, b, product = self.temporary(), self.temporary(), self.temporary()
        both_integers = ast.Compare(
            ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), left), "__class__", ast.Load()),
            [ast.Is(), ast.Is()],
            [ast.Attribute(ast.NamedExpr(ast.Name(b, ast.Store()), right), "__class__", ast.Load()),
             load("__rt_int")],
        )
        exact = within(ast.NamedExpr(ast.Name(product, ast.Store()), ast.BinOp(load(a), ast.Mult(), load(b))),
                        product)
        inline = ast.IfExp(exact, load(product), helper_call("__rt_mul", load(SCOPE), load(a), load(b)))
        return ast.IfExp(both_integers, inline, helper_call("__rt_mul", load(SCOPE), load(a), load(b)))

    def short_repeat(self, left: ast.expr, right: ast.expr) -> ast.expr | None:
        """``'-' * n`` outside comprehensions: inline and uncharged when the result is shorter
        than SHORT_TEXT (as a short join is), else through the runtime."""
        literal_left = is_text_constant(left)
        literal, other = (left, right) if literal_left else (right, left)
        if not literal.value:
            return None
        kept = self.temporary()
        test = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(kept, ast.Store()), other), "__class__", ast.Load()),
                        [ast.Is()], [load("__rt_int")]),
            ast.Compare(load(kept), [ast.Lt()], [ast.Constant(-(-SHORT_TEXT // len(literal.value)))])])
        operands = [literal, load(kept)] if literal_left else [load(kept), literal]
        return ast.IfExp(test, ast.BinOp(operands[0], ast.Mult(), operands[1]),
                         helper_call("__rt_mul", load(SCOPE), *operands))

    def guarded_modulo(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a % b`` inline unless ``a`` is text (no %-formatting in the language)."""
        if self._in_iterable:
            return helper_call("__rt_mod", left, right)
        if isinstance(left, ast.Name):  # a Python local, read again (no := cell in a comprehension)
            first, again = left, left
        else:
            a = self.temporary()
            first, again = ast.NamedExpr(ast.Name(a, ast.Store()), left), load(a)
        test = ast.Compare(ast.Attribute(first, "__class__", ast.Load()), [ast.IsNot()], [load("__rt_str")])
        return ast.IfExp(test, ast.BinOp(again, ast.Mod(), right), helper_call("__rt_mod", again, right))
