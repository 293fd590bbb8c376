"""Walking the flow: nodes, loops, subflows and steps, as frames on the runner's stack.

The runner holds one game in progress: the model, the state, and the stack of frames
(:mod:`.frames`) that says where in the flow the game is. :meth:`Runner.advance` resumes the
stack with an answer until the next request. Ops live in :mod:`.ops` (the table in
:mod:`.optable`); the reactive parts (events, windows, modifiers) in their own modules.
"""

from __future__ import annotations

from ..errors import NotExecutable
from ..model import Model
from . import modifiers, optable
from .flowframes import MAX_LOOP_ROUNDS, PlayFrame, check_seats
from .frames import MAX_OPTIONS, Frame, check_options, run_frames
from .log import Log
from .requests import ALL, End, Observation
from .state import State
from .stops import GameOver, ScopeEnded
from .work import OP_COST, out_of_work

__all__ = ["MAX_LOOP_ROUNDS", "MAX_OPTIONS", "GameOver", "Runner", "ScopeEnded", "check_options", "check_seats"]


class Runner:
    """One game in progress: the model, the state, and the frames that walk the flow."""

    def __init__(self, model: Model, tally=None):
        self.model = model
        self.tally = tally  # a usage tally (.tally.Tally) for the balance report, or None
        self.state = State(model)
        self.state.events = Log(self.state.events)
        self.scope = self.state.make_scope(modifiers.make_modified(self))
        self.observations: Log = Log()
        self.running_flows: list[str] = []
        self.window_stack: list = []
        self.emit_depth = 0
        self.frames: list[Frame] = [PlayFrame()]
        self.value = None  # what the last finished frame gave its parent
        self.end: End | None = None
        self.op_table = optable.TABLE

    # -- the whole game ------------------------------------------------------------------

    def advance(self, answer=None):
        """Resume the walk with ``answer`` (``None`` at the start): the next request, or the :class:`End`."""
        request = run_frames(self, answer)
        return request if request is not None else self.end

    def failing(self, exc) -> None:
        """The walk is left by ``exc`` (an engine error, or an end condition); the traced runner notes where."""

    # -- the pieces frames share -----------------------------------------------------------

    def spend_on(self, node) -> None:
        """A node, a loop round or a value of ``over_x`` spends :data:`OP_COST` of the game's work."""
        scope = self.scope
        scope.steps -= OP_COST
        if scope.steps < 0:
            raise out_of_work(f"flow {node.name}", node.path)

    def step_actions(self, node) -> list:
        """The actions a step names, looked up once per model."""
        cache = self.model.compiled_parts
        actions = cache.get(("step", id(node)))
        if actions is None:
            actions = []
            for name in node.do:
                action = self.model.action(name)
                if action is None:
                    raise NotExecutable(f"step {node.name}: action {name!r} does not exist", path=node.path + ("do",))
                actions.append(action)
            cache[("step", id(node))] = actions
        return actions

    def node_place(self, kind: str, node) -> str:
        """``<kind> <name>`` (``step turn``, where a step's decision happens; ``flow round``, the
        place of a loop's round in messages): made once per model."""
        cache = self.model.compiled_parts
        key = ("place", kind, id(node))
        place = cache.get(key)
        if place is None:
            place = cache[key] = f"{kind} {node.name}"
        return place

    def is_legal(self, action, local_names: dict) -> bool:
        if action.pre is not None:
            return bool(action.pre(local_names, self.scope))
        if action.pre_is_text:
            raise NotExecutable(f"action {action.name}: pre is text without pre_x", path=action.path)
        return True

    def observe(self, where: str, kind: str, text: str, visible=ALL, player=None) -> None:
        self.observations.append(Observation(where, kind, text, visible, player))

    def players_of(self, value) -> list[int]:
        """``visible_to_x`` and friends: one player or a collection of players."""
        if value is None:
            return []
        if isinstance(value, (list, tuple)) or hasattr(value, "__iter__") and not isinstance(value, (str, dict)):
            return [int(p) for p in value]
        return [int(value)]


