"""The state of one game: variables, zones, instances, and the global scope over them.

Start of a game (engine.md): constants as written; variables in declaration order, each
``init_x`` seeing the variables above it but no zones; zones in declaration order, seeing every
variable; every dict in a zone's initial contents becomes an instance with its own ``uid``.

That start is the same for every game of a model: it is computed once and copied for each game
(:mod:`.prepared`); ``State(model, prepared=False)`` computes it afresh, as a campaign's
``reset`` does.
"""

from __future__ import annotations

from ..errors import ExprError
from ..expr import Globals, build_globals
from ..model import Model, ModelDict
from ..model.data import is_model_data
from .gamescope import game_scope
from .piles import Pile
from .prepared import Prepared, prepared
from .stored import stored
from . import work
from .work import INSTANCE_COST, spend


class State:
    """Everything that changes during a game."""

    def __init__(self, model: Model, prepared: bool = True):
        """``prepared``: start from a copy of the model's prepared start (the same values, uids
        and work spent as computing it; see :mod:`.prepared`)."""
        self.model = model
        self.players = list(range(model.num_players))
        self.variables: dict = {}
        self.zones: dict = {}
        self.eliminated: list[int] = []
        self.results: dict = {}
        self.next_uid = 1
        self.events: list[str] = []
        self.temporary_modifiers: list = []
        self.scope: Globals | None = None
        self.budget: Globals | None = None
        """The scope whose ``steps`` are the game's budget (:mod:`.work`): the start's, then ``scope``."""
        start = _prepared_start(model) if prepared else None
        if start is None or start.spent > work.GAME_WORK_LIMIT:  # (a lower limit: the set-up says where)
            self.set_up()
        else:
            self.variables, self.zones = start.copy()
            self.next_uid = start.next_uid
            self.budget = _Budget(work.GAME_WORK_LIMIT - start.spent)

    def _reserved(self) -> dict:
        return {"content": self.model.content, "players": self.players, "n_players": len(self.players),
                "eliminated": self.eliminated, "results": self.results}

    def make_scope(self, modified) -> Globals:
        """The scope of every expression during play (``modified`` comes from the runner)."""
        self.scope = game_scope(self.model, variables=self.variables, zones=self.zones, modified=modified,
                                reserved=self._reserved())
        self.scope.in_game = True
        self.scope.steps = self.budget.steps
        self.budget = self.scope
        return self.scope

    def set_up(self, keep_persistent: bool = False) -> None:
        """Initial values of variables and zones; with ``keep_persistent``, a campaign ``reset``.

        ``init_x`` of a variable sees the variables above it (and, on a reset, the persistent
        ones), never zones, derived values or ``modified``; ``init_x`` of a zone sees them all.
        """
        model = self.model
        kept = {name: value for name, value in self.variables.items()
                if keep_persistent and name in model.variables and model.variables[name].persist}
        init_scope = build_globals(variables=kept, reserved=self._reserved(), constants=model.constants,
                                   boards=model.boards,
                                   functions={name: fn.bind for name, fn in model.functions.items()})
        init_scope.in_game = True
        init_scope.steps = self.budget.steps if self.budget is not None else work.GAME_WORK_LIMIT
        outer, self.budget = self.budget, init_scope
        try:
            self._initial_values(init_scope, keep_persistent)
        finally:
            if outer is not None:
                outer.steps = init_scope.steps
                self.budget = outer

    def _initial_values(self, init_scope: Globals, keep_persistent: bool) -> None:
        model = self.model
        for decl in model.variables.values():
            if keep_persistent and decl.persist:
                init_scope[decl.name] = self.variables.get(decl.name)
                continue
            value = decl.init_code({}, init_scope) if decl.init_code is not None else decl.init
            if decl.per_player and not isinstance(value, list):
                value = [stored(value, init_scope, decl.path) for _ in self.players]  # a copy each
            self.set_variable(decl.name, value, decl.path)
            init_scope[decl.name] = self.variables[decl.name]
        for decl in model.zones.values():
            if keep_persistent and decl.persist:
                continue
            contents = decl.init_code({}, init_scope) if decl.init_code is not None else None
            self.zones[decl.name] = zone = self._zone(decl, contents)
            if self.scope is not None and decl.name not in self.variables:
                self.scope[decl.name] = zone

    def set_variable(self, name: str, value, path=None, place: str | None = None) -> None:
        """Store (a copy of) ``value`` in variable ``name``; ``path``/``place``: where, for errors."""
        value = stored(value, self.budget, path, place)
        self.variables[name] = value
        if self.scope is not None:
            self.scope[name] = value

    def _zone(self, decl, contents):
        if decl.per_player:
            if contents is None:
                contents = [[] for _ in self.players]
            if not isinstance(contents, (list, tuple)) or len(contents) != len(self.players):
                raise ExprError(f"zone {decl.name}: init_x must give one list per player", path=decl.path)
            return [Pile(self._instances(part, decl), decl.name, owner, decl.shuffled)
                    for owner, part in enumerate(contents)]
        return Pile(self._instances(contents or [], decl), decl.name, None, decl.shuffled)

    def _instances(self, items, decl) -> list:
        try:
            items = list(items)
        except TypeError:
            raise ExprError(f"zone {decl.name}: init_x must give a list", path=decl.path) from None
        return [self.instance(item, path=decl.path) if isinstance(item, dict) else stored(item, self.budget, decl.path)
                for item in items]

    def instance(self, source: dict, extra: dict | None = None, path=None, place: str | None = None) -> dict:
        """A new instance of ``source`` with the next ``uid`` (model data is kept as ``origin``).

        A dict built by an expression is copied whole, ``extra`` (``with_x``) too, so the instance
        shares no list or dict with anything else.
        """
        spend(self.budget, INSTANCE_COST, place, path)
        if is_model_data(source):
            result = {key: value for key, value in source.items()
                      if value is None or isinstance(value, (str, int, float, bool))}
            result["uid"] = self.next_uid
            result["origin"] = source
        else:
            result = {key: stored(value, self.budget, path, place) for key, value in source.items()}
            result["uid"] = self.next_uid
        self.next_uid += 1
        if extra:
            for key, value in extra.items():
                result[key] = stored(value, self.budget, path, place)
        return result


class _Budget:
    """The game's budget before its scope exists, when the start was copied (no ``init_x`` runs)."""

    __slots__ = ("steps",)

    def __init__(self, steps: int):
        self.steps = steps


def _prepared_start(model: Model) -> Prepared | None:
    def compute() -> Prepared:
        limit = work.GAME_WORK_LIMIT
        state = State(model, prepared=False)
        return Prepared(state.variables, state.zones, state.next_uid, limit - state.budget.steps)

    return prepared(model, compute)


__all__ = ["ModelDict", "State"]
