"""What the checker can prove about an own function that calls itself: which parameters stay
small integers, and whether it always gives a number.

``fib(n)``: ``n if n < 2 else fib(n - 1) + fib(n - 2)``. If the outer call finds ``n`` an
integer within :data:`ENTRY_BOUND`, every inner call gets ``n`` minus a constant, at most
:data:`~.functions.MAX_CALL_DEPTH` calls deep: ``n`` stays an integer within CPython's one-digit
range (``pyast.INLINE_INTEGER``) all the way down, so ``n - 1`` and ``n < 2`` need no guard.
And a result is ``n`` or a sum of results: always a number, so ``fib(n - 1) + fib(n - 2)`` only
needs the range check of an integer result, not the guard that either side may be text.

The proof is syntactic: a parameter is a *small integer* when every self-call passes, at its
position, a small-integer parameter (itself or another), that plus or minus an integer constant
of at most :data:`STEP_BOUND`, or an integer constant of at most :data:`ENTRY_BOUND` (and some
self-call changes it: one always passed on as it is gains nothing). Names
that comprehensions or ``let``s bind over a parameter make the whole proof void (a name would
not always be the parameter).

Two more facts spare the count of calls deep and most charges (``Proof.measure`` and
``Proof.calls_ahead``): ``n`` falls by at least one at every call and no call is made below 2,
so ``fib(n)`` nests at most ``n`` calls deep, which the outer call checks once; and nothing in
the body but the budget can end the run, so a call charges the two calls of its second branch
as it takes it, and a call of the first branch charges nothing.
"""

from __future__ import annotations

import ast

ENTRY_BOUND = 2**29
"""A small-integer parameter enters the proven path only within this bound (and so does a
constant passed in a self-call)."""

STEP_BOUND = 2**20
"""Largest constant a self-call may add to a small-integer parameter. Over at most 101 calls
a value moves at most 101 * 2**20 < 2**29 from where it entered: it stays below 2**30."""

OPERAND_BOUND = 2**22
"""A small integer (below 2**30) plus, minus or times an integer constant up to this stays
exact (below 2**53) without a check."""


class Proof:
    """The proven facts about one self-calling function; ``small`` empty means nothing proven."""

    def __init__(self, name: str, params: list[str], lets: list[tuple[str, ast.expr]], body: ast.expr):
        self.name = name
        self.params = params
        self.small: frozenset[str] = frozenset()
        self.numeric = False
        self._calls_numeric = True  # the induction's hypothesis, while it is being checked
        expressions = [expression for _, expression in lets] + [body]
        if {let_name for let_name, _ in lets} & set(params) or any(_rebinds(e, set(params)) for e in expressions):
            return
        calls = [node for e in expressions for node in ast.walk(e) if _is_self_call(node, name)]
        if any(len(call.args) != len(params) or call.keywords for call in calls):
            return
        # A parameter every self-call passes on as it is gains nothing from the proof, and
        # would make the outer call require a small integer of it (a list, say, never is one).
        small = {param for position, param in enumerate(params)
                 if not all(_is_name(call.args[position], param) for call in calls)}
        changed = True
        while changed:  # drop parameters some self-call passes something else to
            changed = False
            for position, param in enumerate(params):
                if param in small and not all(_stays_small(call.args[position], small) for call in calls):
                    small.discard(param)
                    changed = True
        self.small = frozenset(small)
        self.numeric = self.is_number(body)
        self._calls_numeric = self.numeric
        self.measure = None if lets else _measure(body, calls, params, self.small)
        """``(parameter, floor)`` when calls happen only while that parameter is at least
        ``floor`` and each passes it at least one less: then a call entered with it at ``v``
        nests at most ``v - floor + 2`` calls deep, which the outer call can check at once."""
        self.calls_ahead = None
        """With a measure, when nothing in the body can fail (numbers, small integers, self-calls
        and ``+ - *``) and every self-call of the second branch runs once that branch is taken: how
        many. Then a call may charge its self-calls when it takes the branch, before they run:
        charges come earlier, never more, and only the budget can end the run, so it ends with the
        same error when it does, and charges the same when it does not."""
        if self.measure is not None and self.numeric and self._cannot_fail(body.body) \
                and self._cannot_fail(body.orelse):
            self.calls_ahead = len(calls)

    def is_number(self, node: ast.expr) -> bool:
        """Whether ``node`` always gives a number (given that the function itself does, which
        holds by induction over the calls when its body does)."""
        if isinstance(node, ast.Constant):
            return node.value.__class__ in (int, float)
        if isinstance(node, ast.Name):
            return node.id in self.small
        if isinstance(node, ast.BinOp):
            return isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)) and self.is_number(node.left) \
                and self.is_number(node.right)
        if isinstance(node, ast.UnaryOp):
            return isinstance(node.op, (ast.USub, ast.UAdd)) and self.is_number(node.operand)
        if isinstance(node, ast.IfExp):
            return self.is_number(node.body) and self.is_number(node.orelse)
        return self._calls_numeric and _is_self_call(node, self.name)

    def _cannot_fail(self, node: ast.expr) -> bool:
        """Numbers made of constants, small integers, self-calls (whose arguments are small
        integers) and ``+ - *``, with no branch: nothing in it can fail, and all of it runs."""
        if isinstance(node, ast.BinOp):
            return isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)) and self._cannot_fail(node.left) \
                and self._cannot_fail(node.right)
        if isinstance(node, ast.UnaryOp):
            return isinstance(node.op, (ast.USub, ast.UAdd)) and self._cannot_fail(node.operand)
        return isinstance(node, (ast.Constant, ast.Name, ast.Call)) and self.is_number(node)

    def is_small(self, node: ast.expr) -> bool:
        """Whether ``node`` is a small-integer parameter."""
        return isinstance(node, ast.Name) and node.id in self.small


def _measure(body: ast.expr, calls: list[ast.Call], params: list[str], small: frozenset[str]):
    """``n`` and 2 in ``n if n < 2 else fib(n - 1) + fib(n - 2)``; see Proof.measure."""
    if not isinstance(body, ast.IfExp) or not calls:
        return None
    test = body.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if isinstance(left, ast.Name) and _is_int_constant(right, ENTRY_BOUND) and isinstance(op, (ast.Lt, ast.LtE)):
        name, floor = left.id, right.value + isinstance(op, ast.LtE)
    elif isinstance(right, ast.Name) and _is_int_constant(left, ENTRY_BOUND) and isinstance(op, (ast.Gt, ast.GtE)):
        name, floor = right.id, left.value + isinstance(op, ast.GtE)
    else:
        return None
    if name not in small:
        return None
    reached = {id(node) for node in ast.walk(body.orelse)}
    if not all(id(call) in reached for call in calls):  # no call in the test or the first branch
        return None
    position = params.index(name)
    for call in calls:
        argument = call.args[position]
        if not (isinstance(argument, ast.BinOp) and isinstance(argument.op, ast.Sub) and _is_name(argument.left, name)
                and _is_int_constant(argument.right, STEP_BOUND) and argument.right.value >= 1):
            return None
    return name, floor


def _is_self_call(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _stays_small(argument: ast.expr, small: set[str]) -> bool:
    if isinstance(argument, ast.Name):
        return argument.id in small
    if _is_int_constant(argument, ENTRY_BOUND):
        return True
    if isinstance(argument, ast.BinOp) and isinstance(argument.op, (ast.Add, ast.Sub)):
        left, right = argument.left, argument.right
        if isinstance(left, ast.Name) and left.id in small:
            return _is_int_constant(right, STEP_BOUND)
        if isinstance(right, ast.Name) and right.id in small and isinstance(argument.op, ast.Add):
            return _is_int_constant(left, STEP_BOUND)
    return False


def _is_int_constant(node: ast.expr, bound: int) -> bool:
    """A plain integer literal (not True or False) within ``bound``."""
    return isinstance(node, ast.Constant) and node.value.__class__ is int and abs(node.value) <= bound


def _rebinds(body: ast.expr, names: set[str]) -> bool:
    """Whether a comprehension in ``body`` binds one of ``names``."""
    for node in ast.walk(body):
        if isinstance(node, ast.comprehension):
            for target in ast.walk(node.target):
                if isinstance(target, ast.Name) and target.id in names:
                    return True
    return False
