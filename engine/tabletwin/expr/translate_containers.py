"""Dict literals and comprehensions: each clause's steps charged up front, names bound in
Python's order.

A part of :class:`~.codegen.Translator`, which holds the state these methods read (the names
bound, the flavour, whether the code is inside a comprehension or its iterable)."""

from __future__ import annotations

import ast

from ..dictorder import index_key
from .budget import LOOP_COST, NODE_COST
from .pyast import SCOPE, SMALL_CONTAINER, collect_targets, count_nodes, helper_call, is_constant, load, store_target


class ContainerTranslation:
    """Dict literals and comprehensions (see the module docstring)."""

    def is_plain_key(self, node: ast.expr) -> bool:
        """A text constant key that keeps a dict literal in the language's order as written."""
        return (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and index_key(self.parsed.text_value(node)) is None)

    def visit_Dict(self, node: ast.Dict) -> ast.expr:
        if all(k is None or self.is_plain_key(k) for k in node.keys):
            # Merged dicts are already in order; plain text keys after them keep it.
            keys = [self.visit(k) if k is not None else None for k in node.keys]
            return ast.Dict(keys, self.dict_values(node))
        if not self.strict:
            keys = [self.visit(k) if k is not None else None for k in node.keys]
            return helper_call("__rt_dict", ast.Dict(keys, self.dict_values(node)))
        parts = []
        for key, value in zip(node.keys, node.values):
            if key is None:
                merged = helper_call("__rt_merge", load(SCOPE), self.visit(value))
                parts.append(ast.Tuple([ast.Constant(False), merged, ast.Constant(None)], ast.Load()))
            else:
                parts.append(ast.Tuple([ast.Constant(True), self.visit(key), self.visit(value)], ast.Load()))
        return helper_call("__rt_dict_parts", ast.List(parts, ast.Load()))

    def dict_values(self, node: ast.Dict) -> list[ast.expr]:
        """The values of a dict literal; a ``**`` merge is a copy, charged by its size."""
        return [self.visit(v) if k is not None else self.merge(self.visit(v)) for k, v in zip(node.keys, node.values)]

    def merge(self, value: ast.expr) -> ast.expr:
        """``**d``: inline for a short dict (the usual ``{**unit, 'damage': 0}``), else charged."""
        if self.strict or self._in_iterable:
            return helper_call("__rt_merge", load(SCOPE), value)
        kept = self.temporary()
        short = ast.Compare(ast.Call(load("__rt_len"), [ast.NamedExpr(ast.Name(kept, ast.Store()), value)], []),
                            [ast.Lt()], [ast.Constant(SMALL_CONTAINER)])
        return ast.IfExp(short, load(kept), helper_call("__rt_merge", load(SCOPE), load(kept)))

    def comprehension(self, generators: list[ast.comprehension], element_nodes: int,
                      builds: bool) -> list[ast.comprehension]:
        """Translate the clauses, binding each target after its own iterable (Python's order).

        Each clause charges its steps up front: a step evaluates the element, the conditions
        and the later clauses' iterables (their nodes); the last clause of a comprehension that
        builds a list, set or dict also reserves room for what each step may add.
        """
        result = []
        later = [count_nodes(g.iter) for g in generators[1:]] + [0]
        conditions = [sum(count_nodes(c) for c in g.ifs) for g in generators]
        for position, generator in enumerate(generators):
            nodes = element_nodes + sum(conditions[position:]) + sum(later[position:])
            room = 1 + element_nodes // 2 if builds and position == len(generators) - 1 else 0
            self._in_iterable += 1
            try:
                iterable = self.iterable(generator.iter, ast.Constant(LOOP_COST + NODE_COST * nodes),
                                         ast.Constant(room))
            finally:
                self._in_iterable -= 1
            if position == 0:
                self._repeated += 1  # scoped() takes it back
            names: set[str] = set()
            collect_targets(generator.target, names)
            self.bound.append(names)
            self.literal_bound.append(isinstance(generator.target, ast.Name)
                                      and isinstance(generator.iter, (ast.List, ast.Tuple, ast.Set))
                                      and is_constant(generator.iter))
            ifs = [self.visit(c) for c in generator.ifs]
            result.append(ast.comprehension(store_target(generator.target), iterable, ifs, 0))
        return result

    def iterable(self, node: ast.expr, units: ast.expr, room: ast.expr) -> ast.expr:
        """A clause's iterable, its steps charged (runtime.iterate); ``range(...)`` goes to
        builtins.iterate_range, which iterates Python's range instead of making the list."""
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
                and not node.keywords and 1 <= len(node.args) <= 3):
            self.calls_values = True
            function = self.visit(node.func)
            arguments = [self.visit(a) for a in node.args]
            return helper_call("__rt_iterate_range", load(SCOPE), units, room, function, *arguments)
        return helper_call("__rt_iterate", load(SCOPE), self.visit(node), units, room)

    def scoped(self, node, build, builds: bool = True):
        depth = len(self.bound)
        self._in_comprehension += 1
        if isinstance(node, ast.DictComp):
            element_nodes = count_nodes(node.key) + count_nodes(node.value)
        else:
            element_nodes = count_nodes(node.elt)
        repeated = self._repeated
        try:
            return build(self.comprehension(node.generators, element_nodes, builds))
        finally:
            del self.bound[depth:]
            del self.literal_bound[depth:]
            self._in_comprehension -= 1
            self._repeated = repeated

    def visit_ListComp(self, node: ast.ListComp) -> ast.expr:
        return self.scoped(node, lambda gens: ast.ListComp(self.visit(node.elt), gens))

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> ast.expr:
        return self.scoped(node, lambda gens: ast.GeneratorExp(self.visit(node.elt), gens), builds=False)

    def visit_SetComp(self, node: ast.SetComp) -> ast.expr:
        return helper_call("__rt_set", self.scoped(node, lambda gens: ast.ListComp(self.visit(node.elt), gens)))

    def visit_DictComp(self, node: ast.DictComp) -> ast.expr:
        if not self.strict:
            return helper_call("__rt_dict", self.scoped(
                node, lambda gens: ast.DictComp(self.visit(node.key), self.visit(node.value), gens)))
        pairs = self.scoped(node, lambda gens: ast.ListComp(
            ast.Tuple([self.visit(node.key), self.visit(node.value)], ast.Load()), gens))
        return helper_call("__rt_dict_pairs", pairs)
