"""Walking the flow: nodes, steps, actions and end checks, as generators of requests.

Every function that may ask something is a generator: it yields a :class:`Decision` or
:class:`Chance` and receives the index of the answer. The game (:mod:`.game`) drives the
outermost generator. Ops live in :mod:`.ops`; the reactive parts (events, windows, modifiers)
in their own modules.
"""

from __future__ import annotations

from ..errors import ExprError, NotExecutable
from ..model import Model
from ..model.model import MAX_PLAYERS
from .endcheck import check_end
from .labels import label
from .requests import ALL, Chance, Decision, End, Observation
from .state import State
from .work import OP_COST, out_of_work

MAX_LOOP_ROUNDS = 10_000
"""Rounds of one flow loop before ``loop does not end``."""

MAX_OPTIONS = 100_000
"""Options of one decision or chance event: each gets a label and goes to the player, so a million
would take seconds and hundreds of megabytes per request (a 300 x 300 board has 90,000 cells)."""


def check_options(where: str, count: int) -> None:
    if count > MAX_OPTIONS:
        raise ExprError(f"{where}: {count:,} options to choose from; at most {MAX_OPTIONS:,}")

EMPTY: dict = {}


def check_seats(model: Model) -> None:
    """Refuse to play a model with more seats than :data:`MAX_PLAYERS` (it was seated as the default)."""
    seats = model.data.get("num_players")
    if isinstance(seats, int) and not isinstance(seats, bool) and seats > MAX_PLAYERS:
        raise NotExecutable(f"num_players {seats:,} is more than the {MAX_PLAYERS} seats a model may have",
                            path=("num_players",))


class GameOver(Exception):
    """An end condition ended the game."""

    def __init__(self, end: End):
        super().__init__(end.reason)
        self.end = end


class ScopeEnded(Exception):
    """A scoped end condition ended the subflow ``scope``."""

    def __init__(self, scope: str):
        super().__init__(scope)
        self.scope = scope


class Runner:
    """One game in progress: the model, the state, and the generators that walk them."""

    def __init__(self, model: Model, tally=None):
        from . import events, modifiers, optable, windows  # the op table and the reactive parts

        self.model = model
        self.tally = tally  # a usage tally (.tally.Tally) for the balance report, or None
        self.state = State(model)
        self.scope = self.state.make_scope(modifiers.make_modified(self))
        self.observations: list[Observation] = []
        self.running_flows: list[str] = []
        self.window_stack: list = []
        self.ops = optable
        self.events = events
        self.windows = windows
        self.emit_depth = 0
        self._step_actions: dict = {}

    # -- the whole game ------------------------------------------------------------------

    def play(self):
        """The outermost generator: runs the main flow; returns the :class:`End`."""
        check_seats(self.model)
        try:
            yield from self.run_node(self.model.flow)
        except GameOver as over:
            return over.end
        return End([0] * self.model.num_players, "flow finished without an end condition")

    # -- flow ----------------------------------------------------------------------------

    def run_node(self, node):
        self.spend_on(node)
        kind = node.kind
        if kind == "step":
            yield from self.run_step(node)
        elif kind == "sequence":
            for child in node.children:
                yield from self.run_node(child)
        elif kind == "loop":
            yield from self.run_loop(node)
        elif kind == "branch":
            yield from self.run_branch(node)
        elif kind == "subflow":
            yield from self.run_flow(node.ref, f"subflow {node.name}")
        else:
            raise NotExecutable(f"flow {node.name}: unknown kind {kind!r}", path=node.path)
        window = node.window
        if window is not None and window is not False:
            yield from self.windows.open_window(self, None if window is True else window, {}, f"flow {node.name}",
                                                node.path + ("window",))
        for event in node.end_events:
            yield from self.events.emit(self, str(event), [], {}, f"end {node.name}", end_event=True, path=node.path)
            check_end(self)

    def spend_on(self, node) -> None:
        """A node, a loop round or a value of ``over_x`` spends :data:`OP_COST` of the game's work."""
        scope = self.scope
        scope.steps -= OP_COST
        if scope.steps < 0:
            raise out_of_work(f"flow {node.name}", node.path)

    def run_loop(self, node):
        rounds = 0
        scope = self.scope
        while True:
            if node.until is not None and node.until(EMPTY, scope):
                return
            rounds += 1
            if self.tally is not None:
                self.tally.loop_round(node)
            if rounds > MAX_LOOP_ROUNDS:
                raise ExprError(f"flow {node.name}: loop does not end", path=node.path)
            self.spend_on(node)
            if node.over is not None:
                values = node.over(EMPTY, scope)
                try:
                    values = list(values)
                except TypeError:
                    raise ExprError(f"flow {node.name}: over_x gives {label(values)}, not a list", path=node.path) from None
                for value in values:
                    self.spend_on(node)
                    if node.as_name is not None:
                        self.state.set_variable(str(node.as_name), value, node.path, f"flow {node.name}")
                    for child in node.children:
                        yield from self.run_node(child)
            else:
                for child in node.children:
                    yield from self.run_node(child)
            if node.once:
                return

    def run_branch(self, node):
        for index, case in enumerate(node.cases):
            if case.when is None:
                why = "when is text without when_x" if case.has_text else "has no when_x"
                raise NotExecutable(f"branch {node.name}: case {index + 1} {why}", path=case.path)
            if case.when(EMPTY, self.scope):
                for child in case.children:
                    yield from self.run_node(child)
                return

    def run_flow(self, name, place: str):
        """A named flow as a scope: ``results[name]`` is cleared, scoped end conditions apply."""
        flow = self.model.flows.get(str(name)) if name is not None else None
        if flow is None:
            raise NotExecutable(f"{place}: flow {name!r} does not exist")
        name = str(name)
        self.state.results.pop(name, None)
        self.running_flows.append(name)
        try:
            yield from self.run_node(flow)
        except ScopeEnded as ended:
            if ended.scope != name:
                raise
        finally:
            self.running_flows.pop()

    # -- steps and actions -----------------------------------------------------------------

    def step_actions(self, node) -> list:
        """The actions a step names, looked up once per game."""
        actions = self._step_actions.get(id(node))
        if actions is None:
            actions = []
            for name in node.do:
                action = self.model.action(name)
                if action is None:
                    raise NotExecutable(f"step {node.name}: action {name!r} does not exist", path=node.path + ("do",))
                actions.append(action)
            self._step_actions[id(node)] = actions
        return actions

    def run_step(self, node):
        scope = self.scope
        tally = self.tally
        if tally is not None:
            tally.use("steps", node.name)
        actor = node.actor(EMPTY, scope) if node.actor is not None else None
        legal = []
        for action in self.step_actions(node):
            if action.pre is None and not action.pre_is_text:
                legal.append(action)
            elif self.is_legal(action, {"actor": actor}):
                legal.append(action)
        if not legal:
            return
        where = f"step {node.name}"
        if len(legal) == 1:
            action = legal[0]
            self.observe(where, "automatic", action.name)
            if tally is not None and len(node.do) > 1:  # a step with one action offers no choice
                tally.forced_decision(actor, where)
        else:
            if actor is None:
                raise NotExecutable(f"step {node.name}: choice between actions without actor_x", path=node.path)
            if node.secret:
                visible = [actor]
            elif node.visible_to is not None:
                visible = self.players_of(node.visible_to(EMPTY, scope))
            else:
                visible = ALL
            names = [a.name for a in legal]
            index = yield Decision(actor, where, names, names, visible)
            action = legal[index]
            self.observe(where, "decision", action.name, visible, actor)
        yield from self.run_action(action, {"actor": actor})
        check_end(self)

    def is_legal(self, action, local_names: dict) -> bool:
        if action.pre is not None:
            return bool(action.pre(local_names, self.scope))
        if action.pre_is_text:
            raise NotExecutable(f"action {action.name}: pre is text without pre_x", path=action.path)
        return True

    def run_action(self, action, local_names: dict):
        """Cost, then effect, sharing ``local_names``."""
        if self.tally is not None:
            self.tally.action(action)
        if action.item is not None:
            local_names.setdefault("self", action.item)
        if action.cost:
            yield from self.run_ops(action.cost, local_names, action.cost_place)
        if action.effect:
            yield from self.run_ops(action.effect, local_names, action.place)

    def run_ops(self, ops, local_names: dict, place: str):
        table = self.ops.TABLE
        scope = self.scope
        for op in ops:
            scope.steps -= OP_COST
            if scope.steps < 0:
                raise out_of_work(place, op.path)
            entry = table.get(op.kind)
            if entry is None:
                raise NotExecutable(f"{place}: unknown op {op.kind!r}", path=op.path)
            function, asks = entry
            if asks:
                yield from function(self, op, local_names, place)
            else:
                function(self, op, local_names, place)

    # -- asking --------------------------------------------------------------------------

    def decide(self, player, where: str, values: list, visible=ALL, labels=None, subset=None):
        """Index of the chosen value; a single value is taken without asking."""
        if len(values) == 1:
            self.observe(where, "automatic", labels[0] if labels is not None else label(values[0]), visible, player)
            if self.tally is not None:
                self.tally.forced_decision(player, where)
            return 0
        check_options(where, len(values))
        names = labels if labels is not None else [label(v) for v in values]
        if player is None:
            raise NotExecutable(f"{where}: choice without a player")
        request = Decision(player, where, names, values, visible)
        if subset is not None:
            request.items, request.pool, request.chosen = subset
        index = yield request
        self.observe(where, "decision", names[index], visible, player)
        return index

    def chance(self, where: str, values: list, probabilities=None, visible=ALL, labels=None):
        """Index of the outcome; a single outcome happens without a request."""
        if len(values) == 1:
            self.observe(where, "chance", labels[0] if labels is not None else label(values[0]), visible)
            return 0
        check_options(where, len(values))
        names = labels if labels is not None else [label(v) for v in values]
        if probabilities is None:
            probabilities = [1 / len(values)] * len(values)
        index = yield Chance(where, names, values, probabilities, visible)
        self.observe(where, "chance", names[index], visible)
        return index

    def observe(self, where: str, kind: str, text: str, visible=ALL, player=None) -> None:
        self.observations.append(Observation(where, kind, text, visible, player))

    def players_of(self, value) -> list[int]:
        """``visible_to_x`` and friends: one player or a collection of players."""
        if value is None:
            return []
        if isinstance(value, (list, tuple)) or hasattr(value, "__iter__") and not isinstance(value, (str, dict)):
            return [int(p) for p in value]
        return [int(value)]
