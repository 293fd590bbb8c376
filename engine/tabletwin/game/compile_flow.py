"""The flow compiled into nested Python calls, for playing many games whose requests are answered at once.

The frames of :mod:`.frames` make a game a value that can wait for an answer, be copied and be
keyed; a simulation needs none of that: its players and the chance stream answer every request
as soon as it is made. So a model's flow is compiled once into closures, one per node, with
their fields read at load time, that call ``ask(request) -> index`` where the frames would
return the request: the Python stack is the walk of the flow, and a game costs a call per node
and op instead of a trip through the frame loop.

The closures do what the frames do, in the same order: the same work spent at the same places,
the same expressions evaluated, the same tally counts and errors, so a seed plays the same game
either way (``tests/engine/test_compiled_flow.py`` plays every example and test model both
ways). What they leave out is what nothing in such a game reads back: the observations (and
with them the labels of the options, see :mod:`.labels`), the record of answers, and copies.
Sequences, loops, branches, subflows and steps are compiled, and the end checks
(:func:`~.endcheck.compiled_check`); a node's priority window runs by its frame, driven by
:func:`~.compile_windows.run_window`. A node with end events, a node nested deeper
than :data:`MAX_COMPILED_DEPTH`, and any frame an op returns (a subset choice, an emit, a
window; see :mod:`.compile_ops` for the ops) run as frames, resumed by
:func:`~.frames.run_inline` until they are done, answering through the same ``ask``.

Setting ``TABLETWIN_INTERPRET=1`` in the environment (read at import) turns this off: callers
then drive the frames through :class:`~.game.Game`, the reference path, to tell a bug of the
compiler from one of the rules.
"""

from __future__ import annotations

import os
from operator import itemgetter

from ..errors import ExprError, NotExecutable
from ..model.code import evaluator_of
from .compile_ops import op_list
from .compile_windows import run_window
from .endcheck import compiled_check
from .flowframes import MAX_LOOP_ROUNDS, NodeFrame, check_seats
from .frames import run_inline
from .labels import label
from .requests import ALL, Decision, End
from .stored import IMMUTABLE, stored
from .stops import GameOver, ScopeEnded
from .tally import main_loop
from .windows import open_window
from .work import OP_COST, out_of_work

EMPTY: dict = {}

_KEY = ("compiled flow",)
"""The key in ``model.compiled_parts`` of the compiled main flow."""


INTERPRET = os.environ.get("TABLETWIN_INTERPRET", "") not in ("", "0")
"""``TABLETWIN_INTERPRET=1`` in the environment when the engine is imported: every game runs as
frames (the reference path). A caller can also ask per game (``interpret`` below)."""


def compiled_play(model, interpret: bool | None = None):
    """``play(runner, ask) -> End``: the whole game of ``model``, compiled once per model; ``None``
    when the reference path is asked for (``interpret``, by default :data:`INTERPRET`)."""
    if INTERPRET if interpret is None else interpret:
        return None
    play = model.compiled_parts.get(_KEY)
    if play is None:
        play = model.compiled_parts[_KEY] = _compile_play(model)
    return play


def _compile_play(model):
    """What :class:`~.flowframes.PlayFrame` does: check the seats, run the main flow, stop at an end."""
    main = None
    players = model.num_players

    def play(runner, ask):
        nonlocal main
        check_seats(model)
        if main is None:
            main = compile_node(model, model.flow)
        try:
            main(runner, ask)
        except GameOver as over:
            runner.end = over.end
            return over.end
        runner.end = End([0] * players, "flow finished without an end condition")
        return runner.end

    return play


MAX_COMPILED_DEPTH = 24
"""Flow nodes nested in compiled calls (a subflow's nodes count from its node's depth): deeper
ones run as frames, so a deep model, or a subflow that runs itself, does not grow the Python
stack without end (the frames keep it flat)."""


def compile_node(model, node, depth: int = 0):
    """``run(runner, ask)`` for a flow node, as :class:`~.flowframes.NodeFrame` runs it."""
    if node.end_events or depth > MAX_COMPILED_DEPTH or node.kind not in _BODIES:
        return _as_frames(node)
    window = node.window
    if window is not None and window is not False:
        return _with_window(model, node, depth)
    if node.kind == "step":
        return _compile_step(model, node, compiled_check(model))
    return _charged(node, _BODIES[node.kind](model, node, depth + 1))


def _charged(node, body):
    """``body`` after the node's own cost (:meth:`~.runner.Runner.spend_on`, inline)."""
    spent_where = f"flow {node.name}"

    def run(runner, ask):
        scope = runner.scope
        steps = scope.steps - OP_COST
        scope.steps = steps
        if steps < 0:
            raise out_of_work(spent_where, node.path)
        body(runner, ask)

    return run


def _with_window(model, node, depth):
    """A node with a window, as :class:`~.flowframes.NodeFrame` runs it: its cost and body (a step
    spends its cost itself), then the window, open only when something can be played in it
    (:func:`~.windows.open_window`), run until it closes (:func:`~.compile_windows.run_window`)."""
    if node.kind == "step":
        body = _compile_step(model, node, compiled_check(model))
    else:
        body = _charged(node, _BODIES[node.kind](model, node, depth + 1))

    window = None if node.window is True else node.window
    place, path = f"flow {node.name}", node.path + ("window",)

    def run(runner, ask):
        body(runner, ask)
        frame = open_window(runner, window, {}, place, path)
        if frame is not None:
            run_window(runner, frame, ask)

    return run


def _as_frames(node):
    def run(runner, ask):
        run_inline(runner, NodeFrame(node), ask)

    return run


def _compile_sequence(model, node, depth):
    return _in_order([compile_node(model, child, depth) for child in node.children])


def _in_order(children):
    def run(runner, ask):
        for child in children:
            child(runner, ask)

    return run


def _compile_branch(model, node, depth):
    """The children of the first case whose ``when_x`` holds (``flowframes._branch_children``)."""
    cases = [(index, case, _in_order([compile_node(model, child, depth) for child in case.children]))
             for index, case in enumerate(node.cases)]

    def run(runner, ask):
        for index, case, children in cases:
            if case.when is None:
                why = "when is text without when_x" if case.has_text else "has no when_x"
                raise NotExecutable(f"branch {node.name}: case {index + 1} {why}", path=case.path)
            if case.when(EMPTY, runner.scope):
                children(runner, ask)
                return

    return run


def _compile_subflow(model, node, depth):
    """:class:`~.flowframes.FlowFrame`: the named flow as a scope that a scoped end condition ends."""
    place = f"subflow {node.name}"
    body = None  # compiled at its first run: a flow may run itself

    def run(runner, ask):
        nonlocal body
        name = node.ref
        flow = runner.model.flows.get(str(name)) if name is not None else None
        if flow is None:
            raise NotExecutable(f"{place}: flow {name!r} does not exist")
        name = str(name)
        if body is None:
            body = compile_node(model, flow, depth)
        runner.state.results.pop(name, None)
        running = runner.running_flows
        running.append(name)
        try:
            body(runner, ask)
        except ScopeEnded as ended:
            running.pop()
            if ended.scope != name:
                raise
            return
        except Exception:
            running.pop()
            raise
        running.pop()

    return run


def _compile_loop(model, node, depth):
    """:class:`~.flowframes.LoopFrame`: rounds until ``until_x``; each round the children, once per value of ``over_x``."""
    return loop_rounds(model, node, [compile_node(model, child, depth) for child in node.children])


def loop_rounds(model, node, children):
    """``run(runner, ask, rounds=0)``: the rounds of the loop ``node`` with its compiled
    ``children``, ``rounds`` of them already played (:func:`.continued.finish_loop` goes on
    with a loop frame's rounds this way)."""
    until, over, once = evaluator_of(node.until), evaluator_of(node.over), node.once
    counted = main_loop(model) is node  # the rounds a tally counts (Tally.loop_round, inline)
    as_name = str(node.as_name) if node.as_name is not None else None
    path = node.path
    spent_where = f"flow {node.name}"

    def run(runner, ask, rounds=0):
        scope = runner.scope
        tally = runner.tally
        state = runner.state
        while True:
            if until is not None and until(EMPTY, scope):
                return
            rounds += 1
            if tally is not None and counted:
                tally.rounds += 1
            if rounds > MAX_LOOP_ROUNDS:
                raise ExprError(f"flow {node.name}: loop does not end", path=path)
            steps = scope.steps - OP_COST  # Runner.spend_on, inline
            scope.steps = steps
            if steps < 0:
                raise out_of_work(spent_where, path)
            if over is not None:
                values = over(EMPTY, scope)
                try:
                    values = list(values)
                except TypeError:
                    raise ExprError(f"flow {node.name}: over_x gives {label(values)}, not a list", path=path) from None
                for value in values:
                    steps = scope.steps - OP_COST
                    scope.steps = steps
                    if steps < 0:
                        raise out_of_work(spent_where, path)
                    if as_name is not None:  # State.set_variable, inline
                        if value.__class__ not in IMMUTABLE:
                            value = stored(value, state.budget, path, spent_where)
                        state.variables[as_name] = value
                        if state.scope is not None:
                            state.scope[as_name] = value
                    for child in children:
                        child(runner, ask)
            else:
                for child in children:
                    child(runner, ask)
            if once:
                return

    return run


def _compile_step(model, node, check):
    """A step node: :class:`~.flowframes.NodeFrame`'s cost, then :class:`~.flowframes.StepFrame`,
    with the step's actions, its place and their compiled effects looked up once per model: now
    when every action the step names exists, else at its first run (where the frames raise)."""
    actor_code, visible_code, secret = evaluator_of(node.actor), evaluator_of(node.visible_to), node.secret
    offers_choice = len(node.do) > 1
    name = node.name
    used = ("steps", name)
    spent_where = f"flow {name}"
    found = _step_parts(model, node) if all(model.action(n) is not None for n in node.do) else None

    def run(runner, ask):
        nonlocal found
        scope = runner.scope
        steps = scope.steps - OP_COST  # Runner.spend_on, inline
        scope.steps = steps
        if steps < 0:
            raise out_of_work(spent_where, node.path)
        tally = runner.tally
        if tally is not None:
            uses = tally.uses
            uses[used] = uses.get(used, 0) + 1
        actor = actor_code(EMPTY, scope) if actor_code is not None else None
        if found is None:
            runner.step_actions(node)  # raises for an action that does not exist
            found = _step_parts(model, node)
        parts, where, always = found
        # With no precondition every action is legal (the tuple is read, never changed).
        legal = parts if always else _legal(runner, parts, actor)
        if not legal:
            return
        if len(legal) == 1:
            part = legal[0]
            if tally is not None and offers_choice:
                tally.forced_decision(actor, where)
        else:
            if actor is None:
                raise NotExecutable(f"step {name}: choice between actions without actor_x", path=node.path)
            if secret:
                visible = [actor]
            elif visible_code is not None:
                visible = runner.players_of(visible_code(EMPTY, scope))
            else:
                visible = ALL
            names = list(map(_NAME, legal))
            part = legal[ask(Decision(actor, where, names, names, visible))]
        action, counted, item, cost, effect, _, _ = part
        if tally is not None:  # Tally.action, inline
            uses = tally.uses
            uses[counted] = uses.get(counted, 0) + 1
            if item is not None:
                tally.item(item)
        names = {"actor": actor}
        if item is not None:
            names["self"] = item
        if cost is not None:
            cost(runner, names, action.cost_place, ask)
        if effect is not None:
            effect(runner, names, action.place, ask)
        check(runner)

    return run


def _step_parts(model, node):
    """``(parts, where, no preconditions)`` of a step whose actions all exist: per action ``(action,
    its tally key, its item, its compiled cost, its compiled effect, its name, its pre_x's
    evaluator)``."""
    parts = []
    for action_name in node.do:
        action = model.action(action_name)
        parts.append((action, ("actions", action.name), action.item,
                      op_list(model, action.cost) if action.cost else None,
                      op_list(model, action.effect) if action.effect else None, action.name,
                      evaluator_of(action.pre)))
    return (tuple(parts), f"step {node.name}",
            all(action.pre is None and not action.pre_is_text for action, *_ in parts))


def _legal(runner, parts, actor) -> list:
    """:func:`~.flowframes.legal_actions` over a step's parts."""
    scope = runner.scope
    legal = []
    names = None  # the local names of every pre_x of the step (an expression never changes them)
    for part in parts:
        action, pre = part[0], part[6]
        if pre is not None:
            if names is None:
                names = {"actor": actor}
            if pre(names, scope):
                legal.append(part)
        elif not action.pre_is_text or runner.is_legal(action, names):  # (text without pre_x: it raises)
            legal.append(part)
    return legal


_NAME = itemgetter(5)
"""The name of a step's part (see _step_parts)."""

_BODIES = {"step": None, "sequence": _compile_sequence, "loop": _compile_loop, "branch": _compile_branch,
           "subflow": _compile_subflow}
"""The node kinds compiled, and how their bodies compile (a step compiles whole)."""
