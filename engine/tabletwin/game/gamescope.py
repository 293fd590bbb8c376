"""The scope of a game's expressions, built from a per-model plan.

:func:`~tabletwin.expr.build_globals` layers builtins, constants, reserved names, boards, own
functions, ``modified``, derived values, zones and variables into one dict, each later layer
shadowing the earlier ones. For one model, every game's scope has the same names in the same
order and the same owner for each name; only the values bound to the game differ (builtins that
charge the game's budget, own functions, ``modified``, the reserved lists, zones, variables,
the derived values' providers). So the first game builds its scope with ``build_globals``, and
the plan taken from it (the names in order, the shared values, which layer owns each name)
builds every later game's scope with a dict copy and a few assignments: the same dict, in the
same order, at a fraction of the cost.

A game that is closed (:meth:`~.game.Game.close`: ``simulate`` closes each game it has counted)
hands its scope back (:func:`recycle`), and the model's next game takes it instead of a new one:
its builtins, own functions and derived values are bound to that very dict, so only the names
bound to the game's values are assigned again. One scope is kept per model.
"""

from __future__ import annotations

from functools import partial

from ..expr import Globals, build_globals, derived_provider
from ..expr.builtins import bound_builtins

_KEY = ("scope-plan",)
"""The key of the plan in ``model.compiled_parts``."""


class ScopePlan:
    """What every game's scope of one model shares, and which names each game binds anew."""

    __slots__ = ("shared", "builtins", "rebind", "functions", "reserved", "modified", "zones", "variables",
                 "derived", "derived_all", "layers", "names", "static", "spare")

    def __init__(self, scope: Globals, model, reserved: dict, zones, variables, derived: dict, modified):
        owner = {}
        for name in bound_builtins(Globals()):
            owner[name] = "builtins"
        for name in model.constants:
            owner[name] = "constants"
        for name in reserved:
            owner[name] = "reserved"
        for name in model.boards:
            owner[name] = "boards"
        for name in model.functions:
            owner[name] = "functions"
        if modified is not None:
            owner["modified"] = "modified"
        for name in derived:
            owner.pop(name, None)
        for name in zones:
            owner[name] = "zones"
        for name in variables:
            owner[name] = "variables"
        self.shared = dict(scope)
        """Every name in the scope's order; values bound to a game are replaced per game."""
        self.builtins = _bound_to_scope([name for name, layer in owner.items() if layer == "builtins"])
        self.rebind = _rebinding(scope, self.builtins)
        self.functions = [(name, model.functions[name].bind) for name, layer in owner.items() if layer == "functions"]
        self.reserved = [name for name, layer in owner.items() if layer == "reserved"]
        self.modified = owner.get("modified") == "modified"
        self.zones = [name for name, layer in owner.items() if layer == "zones"]
        self.variables = [name for name, layer in owner.items() if layer == "variables"]
        self.derived = {name: provider for name, provider in derived.items() if name not in zones and name not in variables}
        self.derived_all = derived
        self.layers = _layers(variables, zones, reserved, modified)
        """What the layers held when the plan was made: another game's must hold the same names."""
        self.names = list(scope)
        per_game = {*self.builtins, *(name for name, _ in self.functions), *self.reserved, *self.zones,
                    *self.variables, *(("modified",) if self.modified else ())}
        self.static = {name: value for name, value in scope.items() if name not in per_game}
        """The names no game binds anew, with their values: what a recycled scope is reset to."""
        self.spare: list = []
        """A closed game's scope, for the next game (:func:`recycle`)."""


def game_scope(model, *, variables: dict, zones: dict, modified, reserved: dict) -> Globals:
    """The scope of one game of ``model``: the same as ``build_globals`` with these layers."""
    cache = model.compiled_parts
    plan = cache.get(_KEY)
    if plan is None:
        derived = {name: derived_provider(code) for name, code in model.derived.items()}
        scope = build_globals(variables=variables, zones=zones, modified=modified, reserved=reserved,
                              constants=model.constants, boards=model.boards, derived=derived,
                              functions={name: fn.bind for name, fn in model.functions.items()})
        cache[_KEY] = ScopePlan(scope, model, reserved, zones, variables, derived, modified)
        return scope
    if _layers(variables, zones, reserved, modified) != plan.layers:  # not one this plan was made for
        return build_globals(variables=variables, zones=zones, modified=modified, reserved=reserved,
                             constants=model.constants, boards=model.boards, derived=plan.derived_all,
                             functions={name: fn.bind for name, fn in model.functions.items()})
    if plan.spare:
        try:
            scope = plan.spare.pop()
        except IndexError:  # another thread took it
            scope = None
        if scope is not None:
            return _reused(scope, plan, variables, zones, modified, reserved)
    scope = Globals()
    scope.update(plan.shared)
    if plan.rebind is not None:
        for name, function in plan.rebind:
            bound = partial(function, scope)
            bound.__name__ = name
            scope[name] = bound
    elif plan.builtins:
        table = bound_builtins(scope)
        for name in plan.builtins:
            scope[name] = table[name]
    for name, make in plan.functions:
        scope[name] = make(scope)
    for name in plan.reserved:
        scope[name] = reserved[name]
    if plan.modified:
        scope["modified"] = modified
    lazy = scope.lazy
    for name, provider in plan.derived.items():
        lazy[name] = _bind(provider, scope)
    for name in plan.zones:
        scope[name] = zones[name]
    for name in plan.variables:
        scope[name] = variables[name]
    return scope


def recycle(model, scope: Globals) -> bool:
    """Keep ``scope``, of a game that is over and will not be read again, for the model's next
    game; ``False`` when it is not kept (then the caller empties it, to free the game at once).

    Kept only when it holds exactly the plan's names, in its order, and its derived values are
    the plan's: then resetting its per-game names gives the scope a fresh build would give.
    """
    plan = model.compiled_parts.get(_KEY)
    if plan is None or plan.spare or len(scope) != len(plan.names) or list(scope) != plan.names:
        return False
    if scope.lazy.keys() != plan.derived.keys():
        return False
    if plan.modified:
        scope["modified"] = None  # it refers to the game's runner: let the game go now
    scope.frame = None
    plan.spare.append(scope)
    return True


def _reused(scope: Globals, plan: ScopePlan, variables: dict, zones: dict, modified, reserved: dict) -> Globals:
    """A recycled scope with this game's values, as ``game_scope`` builds one: same names, same order."""
    scope.frame = None
    scope.steps = scope.room = scope.calls = 0
    scope.strict = scope.in_game = False
    scope.update(plan.static)  # every name keeps its place: the values are those of a new scope
    for name in plan.reserved:
        scope[name] = reserved[name]
    if plan.modified:
        scope["modified"] = modified
    for name in plan.zones:
        scope[name] = zones[name]
    for name in plan.variables:
        scope[name] = variables[name]
    return scope


def _layers(variables: dict, zones: dict, reserved: dict, modified) -> tuple:
    return tuple(variables), tuple(zones), tuple(reserved), modified is not None


def _bind(provider, scope: Globals):
    return partial(provider, scope)  # (what build_globals binds, called without a Python frame of its own)


def _bound_to_scope(names: list[str]) -> list[str]:
    """Those of the builtins ``names`` that are bound to their scope (they charge its budget)."""
    one, other = bound_builtins(Globals()), bound_builtins(Globals())
    return [name for name in names if one[name] is not other[name]]


def _rebinding(scope: Globals, names: list[str]) -> list | None:
    """``(name, function)`` to bind each builtin in ``names`` as ``partial(function, scope)``
    named ``name``, when that is how the expression language binds them (checked on ``scope``,
    which ``build_globals`` made); else ``None``, and every game asks ``bound_builtins``."""
    pairs = []
    for name in names:
        bound = scope.get(name)
        if (not isinstance(bound, partial) or len(bound.args) != 1 or bound.args[0] is not scope or bound.keywords
                or getattr(bound, "__name__", None) != name or set(vars(bound)) != {"__name__"}):
            return None
        pairs.append((name, bound.func))
    return pairs
