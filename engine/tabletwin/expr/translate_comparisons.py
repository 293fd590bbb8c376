"""Comparisons and ``in``: inline when their cost is bounded by the expression's own text or by
a cheap test of the operands, else charged by size through the runtime.

A part of :class:`~.codegen.Translator`, which holds the state these methods read (the names
bound, the flavour, whether the code is inside a comprehension or its iterable)."""

from __future__ import annotations

import ast

from .pyast import (CHEAP_FLAG, NO_ARGUMENTS, PREFETCHED, SCOPE, SMALL_CONTAINER, cheap_to_compare, helper_call,
                    is_cheap_pair, load)


class ComparisonTranslation:
    """Comparisons and ``in`` (see the module docstring)."""

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        """Comparisons and ``in``: inline when they cannot be costly, else charged by size.

        ``==`` and ordering walk both values, ``in`` searches a list: with a constant on one
        side (``x == 0``, ``x in ('a', 'b')``) that is bounded by the expression itself, and
        with a number on the left it is one operation; everything else is charged through the
        runtime (:func:`~tabletwin.expr.runtime.compare_cost`).
        """
        operands = [node.left, *node.comparators]
        values = [self.visit(operand) for operand in operands]
        cheap = [is_cheap_pair(op, operands[i], operands[i + 1])
                 or (not isinstance(op, (ast.In, ast.NotIn))
                     and (self.is_literal_name(operands[i]) or self.is_literal_name(operands[i + 1])))
                 for i, op in enumerate(node.ops)]
        if self.proof is not None:
            # A small integer on the left is compared inline, uncharged, as the guard would find.
            cheap = [c or (self.proof.is_small(operands[i]) and not isinstance(op, (ast.In, ast.NotIn)))
                     for i, (c, op) in enumerate(zip(cheap, node.ops))]
        if all(cheap) and not (self.strict and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)):
            return ast.Compare(values[0], node.ops, values[1:])
        if self._in_iterable:  # no := here: operands after the first become thunks, still lazy
            names = ast.Tuple([ast.Constant(type(op).__name__) for op in node.ops], ast.Load())
            thunks = [ast.Lambda(NO_ARGUMENTS, value) for value in values[1:]]
            return helper_call("__rt_chain", load(SCOPE), names, values[0], *thunks)
        pairs = []
        left = values[0]
        for position, op in enumerate(node.ops):
            right = values[position + 1]
            if position < len(node.ops) - 1:  # the middle operand is evaluated once, kept for the next pair
                kept = self.temporary()
                right_value = ast.NamedExpr(ast.Name(kept, ast.Store()), right)
            else:
                kept, right_value = None, right
            # A Python local (a loop variable, a parameter) is read again rather than kept with
            # := inside a comprehension (where := makes a closure cell); anything else, even
            # c['suit'], costs more to read again than a cell does.
            simple = (kept is None and position == 0 and isinstance(values[0], ast.Name)
                      and (not isinstance(op, (ast.In, ast.NotIn)) or isinstance(values[1], ast.Name)))
            pair = self.pair(op, left, right_value, cheap[position], simple)
            flagged = None if cheap[position] else self.cheap_flag(op, operands[position], operands[position + 1])
            if flagged is not None:
                # A prefetched name is known to be in the scope's dict then: its local is read.
                name, on_left = flagged
                held = load(self.flagged[name])
                fast_left = held if on_left and position == 0 else left
                fast_right = held if not on_left and kept is None else right_value
                pair = ast.IfExp(load(CHEAP_FLAG + name), ast.Compare(fast_left, [op], [fast_right]), pair)
            pairs.append(pair)
            left = load(kept) if kept else None
        return pairs[0] if len(pairs) == 1 else ast.BoolOp(ast.And(), pairs)

    def cheap_flag(self, op: ast.cmpop, left: ast.expr, right: ast.expr) -> tuple[str, bool] | None:
        """In a comprehension, ``x == EMPTY`` with a name that holds one value for the whole
        loop: a scope name taken before it (prefetched_read), a declared local name read on
        entry, an own function's parameter or ``let``. Whether it holds a number or a short text
        is known before the loop, and then the comparison is as cheap as one with a constant
        (uncharged, inline). The name and whether it is on the left, or None."""
        if self.strict or not self._repeated or isinstance(op, (ast.In, ast.NotIn)):
            return None
        for operand, on_left in ((right, False), (left, True)):
            if not isinstance(operand, ast.Name):
                continue
            name = operand.id
            if name in self.prefetched and not self.is_bound(name):
                self.flagged[name] = PREFETCHED + name
                return name, on_left
            outer = self.bound[0] if self.bound and self._outer_bound else self.hoisted
            if name in outer and not any(name in names for names in self.bound[1 if self._outer_bound else 0:]):
                self.flagged[name] = name
                return name, on_left
        return None

    def pair(self, op: ast.cmpop, left: ast.expr, right: ast.expr, cheap: bool, simple: bool = False) -> ast.expr:
        if isinstance(op, (ast.In, ast.NotIn)):
            if self.strict:
                helper = "__rt_contains" if isinstance(op, ast.In) else "__rt_not_contains"
                return helper_call(helper, load(SCOPE), left, right)
            if cheap:
                return ast.Compare(left, [op], [right])
            return self.guarded_contains(op, left, right, simple and bool(self._in_comprehension))
        if cheap or isinstance(op, (ast.Is, ast.IsNot)):
            return ast.Compare(left, [op], [right])
        if simple and self._in_comprehension:
            # A local name read again costs less than the cell := would make.
            read = lambda: left  # noqa: E731 (the same node, unparsed twice)
            stored = left
        else:
            first = self.temporary()
            read = lambda: load(first)  # noqa: E731
            stored = ast.NamedExpr(ast.Name(first, ast.Store()), left)
        return ast.IfExp(cheap_to_compare(stored, read), ast.Compare(read(), [op], [right]),
                         helper_call(f"__rt_cmp_{type(op).__name__}", load(SCOPE), read(), right))

    def guarded_contains(self, op: ast.cmpop, item: ast.expr, container: ast.expr, reread: bool) -> ast.expr:
        """``x in c`` inline for a dict or a short container and an item that hashes at once.

        ``reread``: both are simple reads inside a comprehension, read again rather than kept
        with := (which would make closure cells there).
        """
        if reread:
            item_first, item_again, container_first, container_again = item, item, container, container
        else:
            first, second = self.temporary(), self.temporary()
            item_first = ast.NamedExpr(ast.Name(first, ast.Store()), item)
            container_first = ast.NamedExpr(ast.Name(second, ast.Store()), container)
            item_again, container_again = load(first), load(second)
        item_simple = ast.Compare(ast.Attribute(item_first, "__class__", ast.Load()), [ast.IsNot()],
                                  [load("__rt_tuple")])
        is_dict = ast.Compare(ast.Attribute(container_first, "__class__", ast.Load()), [ast.Is()],
                              [load("__rt_dict_type")])
        short = ast.Compare(ast.Call(load("__rt_len"), [container_again], []), [ast.Lt()],
                            [ast.Constant(SMALL_CONTAINER)])
        # & and | evaluate both sides: the item, then the container, as Python's ``in`` does.
        test = ast.BinOp(item_simple, ast.BitAnd(), ast.BinOp(is_dict, ast.BitOr(), short))
        helper = "__rt_fast_contains" if isinstance(op, ast.In) else "__rt_fast_not_contains"
        return ast.IfExp(test, ast.Compare(item_again, [op], [container_again]),
                         helper_call(helper, load(SCOPE), item_again, container_again))
