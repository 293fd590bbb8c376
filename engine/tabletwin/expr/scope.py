"""The global part of an expression's scope.

Names are looked up in this order (expressions.md §6): local names, then variables, zones,
derived values, ``modified``, own functions, board functions, the reserved names (``content``,
``players``, ``n_players``, ``eliminated``, ``results``), constants, builtins. Local names live
in the plain dict each evaluation gets; everything else is flattened into one
:class:`Globals` dict so a lookup is one dict access. Derived values are computed on use, so
they are not stored: their names are left out of the dict and :meth:`Globals.__missing__`
computes them.

A ``Globals`` also carries the bookkeeping of the evaluation running in it: its local names
(``frame``: derived values are computed with them), the work budget, the own-function call
depth and whether the strict code is running. In the scope of a game (``in_game``) the budget is
the game's, spent by all its evaluations and ops together (:mod:`tabletwin.game.work`), and an
evaluation does not start a fresh one.
"""

from __future__ import annotations

from typing import Callable, Mapping

from ..errors import TabletwinError
from .budget import DERIVED_COST, NODE_COST, out_of_work
from .builtins import bound_builtins

RESERVED_NAMES = ("content", "players", "n_players", "eliminated", "results")


class Globals(dict):
    """Global names of one game state (or of a bare evaluation), in lookup order."""

    __slots__ = ("lazy", "frame", "steps", "room", "strict", "calls", "in_game")

    def __init__(self):
        super().__init__()
        self.lazy: dict[str, Callable[["Globals"], object]] = {}  # provider(scope) of each derived value
        self.frame: dict | None = None
        self.steps = 0  # work units left (budget.WORK_LIMIT at the start of an evaluation)
        self.room = 0  # elements that may still be built (budget.MAX_ELEMENTS at the start)
        self.strict = False
        self.calls = 0
        self.in_game = False

    def __missing__(self, name: str):
        provider = self.lazy.get(name)
        if provider is None:
            raise NameError(f"name '{name}' is not defined")
        return provider(self)

    def __repr__(self) -> str:
        return f"<Globals {len(self)} names>"


def build_globals(
    *,
    variables: Mapping[str, object] | None = None,
    zones: Mapping[str, object] | None = None,
    derived: Mapping[str, Callable[[Globals], object]] | None = None,
    modified: Callable | None = None,
    functions: Mapping[str, object] | None = None,
    boards: Mapping[str, Callable] | None = None,
    reserved: Mapping[str, object] | None = None,
    constants: Mapping[str, object] | None = None,
) -> Globals:
    """A scope with the given layers; missing layers are empty.

    ``derived`` maps names to ``provider(globals)``; ``functions`` maps names to factories
    ``make(globals)`` that bind an own function to this scope (see
    :class:`~tabletwin.expr.functions.FunctionDef`).
    """
    scope = Globals()
    scope.update(bound_builtins(scope))
    if constants:
        scope.update(constants)
    if reserved:
        scope.update(reserved)
    if boards:
        scope.update(boards)
    if functions:
        scope.update({name: make(scope) for name, make in functions.items()})
    if modified is not None:
        scope["modified"] = modified
    if derived:
        for name, provider in derived.items():
            scope.pop(name, None)
            scope.lazy[name] = provider
    for layer in (zones, variables):
        if layer:
            for name in layer:
                scope.lazy.pop(name, None)
            scope.update(layer)
    return scope


def derived_provider(expression):
    """A ``derived`` entry for :func:`build_globals`: computed on use, with the user's local names.

    ``expression`` is an :class:`~tabletwin.expr.Expression` or anything with ``run(L, G)``
    (and ``compiled()`` giving the Expression). Each computation spends the running
    evaluation's budget: :data:`~tabletwin.expr.budget.DERIVED_COST` plus its nodes, so a chain
    of derived values that doubles at every link runs out of budget instead of running for ever.
    The provider is the compiled code itself with that bookkeeping in it (Expression.provider);
    a text that does not compile gets one that fails where it is used, as the engine must.
    """
    try:
        compiled = expression.compiled() if hasattr(expression, "compiled") else expression
    except TabletwinError:
        return _failing_provider(expression)
    return compiled.provider(expression.run, out_of_work, _NO_LOCALS, DERIVED_COST + NODE_COST * compiled.nodes)


def _failing_provider(expression):
    def provide(scope):
        expression.compiled()  # fails again, with the field's path
        return derived_provider(expression)(scope)

    return provide


_NO_LOCALS: dict = {}
