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
from functools import partial

from ..dictorder import index_key
from . import builtins, runtime
from .checker import Parsed
from .budget import LOOP_COST, NODE_COST
from .errors import syntax_error
from .recursion import OPERAND_BOUND, Proof

SAFE_INTEGER = runtime.SAFE_INTEGER

INLINE_INTEGER = 2**30 - 1
"""The inline range checks on integer results ask first whether a result is within this bound:
CPython compares integers of one 30-bit digit on a quick path, bigger ones (such as
:data:`SAFE_INTEGER`, the language's own bound, asked second) on a slower one."""

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
    "__rt_ABSENT": runtime.ABSENT,
    "__rt_repr": repr,
    "__rt_partial": partial,
    "__rt_str_builtin": builtins.CHARGING_BUILTINS["str"],
    "__rt_sum_builtin": builtins.CHARGING_BUILTINS["sum"],
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

SHORT_TEXT = 64
"""Texts joined by ``+`` outside a comprehension into fewer characters than this are not
charged: making one costs less than charging it would, and how many are made is bounded by the
expression's nodes and the charged calls of own functions. Inside a comprehension every join is
charged by its size, so that the elements it holds stay within the allowance."""

CHEAP_TEXT = 64
"""A text shorter than this is compared inline, uncharged, like a number: comparing it with
anything reads at most its characters."""

SMALL_CONTAINER = 16
"""Containers shorter than this are searched by ``in`` inline, without charging the budget: the
search costs less than charging it would (the comprehension step around it is charged)."""


def count_nodes(node: ast.AST) -> int:
    """Expression nodes in ``node``: the work of evaluating it once, in :data:`~.budget.NODE_COST`."""
    return sum(1 for child in ast.walk(node) if isinstance(child, ast.expr))

_L = "__L"
_G = "__G"


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


def build_function(parsed: Parsed, strict: bool, local_names: frozenset[str] | None):
    """The Python function ``f(L, G)`` for ``parsed``."""
    translator = Translator(parsed, strict, local_names)
    try:
        tree = translator.visit(parsed.tree.body)
        first_iterable = _outer_iterable(tree)
        body = ast.unparse(tree)
    except RecursionError:
        raise syntax_error(parsed.source, "too deeply nested", 0) from None
    lines = [f"def __expr({_L}, {_G}):"]
    for name in sorted(translator.hoisted):  # one look-up each (a try costs nothing until it fails)
        lines += ["    try:", f"        {name} = {_L}[{name!r}]",
                  "    except __rt_KeyError:", f"        __rt_missing_local({name!r})"]
    lines += translator.prefetch_lines("    ")
    if first_iterable is not None:
        lines += _charged_iterable(*first_iterable)
    lines.append(f"    return {body}")
    return compile_python("\n".join(lines), parsed.source, "__expr")


_ITERABLE = "__i"
_PREFETCHED = "__g_"


def _outer_iterable(tree: ast.expr) -> tuple[str, int, int] | None:
    """When the whole expression is a list, set or dict comprehension whose first iterable is
    charged by runtime.iterate (the first thing it evaluates): that iterable, its units and
    room, and the comprehension now reads it from a local, charged by statements before
    (_charged_iterable) instead of a call."""
    if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and tree.func.id in ("__rt_dict", "__rt_set"):
        tree = tree.args[0]
    if not isinstance(tree, (ast.ListComp, ast.DictComp)):
        return None
    first = tree.generators[0]
    call = first.iter
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "__rt_iterate"):
        return None
    _, iterable, units, room = call.args
    first.iter = _name(_ITERABLE)
    return ast.unparse(iterable), units.value, room.value


def _charged_iterable(iterable: str, units: int, room: int) -> list[str]:
    """runtime.iterate() for a list, inline; anything else through it."""
    lines = [f"    {_ITERABLE} = {iterable}",
             f"    if {_ITERABLE}.__class__ is __rt_list:"]
    if room:
        lines += [f"        {_G}.room -= __rt_len({_ITERABLE}) * {room}",
                  f"        if {_G}.room < 0: __rt_build({_G}, 0)"]
    lines += [f"        {_G}.steps -= __rt_len({_ITERABLE}) * {units}",
              f"        if {_G}.steps < 0: __rt_charge({_G}, 0)",
              "    else:",
              f"        {_ITERABLE} = __rt_iterate({_G}, {_ITERABLE}, {units}, {room})"]
    return lines


def _name(identifier: str) -> ast.Name:
    return ast.Name(identifier, ast.Load())


def _call(helper: str, *args: ast.expr) -> ast.Call:
    return ast.Call(_name(helper), list(args), [])


def _is_number_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and node.value.__class__ in (int, float)


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
            return ast.Call(_name(self.inner), arguments, [])
        deeper = ast.BinOp(_name(self.depth), ast.Add(), ast.Constant(1))
        return ast.Call(_name(self.inner), [deeper, *arguments], [])


class Translator(ast.NodeVisitor):
    """Checked AST to the Python AST of one flavour (see the module docstring)."""

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
            return _name(name)
        self.reads_free_names = True
        global_read = ast.Subscript(_name(_G), ast.Constant(name), ast.Load())
        if self.local_names is not None:
            if name in self.local_names:
                self.hoisted.add(name)
                return _name(name)
            if self._repeated and not self.strict:
                return self.prefetched_read(name, global_read)
            return global_read
        return ast.IfExp(
            test=ast.Compare(ast.Constant(name), [ast.In()], [_name(_L)]),
            body=ast.Subscript(_name(_L), ast.Constant(name), ast.Load()),
            orelse=global_read,
        )

    def prefetched_read(self, name: str, global_read: ast.expr) -> ast.expr:
        """A scope name read in a comprehension, where it may be read at every step: taken from
        the scope's dict once on entry (prefetch_lines), without computing anything or failing;
        only a name the dict does not hold (a derived value, a missing name) is read at the step
        as any other, so it is computed, charged or refused exactly when it would be. Nothing
        changes the scope's dict during an evaluation."""
        self.prefetched.add(name)
        kept = _PREFETCHED + name
        return ast.IfExp(ast.Compare(_name(kept), [ast.IsNot()], [_name("__rt_ABSENT")]), _name(kept), global_read)

    def prefetch_lines(self, indent: str) -> list[str]:
        """The statements that take the names read in comprehensions from the scope's dict."""
        return [f"{indent}{_PREFETCHED}{name} = {_G}.get({name!r}, __rt_ABSENT)" for name in sorted(self.prefetched)]

    def visit_Constant(self, node: ast.Constant) -> ast.expr:
        if isinstance(node.value, str):
            return ast.Constant(self.parsed.text_value(node))
        return ast.Constant(normalize_number(node.value))

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        left, right = self.visit(node.left), self.visit(node.right)
        op = node.op
        if self.proof is not None:
            proven = self.proven_arithmetic(node, left, right)
            if proven is not None:
                return proven
        stepped = self.integer_step(op, left, right)
        if stepped is not None:
            return stepped
        if isinstance(op, ast.Add):
            if _is_text_constant(left) or _is_text_constant(right):
                return self.text_join(left, right)
            if _is_number_literal(node.left) or _is_number_literal(node.right):
                return self.exact_integer(ast.BinOp(left, op, right), "__rt_add", left, right)
            return self.guarded_add(left, right)
        if isinstance(op, ast.Sub):
            number_result = _is_number_literal(node.left) or _is_number_literal(node.right)
            return self.exact_integer(ast.BinOp(left, op, right), "__rt_sub", left, right, number_result)
        if isinstance(op, ast.Mult):
            return self.guarded_multiply(left, right)
        if isinstance(op, ast.Pow):
            return _call("__rt_pow", left, right)
        if isinstance(op, ast.Mod) and not _is_number_literal(node.left):
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
        if ((proof.is_small(node.left) and _is_bounded_constant(node.right))
                or (proof.is_small(node.right) and _is_bounded_constant(node.left))
                or (proof.is_small(node.left) and proof.is_small(node.right) and not isinstance(node.op, ast.Mult))):
            return operation
        if self._in_iterable:
            return _call("__rt_big", operation)
        result = self.temporary()
        stored = ast.NamedExpr(ast.Name(result, ast.Store()), operation)
        return ast.IfExp(_within(stored, result), _name(result), _call("__rt_big", _name(result)))

    def exact_integer(self, operation: ast.BinOp, helper: str, left: ast.expr, right: ast.expr,
                      number_result: bool = False) -> ast.expr:
        """``a + 1``, ``a - b``: Python's operator, then an integer past 2**53 becomes a decimal.

        ``-S <= r <= S`` is false for text, lists and sets too (a TypeError for the latter,
        so the check asks for the integer class first).
        """
        if self._in_iterable:
            args = [_name(_G), left, right] if helper == "__rt_add" else [left, right]
            return _call(helper, *args)
        result = self.temporary()
        stored = ast.NamedExpr(ast.Name(result, ast.Store()), operation)
        if helper == "__rt_add" or number_result:  # a number literal is one operand: the result is a number
            exact = _within(stored, result)
        else:
            exact = ast.BoolOp(ast.Or(), [
                ast.Compare(ast.Attribute(stored, "__class__", ast.Load()), [ast.IsNot()], [_name("__rt_int")]),
                _within(_name(result), result),
            ])
        return ast.IfExp(exact, _name(result), _call("__rt_big", _name(result)))

    def guarded_add(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a + b`` inline when both are integers, else through the runtime (memory bound)."""
        if self._in_iterable:
            return _call("__rt_add", _name(_G), left, right)
        a, b, total = self.temporary(), self.temporary(), self.temporary()
        # a.__class__ is b.__class__ is int: the chain evaluates both operands, in order.
        test = ast.Compare(
            ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), left), "__class__", ast.Load()),
            [ast.Is(), ast.Is()],
            [ast.Attribute(ast.NamedExpr(ast.Name(b, ast.Store()), right), "__class__", ast.Load()), _name("__rt_int")],
        )
        exact = _within(ast.NamedExpr(ast.Name(total, ast.Store()), ast.BinOp(_name(a), ast.Add(), _name(b))), total)
        inline = ast.IfExp(exact, _name(total), _call("__rt_big", _name(total)))
        if self._in_comprehension:
            # There a join may run millions of times: every text made is charged by its size.
            return ast.IfExp(test, inline, _call("__rt_add", _name(_G), _name(a), _name(b)))
        # Outside a loop, two texts whose join is short: joined inline, uncharged (SHORT_TEXT).
        texts = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(_name(a), "__class__", ast.Load()), [ast.Is(), ast.Is()],
                        [ast.Attribute(_name(b), "__class__", ast.Load()), _name("__rt_str")]),
            ast.Compare(ast.BinOp(ast.Call(_name("__rt_len"), [_name(a)], []), ast.Add(),
                                  ast.Call(_name("__rt_len"), [_name(b)], [])),
                        [ast.Lt()], [ast.Constant(SHORT_TEXT)])])
        joined = ast.IfExp(texts, ast.BinOp(_name(a), ast.Add(), _name(b)),
                           _call("__rt_add", _name(_G), _name(a), _name(b)))
        return ast.IfExp(test, inline, joined)

    def integer_step(self, op: ast.operator, left: ast.expr, right: ast.expr) -> ast.expr | None:
        """``i + 1``, ``n - 2``, ``v * 2`` on a name: when the name holds an integer in the range
        that keeps the result exact (known from the constant), Python's operator; otherwise the
        runtime, as for any operands. No temporaries: inside a comprehension they would be cells.
        """
        if self._in_iterable or not isinstance(op, (ast.Add, ast.Sub, ast.Mult)):
            return None
        if isinstance(left, ast.Name) and _is_integer_constant(right):
            name, k, name_left = left.id, right.value, True
        elif isinstance(right, ast.Name) and _is_integer_constant(left):
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
                             [_name(name), ast.Constant(min(high, INLINE_INTEGER))])
        test = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(_name(name), "__class__", ast.Load()), [ast.Is()], [_name("__rt_int")]),
            ast.BoolOp(ast.Or(), [narrow, ast.Compare(ast.Constant(low), [ast.LtE(), ast.LtE()],
                                                      [_name(name), ast.Constant(high)])])])
        args = [left, right] if helper == "__rt_sub" else [_name(_G), left, right]
        return ast.IfExp(test, ast.BinOp(left, op, right), _call(helper, *args))

    def text_join(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``'P' + x``, ``x + ' points'``: a text literal on one side, so only the other is in
        question; short joins outside comprehensions inline (see SHORT_TEXT)."""
        if self._in_iterable or self._in_comprehension:
            return _call("__rt_add", _name(_G), left, right)
        literal_left = _is_text_constant(left)
        literal, other = (left, right) if literal_left else (right, left)
        kept = self.temporary()
        test = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(kept, ast.Store()), other), "__class__", ast.Load()),
                        [ast.Is()], [_name("__rt_str")]),
            ast.Compare(ast.Call(_name("__rt_len"), [_name(kept)], []), [ast.Lt()],
                        [ast.Constant(SHORT_TEXT - len(literal.value))])])
        operands = [literal, _name(kept)] if literal_left else [_name(kept), literal]
        return ast.IfExp(test, ast.BinOp(operands[0], ast.Add(), operands[1]),
                         _call("__rt_add", _name(_G), *operands))

    def guarded_multiply(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a * b`` inline for integers with an exact result, else through the runtime."""
        if self._in_iterable:
            return _call("__rt_mul", _name(_G), left, right)
        if not self._in_comprehension and (_is_text_constant(left) or _is_text_constant(right)):
            repeated = self.short_repeat(left, right)
            if repeated is not None:
                return repeated
        if _is_integer_constant(right) or _is_integer_constant(left):
            # ``2 * x``, ``x * 2``: only the other operand's class is in question.
            constant, other = (right, left) if _is_integer_constant(right) else (left, right)
            a, product = self.temporary(), self.temporary()
            operands = [_name(a), constant] if constant is right else [constant, _name(a)]
            if constant.value:
                # Within this bound the product is within INLINE_INTEGER: exact, with no check of
                # the product itself (beyond it, the runtime multiplies and checks).
                bound = INLINE_INTEGER // abs(constant.value)
                test = ast.BoolOp(ast.And(), [
                    ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), other), "__class__",
                                              ast.Load()), [ast.Is()], [_name("__rt_int")]),
                    ast.Compare(ast.Constant(-bound), [ast.LtE(), ast.LtE()], [_name(a), ast.Constant(bound)])])
                return ast.IfExp(test, ast.BinOp(operands[0], ast.Mult(), operands[1]),
                                 _call("__rt_mul", _name(_G), *operands))
            test = ast.BoolOp(ast.And(), [
                ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), other), "__class__", ast.Load()),
                            [ast.Is()], [_name("__rt_int")]),
                _within(ast.NamedExpr(ast.Name(product, ast.Store()), ast.BinOp(operands[0], ast.Mult(), operands[1])),
                        product)])
            return ast.IfExp(test, _name(product), _call("__rt_mul", _name(_G), *operands))
        a, b, product = self.temporary(), self.temporary(), self.temporary()
        both_integers = ast.Compare(
            ast.Attribute(ast.NamedExpr(ast.Name(a, ast.Store()), left), "__class__", ast.Load()),
            [ast.Is(), ast.Is()],
            [ast.Attribute(ast.NamedExpr(ast.Name(b, ast.Store()), right), "__class__", ast.Load()),
             _name("__rt_int")],
        )
        exact = _within(ast.NamedExpr(ast.Name(product, ast.Store()), ast.BinOp(_name(a), ast.Mult(), _name(b))),
                        product)
        inline = ast.IfExp(exact, _name(product), _call("__rt_mul", _name(_G), _name(a), _name(b)))
        return ast.IfExp(both_integers, inline, _call("__rt_mul", _name(_G), _name(a), _name(b)))

    def short_repeat(self, left: ast.expr, right: ast.expr) -> ast.expr | None:
        """``'-' * n`` outside comprehensions: inline and uncharged when the result is shorter
        than SHORT_TEXT (as a short join is), else through the runtime."""
        literal_left = _is_text_constant(left)
        literal, other = (left, right) if literal_left else (right, left)
        if not literal.value:
            return None
        kept = self.temporary()
        test = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(kept, ast.Store()), other), "__class__", ast.Load()),
                        [ast.Is()], [_name("__rt_int")]),
            ast.Compare(_name(kept), [ast.Lt()], [ast.Constant(-(-SHORT_TEXT // len(literal.value)))])])
        operands = [literal, _name(kept)] if literal_left else [_name(kept), literal]
        return ast.IfExp(test, ast.BinOp(operands[0], ast.Mult(), operands[1]),
                         _call("__rt_mul", _name(_G), *operands))

    def guarded_modulo(self, left: ast.expr, right: ast.expr) -> ast.expr:
        """``a % b`` inline unless ``a`` is text (no %-formatting in the language)."""
        if self._in_iterable:
            return _call("__rt_mod", left, right)
        if isinstance(left, ast.Name):  # a Python local, read again (no := cell in a comprehension)
            first, again = left, left
        else:
            a = self.temporary()
            first, again = ast.NamedExpr(ast.Name(a, ast.Store()), left), _name(a)
        test = ast.Compare(ast.Attribute(first, "__class__", ast.Load()), [ast.IsNot()], [_name("__rt_str")])
        return ast.IfExp(test, ast.BinOp(again, ast.Mod(), right), _call("__rt_mod", again, right))

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        return ast.UnaryOp(node.op, self.visit(node.operand))

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        return ast.BoolOp(node.op, [self.visit(v) for v in node.values])

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        return ast.IfExp(self.visit(node.test), self.visit(node.body), self.visit(node.orelse))

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        """Comparisons and ``in``: inline when they cannot be costly, else charged by size.

        ``==`` and ordering walk both values, ``in`` searches a list: with a constant on one
        side (``x == 0``, ``x in ('a', 'b')``) that is bounded by the expression itself, and
        with a number on the left it is one operation; everything else is charged through the
        runtime (:func:`~tabletwin.expr.runtime.compare_cost`).
        """
        operands = [node.left, *node.comparators]
        values = [self.visit(operand) for operand in operands]
        cheap = [_is_cheap_pair(op, operands[i], operands[i + 1])
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
            thunks = [ast.Lambda(_NO_ARGUMENTS, value) for value in values[1:]]
            return _call("__rt_chain", _name(_G), names, values[0], *thunks)
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
            pairs.append(self.pair(op, left, right_value, cheap[position], simple))
            left = _name(kept) if kept else None
        return pairs[0] if len(pairs) == 1 else ast.BoolOp(ast.And(), pairs)

    def pair(self, op: ast.cmpop, left: ast.expr, right: ast.expr, cheap: bool, simple: bool = False) -> ast.expr:
        if isinstance(op, (ast.In, ast.NotIn)):
            if self.strict:
                helper = "__rt_contains" if isinstance(op, ast.In) else "__rt_not_contains"
                return _call(helper, _name(_G), left, right)
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
            read = lambda: _name(first)  # noqa: E731
            stored = ast.NamedExpr(ast.Name(first, ast.Store()), left)
        # Integers first: most comparisons are of integers, and ``is`` is the cheapest test.
        # A short text compared with anything reads at most its own characters.
        test = ast.BoolOp(ast.Or(), [
            ast.Compare(ast.Attribute(stored, "__class__", ast.Load()), [ast.Is()], [_name("__rt_int")]),
            ast.Compare(ast.Attribute(read(), "__class__", ast.Load()), [ast.In()], [_name("__rt_CHEAP")]),
            ast.BoolOp(ast.And(), [
                ast.Compare(ast.Attribute(read(), "__class__", ast.Load()), [ast.Is()], [_name("__rt_str")]),
                ast.Compare(ast.Call(_name("__rt_len"), [read()], []), [ast.Lt()], [ast.Constant(CHEAP_TEXT)])])])
        return ast.IfExp(test, ast.Compare(read(), [op], [right]),
                         _call(f"__rt_cmp_{type(op).__name__}", _name(_G), read(), right))

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
            item_again, container_again = _name(first), _name(second)
        item_simple = ast.Compare(ast.Attribute(item_first, "__class__", ast.Load()), [ast.IsNot()],
                                  [_name("__rt_tuple")])
        is_dict = ast.Compare(ast.Attribute(container_first, "__class__", ast.Load()), [ast.Is()],
                              [_name("__rt_dict_type")])
        short = ast.Compare(ast.Call(_name("__rt_len"), [container_again], []), [ast.Lt()],
                            [ast.Constant(SMALL_CONTAINER)])
        # & and | evaluate both sides: the item, then the container, as Python's ``in`` does.
        test = ast.BinOp(item_simple, ast.BitAnd(), ast.BinOp(is_dict, ast.BitOr(), short))
        helper = "__rt_fast_contains" if isinstance(op, ast.In) else "__rt_fast_not_contains"
        return ast.IfExp(test, ast.Compare(item_again, [op], [container_again]),
                         _call(helper, _name(_G), item_again, container_again))

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        value = self.visit(node.value)
        index = node.slice
        if isinstance(index, ast.Slice):  # a slice is a copy: charged in both flavours
            if not self.strict and not self._in_iterable:
                # Python's own slice (a decimal bound fails: the strict code decides); a long
                # copy is charged once made.
                part = self.temporary()
                made = ast.NamedExpr(ast.Name(part, ast.Store()), ast.Subscript(value, self.visit(index), ast.Load()))
                short = ast.Compare(ast.Call(_name("__rt_len"), [made], []), [ast.Lt()], [ast.Constant(SMALL_CONTAINER)])
                return ast.IfExp(short, _name(part), _call("__rt_charge_copy", _name(_G), _name(part)))
            bounds = [self.visit(b) if b is not None else ast.Constant(None)
                      for b in (index.lower, index.upper, index.step)]
            return _call("__rt_slice", _name(_G), value, *bounds)
        if not self.strict:
            return ast.Subscript(value, self.visit(index), ast.Load())
        return _call("__rt_getitem", value, self.visit(index))

    def visit_Slice(self, node: ast.Slice) -> ast.expr:
        return ast.Slice(*(self.visit(b) if b is not None else None for b in (node.lower, node.upper, node.step)))

    def visit_Call(self, node: ast.Call) -> ast.expr:
        if isinstance(node.func, ast.Attribute):
            receiver = self.visit(node.func.value)
            return _call(f"__rt_m_{node.func.attr}", _name(_G), receiver, *[self.visit(a) for a in node.args])
        own = self.self_call
        if (own is not None and isinstance(node.func, ast.Name) and node.func.id == own.name
                and not self.is_bound(own.name) and not node.keywords
                and own.least_arguments <= len(node.args) <= own.most_arguments):
            return own.call([self.visit(a) for a in node.args])
        if (own is not None and isinstance(node.func, ast.Name) and node.func.id in builtins.PLAIN_BUILTINS
                and not self.is_bound(node.func.id) and not node.keywords):
            own.plain_builtins.add(node.func.id)
            return _call(f"__rt_plain_{node.func.id}", *[self.visit(a) for a in node.args])
        self.calls_values = True
        function = self.visit(node.func)
        if (isinstance(node.func, ast.Name) and node.func.id == "sum" and len(node.args) == 1 and not node.keywords
                and isinstance(node.args[0], ast.GeneratorExp) and len(node.args[0].generators) == 1
                and not (self.strict or self._in_iterable)):
            return self.summed_generator(function, node.args[0])
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
        generator.generators[0].iter = _name(iterable)
        both = ast.BinOp(
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(called, ast.Store()), function), "__class__", ast.Load()),
                        [ast.Is()], [_name("__rt_partial")]),
            ast.BitAnd(),  # both sides evaluated, in order: the function, then the iterable
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(iterable, ast.Store()), charged), "__class__", ast.Load()),
                        [ast.In()], [_name("__rt_SEQUENCE_CLASSES")]))
        test = ast.BoolOp(ast.And(), [
            both,
            ast.Compare(ast.Attribute(_name(called), "func", ast.Load()), [ast.Is()], [_name("__rt_sum_builtin")]),
            ast.Compare(ast.Call(_name("__rt_len"), [_name(iterable)], []), [ast.LtE()],
                        [ast.Constant(builtins.SUM_CHUNK)])])
        listed = _call("__rt_summed", ast.ListComp(generator.elt, generator.generators))
        return ast.IfExp(test, listed, ast.Call(_name(called), [generator], []))

    def short_str(self, function: ast.expr, argument: ast.expr) -> ast.expr:
        """``str(n)`` outside comprehensions: when ``str`` is the builtin and ``n`` an integer,
        Python writes it inline, uncharged (fewer than 64 characters, as a short join)."""
        called, value = self.temporary(), self.temporary()
        is_builtin = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(called, ast.Store()), function), "__class__", ast.Load()),
                        [ast.Is()], [_name("__rt_partial")]),
            ast.Compare(ast.Attribute(_name(called), "func", ast.Load()), [ast.Is()], [_name("__rt_str_builtin")])])
        is_integer = ast.BoolOp(ast.And(), [
            ast.Compare(ast.Attribute(ast.NamedExpr(ast.Name(value, ast.Store()), argument), "__class__", ast.Load()),
                        [ast.Is()], [_name("__rt_int")]),
            ast.Compare(ast.Constant(-INLINE_INTEGER), [ast.LtE(), ast.LtE()],
                        [_name(value), ast.Constant(INLINE_INTEGER)])])
        written = ast.IfExp(is_integer, _call("__rt_repr", _name(value)), ast.Call(_name(called), [_name(value)], []))
        return ast.IfExp(is_builtin, written, ast.Call(_name(called), [argument], []))

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        return _call("__rt_method_value", _name(_G), self.visit(node.value), ast.Constant(node.attr))

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
            return ast.Dict(keys, self.dict_values(node))
        if not self.strict:
            keys = [self.visit(k) if k is not None else None for k in node.keys]
            return _call("__rt_dict", ast.Dict(keys, self.dict_values(node)))
        parts = []
        for key, value in zip(node.keys, node.values):
            if key is None:
                merged = _call("__rt_merge", _name(_G), self.visit(value))
                parts.append(ast.Tuple([ast.Constant(False), merged, ast.Constant(None)], ast.Load()))
            else:
                parts.append(ast.Tuple([ast.Constant(True), self.visit(key), self.visit(value)], ast.Load()))
        return _call("__rt_dict_parts", ast.List(parts, ast.Load()))

    def dict_values(self, node: ast.Dict) -> list[ast.expr]:
        """The values of a dict literal; a ``**`` merge is a copy, charged by its size."""
        return [self.visit(v) if k is not None else self.merge(self.visit(v)) for k, v in zip(node.keys, node.values)]

    def merge(self, value: ast.expr) -> ast.expr:
        """``**d``: inline for a short dict (the usual ``{**unit, 'damage': 0}``), else charged."""
        if self.strict or self._in_iterable:
            return _call("__rt_merge", _name(_G), value)
        kept = self.temporary()
        short = ast.Compare(ast.Call(_name("__rt_len"), [ast.NamedExpr(ast.Name(kept, ast.Store()), value)], []),
                            [ast.Lt()], [ast.Constant(SMALL_CONTAINER)])
        return ast.IfExp(short, _name(kept), _call("__rt_merge", _name(_G), _name(kept)))

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
            _collect_targets(generator.target, names)
            self.bound.append(names)
            self.literal_bound.append(isinstance(generator.target, ast.Name)
                                      and isinstance(generator.iter, (ast.List, ast.Tuple, ast.Set))
                                      and _is_constant(generator.iter))
            ifs = [self.visit(c) for c in generator.ifs]
            result.append(ast.comprehension(_store(generator.target), iterable, ifs, 0))
        return result

    def iterable(self, node: ast.expr, units: ast.expr, room: ast.expr) -> ast.expr:
        """A clause's iterable, its steps charged (runtime.iterate); ``range(...)`` goes to
        builtins.iterate_range, which iterates Python's range instead of making the list."""
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
                and not node.keywords and 1 <= len(node.args) <= 3):
            self.calls_values = True
            function = self.visit(node.func)
            return _call("__rt_iterate_range", _name(_G), units, room, function, *[self.visit(a) for a in node.args])
        return _call("__rt_iterate", _name(_G), self.visit(node), units, room)

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
        return _call("__rt_set", self.scoped(node, lambda gens: ast.ListComp(self.visit(node.elt), gens)))

    def visit_DictComp(self, node: ast.DictComp) -> ast.expr:
        if not self.strict:
            return _call("__rt_dict", self.scoped(
                node, lambda gens: ast.DictComp(self.visit(node.key), self.visit(node.value), gens)))
        pairs = self.scoped(node, lambda gens: ast.ListComp(
            ast.Tuple([self.visit(node.key), self.visit(node.value)], ast.Load()), gens))
        return _call("__rt_dict_pairs", pairs)


_NO_ARGUMENTS = ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                              defaults=[])


def _within(first: ast.expr, name: str) -> ast.expr:
    """``first`` (which stores the integer ``name``) is within the language's exact range:
    checked on CPython's one-digit path first, on the slower one only past it."""
    return ast.BoolOp(ast.Or(), [
        ast.Compare(ast.Constant(-INLINE_INTEGER), [ast.LtE(), ast.LtE()], [first, ast.Constant(INLINE_INTEGER)]),
        ast.Compare(ast.Constant(-SAFE_INTEGER), [ast.LtE(), ast.LtE()], [_name(name), ast.Constant(SAFE_INTEGER)])])


def _is_text_constant(node: ast.expr) -> bool:
    """A text constant (translated)."""
    return isinstance(node, ast.Constant) and node.value.__class__ is str


def _is_bounded_constant(node: ast.expr) -> bool:
    """An integer literal (source) small enough to keep a small integer exact (recursion.OPERAND_BOUND)."""
    return isinstance(node, ast.Constant) and node.value.__class__ is int and abs(node.value) <= OPERAND_BOUND


def _is_integer_constant(node: ast.expr) -> bool:
    """An integer constant (translated: a number literal is already normalized)."""
    return isinstance(node, ast.Constant) and node.value.__class__ is int


def _is_constant(node: ast.expr) -> bool:
    """A constant, or a literal list, tuple or set of constants: its size is in the text."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(_is_constant(element) for element in node.elts)
    if isinstance(node, ast.Dict):
        return not node.keys
    return isinstance(node, ast.Constant)


def _is_cheap_pair(op: ast.cmpop, left: ast.expr, right: ast.expr) -> bool:
    """A comparison whose cost the expression's own text bounds (a constant on one side)."""
    if isinstance(op, (ast.Is, ast.IsNot)):
        return True
    if isinstance(op, (ast.In, ast.NotIn)):
        # Searching a literal container of constants (or a constant text) is bounded by the text.
        if isinstance(right, (ast.List, ast.Tuple, ast.Set)):
            return _is_constant(right)
        return _is_constant(right) and _is_constant(left)
    return _is_constant(left) or _is_constant(right)


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
