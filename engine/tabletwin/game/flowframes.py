"""The frames of the flow: the main flow, nodes, loops, subflows and steps (see :mod:`.frames`)."""

from __future__ import annotations

from ..errors import ExprError, NotExecutable
from ..model import Model
from ..model.model import MAX_PLAYERS
from .endcheck import check_end
from .events import EmitFrame
from .frames import Frame, OpsFrame, enter
from .labels import label
from .requests import ALL, Decision, End
from .stops import GameOver, ScopeEnded
from .windows import open_window

MAX_LOOP_ROUNDS = 10_000
"""Rounds of one flow loop before ``loop does not end``."""

EMPTY: dict = {}


def check_seats(model: Model) -> None:
    """Refuse to play a model with more seats than :data:`MAX_PLAYERS` (it was seated as the default)."""
    seats = model.data.get("num_players")
    if isinstance(seats, int) and not isinstance(seats, bool) and seats > MAX_PLAYERS:
        raise NotExecutable(f"num_players {seats:,} is more than the {MAX_PLAYERS} seats a model may have",
                            path=("num_players",))


class PlayFrame(Frame):
    """The bottom of the stack: the main flow; an end condition's :class:`GameOver` stops here."""

    __slots__ = ("started",)
    KEEP = ("started",)

    def __init__(self):
        self.started = False

    def resume(self, runner, value):
        if not self.started:
            check_seats(runner.model)
            self.started = True
            return NodeFrame(runner.model.flow)
        runner.end = End([0] * runner.model.num_players, "flow finished without an end condition")
        return None

    def unwind(self, runner, exc) -> bool:
        if isinstance(exc, GameOver):
            runner.end = exc.end
            return True
        return False


class NodeFrame(Frame):
    """A flow node: its body (children of a sequence or chosen case, or a step, loop or subflow),
    then its window, then its end events, each followed by an end check."""

    __slots__ = ("node", "pc", "children", "index")
    KEEP = ("node", "pc", "children", "index")
    _BODY, _CHILDREN, _WINDOW, _EVENTS = 0, 1, 2, 3

    def __init__(self, node):
        self.node = node
        self.pc = 0
        self.children = ()
        self.index = 0

    def resume(self, runner, value):
        node = self.node
        pc = self.pc
        if pc == 0:
            runner.spend_on(node)
            self.pc = 1
            kind = node.kind
            if kind == "step":
                frame = StepFrame(node)
                if frame.start(runner):
                    out = enter(runner, frame)  # a step enters its ops, nothing deeper
                    if out is not None:
                        return out
                return self._after_body(runner)
            elif kind == "sequence":
                self.children = node.children
            elif kind == "loop":
                return LoopFrame(node)
            elif kind == "branch":
                self.children = _branch_children(runner, node)
            elif kind == "subflow":
                return FlowFrame(node.ref, f"subflow {node.name}")
            else:
                raise NotExecutable(f"flow {node.name}: unknown kind {kind!r}", path=node.path)
            pc = 1
        if pc == 1:
            children = self.children
            while self.index < len(children):
                child = children[self.index]
                self.index += 1
                if child.kind != "step":
                    return NodeFrame(child)
                out = enter(runner, NodeFrame(child))  # a step node goes no deeper than its ops
                if out is not None:
                    return out
            return self._after_body(runner)
        if pc == 2:
            return self._events(runner, 0)
        check_end(runner)  # after end event pc - 3
        return self._events(runner, pc - 2)

    def _after_body(self, runner):
        node = self.node
        window = node.window
        if window is not None and window is not False:
            self.pc = 2
            frame = open_window(runner, None if window is True else window, {}, f"flow {node.name}",
                                node.path + ("window",))
            if frame is not None:
                return frame
        return self._events(runner, 0)

    def _events(self, runner, index: int):
        node = self.node
        events = node.end_events
        if index >= len(events):
            return None
        self.pc = 3 + index
        return EmitFrame(str(events[index]), [], {}, f"end {node.name}", end_event=True, path=node.path)


def _branch_children(runner, node):
    for index, case in enumerate(node.cases):
        if case.when is None:
            why = "when is text without when_x" if case.has_text else "has no when_x"
            raise NotExecutable(f"branch {node.name}: case {index + 1} {why}", path=case.path)
        if case.when(EMPTY, runner.scope):
            return case.children
    return ()


class LoopFrame(Frame):
    """A flow loop: rounds until ``until_x``; each round the children, once per value of ``over_x``."""

    __slots__ = ("node", "rounds", "values", "value_index", "child_index", "pc")
    KEEP = ("node", "child_index", "value_index", "pc")
    COPY = ("values",)
    LIMITS = ("rounds",)
    _ROUND, _NEXT_VALUE, _CHILDREN = 0, 1, 2

    def __init__(self, node):
        self.node = node
        self.rounds = 0
        self.values = None
        self.value_index = 0
        self.child_index = 0
        self.pc = 0

    def resume(self, runner, value):
        return self.advance(runner, _child_frame, self.node.children)

    def advance(self, runner, run_child, children):
        """Go on from where the loop is: ``run_child(runner, child)`` runs each of ``children`` (the
        node's children, or what stands for them in the same order) and gives what this frame's
        :meth:`resume` gives back (a frame to push, a request), or ``None`` to go on with the next
        child. ``None`` when the loop has ended. :func:`.continued.finish_loop` runs the same rounds
        with every child run to its end by its compiled closure."""
        node = self.node
        while True:
            pc = self.pc
            if pc == 2:
                index = self.child_index
                if index < len(children):
                    self.child_index = index + 1
                    out = run_child(runner, children[index])
                    if out is not None:
                        return out
                    continue
                if self.values is not None:
                    self.pc = 1
                    continue
                if node.once:
                    return None
                self.pc = 0
                continue
            if pc == 1:
                values = self.values
                index = self.value_index
                if index >= len(values):
                    if node.once:
                        return None
                    self.pc = 0
                    continue
                self.value_index = index + 1
                runner.spend_on(node)
                if node.as_name is not None:
                    runner.state.set_variable(str(node.as_name), values[index], node.path, runner.node_place("flow", node))
                self.child_index = 0
                self.pc = 2
                continue
            scope = runner.scope
            if node.until is not None and node.until(EMPTY, scope):
                return None
            self.rounds += 1
            if runner.tally is not None:
                runner.tally.loop_round(node)
            if self.rounds > MAX_LOOP_ROUNDS:
                raise ExprError(f"flow {node.name}: loop does not end", path=node.path)
            runner.spend_on(node)
            if node.over is not None:
                values = node.over(EMPTY, scope)
                try:
                    values = list(values)
                except TypeError:
                    raise ExprError(f"flow {node.name}: over_x gives {label(values)}, not a list",
                                    path=node.path) from None
                self.values = values
                self.value_index = 0
                self.pc = 1
            else:
                self.child_index = 0
                self.pc = 2


def _child_frame(runner, child):
    """A loop's child as the frames run it: a node is pushed; a step is entered at once, since it
    goes no deeper than its ops (``None`` when it finished there)."""
    if child.kind != "step":
        return NodeFrame(child)
    return enter(runner, NodeFrame(child))


class FlowFrame(Frame):
    """A named flow as a scope: ``results[name]`` is cleared, scoped end conditions apply."""

    __slots__ = ("name", "place", "entered")
    KEEP = ("name", "place", "entered")

    def __init__(self, name, place: str):
        self.name = name
        self.place = place
        self.entered = False

    def resume(self, runner, value):
        if self.entered:
            self.entered = False
            runner.running_flows.pop()
            return None
        name = self.name
        flow = runner.model.flows.get(str(name)) if name is not None else None
        if flow is None:
            raise NotExecutable(f"{self.place}: flow {name!r} does not exist")
        name = self.name = str(name)
        runner.state.results.pop(name, None)
        runner.running_flows.append(name)
        self.entered = True
        return NodeFrame(flow)

    def unwind(self, runner, exc) -> bool:
        if self.entered:
            self.entered = False
            runner.running_flows.pop()
            return isinstance(exc, ScopeEnded) and exc.scope == self.name
        return False


def legal_actions(runner, actions, actor) -> list:
    """The actions of a step whose preconditions hold for ``actor``, in order (the step's frame
    and its compiled closure, :mod:`.compile_flow`)."""
    scope = runner.scope
    legal = []
    names = None  # the local names of every pre_x of the step (an expression never changes them)
    for action in actions:
        pre = action.pre
        if pre is not None:
            if names is None:
                names = {"actor": actor}
            if pre(names, scope):
                legal.append(action)
        elif not action.pre_is_text or runner.is_legal(action, names):  # (text without pre_x: it raises)
            legal.append(action)
    return legal


class StepFrame(Frame):
    """A step: the legal actions, a decision when there are several, the action, an end check."""

    __slots__ = ("node", "where", "actor", "legal", "visible", "names", "pc")
    KEEP = ("node", "where", "pc")
    COPY = ("actor", "visible", "legal", "names")

    def __init__(self, node):
        self.node = node
        self.where = None
        self.pc = 0
        self.actor = self.legal = self.visible = self.names = None

    def start(self, runner) -> bool:
        """Whether the step has anything to do (no legal action: it is over at once)."""
        node = self.node
        scope = runner.scope
        tally = runner.tally
        if tally is not None:
            tally.use("steps", node.name)
        actor = self.actor = node.actor(EMPTY, scope) if node.actor is not None else None
        actions, self.where = runner.step_actions(node), runner.node_place("step", node)
        legal = self.legal = legal_actions(runner, actions, actor)
        return bool(legal)

    def resume(self, runner, value):
        pc = self.pc
        node = self.node
        if pc == 0:
            legal = self.legal
            where = self.where
            if len(legal) == 1:
                action = legal[0]
                runner.observe(where, "automatic", action.name)
                if runner.tally is not None and len(node.do) > 1:  # a step with one action offers no choice
                    runner.tally.forced_decision(self.actor, where)
                return self._act(runner, action)
            actor = self.actor
            if actor is None:
                raise NotExecutable(f"step {node.name}: choice between actions without actor_x", path=node.path)
            if node.secret:
                visible = [actor]
            elif node.visible_to is not None:
                visible = runner.players_of(node.visible_to(EMPTY, runner.scope))
            else:
                visible = ALL
            self.visible = visible
            names = [a.name for a in legal]
            self.pc = 1
            return Decision(actor, where, names, names, visible)
        if pc == 1:
            action = self.legal[value]
            runner.observe(self.where, "decision", action.name, self.visible, self.actor)
            return self._act(runner, action)
        if pc == 2:
            action = self.legal[0]
            if action.effect:
                self.pc = 3
                out = enter(runner, OpsFrame(action.effect, self.names, action.place))
                if out is not None:
                    return out
        check_end(runner)
        return None

    def _act(self, runner, action):
        """Cost, then effect, sharing the local names."""
        self.legal = [action]
        if runner.tally is not None:
            runner.tally.action(action)
        names = self.names = {"actor": self.actor}
        if action.item is not None:
            names.setdefault("self", action.item)
        self.pc = 2
        if action.cost:
            out = enter(runner, OpsFrame(action.cost, names, action.cost_place))
            if out is not None:
                return out
        return self.resume(runner, None)
