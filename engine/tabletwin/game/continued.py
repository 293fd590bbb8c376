"""A game in the middle of its flow, played to its end with every request answered at once.

A copied game (:mod:`.snapshot`) is a stack of frames, and :mod:`.compile_flow` compiles a flow
only from its top; look-ahead plays such copies to the end by the thousand. So the stack is
resumed as :func:`~.frames.run_frames` would, except that a flow node a frame would push is run
by its compiled closure instead (:func:`~.compile_flow.compile_node`), a loop frame finishes
its rounds with every child compiled, steps too (:func:`finish_loop`), and an op list under a
step or another op list finishes its ops compiled (:func:`finish_ops`): only the rest of the
step or node the game waits in, up to its op list, runs as frames. A flow frame (a node, a loop, a
subflow, the main flow) ignores the value its child node finishes with, so the closure can stand
in for the child's frame; an exception from it unwinds the stack from the parent, as it would
after the child frame was popped without handling it.

What the compiled path leaves out (observations, labels, the record of answers, copies) is what
nothing reads in a game played to its end by such a caller, so it ends exactly as the frames end
(``tests/tactics/test_continued.py``).
"""

from __future__ import annotations

from . import compile_flow
from .compile_ops import compiled_ops
from .flowframes import LoopFrame, NodeFrame, StepFrame
from .frames import Frame, OpsFrame, unwind
from .work import OP_COST, out_of_work

_KEY = "continued node"


def compiled_node(model, node):
    """The compiled closure of ``node`` (:func:`~.compile_flow.compile_node`), once per model."""
    parts = model.compiled_parts
    found = parts.get((_KEY, id(node)))
    if found is None:  # (the node kept beside: an id is unique while it lives)
        found = parts[(_KEY, id(node))] = (node, compile_flow.compile_node(model, node))
    return found[1]


def finish(runner, request, ask, interpret: bool | None = None):
    """Answer ``request`` (the one ``runner`` waits on) and every later one with ``ask(request) ->
    index`` until the game ends; returns the :class:`~.requests.End`. With ``interpret`` (by
    default :data:`~.compile_flow.INTERPRET`) every node runs as frames."""
    compiled = not (compile_flow.INTERPRET if interpret is None else interpret)
    model = runner.model
    frames = runner.frames
    value = ask(request)
    while frames:
        frame = frames[-1]
        try:
            cls = frame.__class__
            if cls is LoopFrame and compiled:
                finish_loop(runner, frame, ask)
                out = None
            elif cls is OpsFrame and compiled and frames[-2].__class__ in _IGNORE_VALUE:
                finish_ops(runner, frame, ask)
                out = None
            else:
                out = frame.resume(runner, value)
                while out.__class__ is NodeFrame and compiled:
                    compiled_node(model, out.node)(runner, ask)
                    out = frame.resume(runner, runner.value)
        except Exception as exc:
            unwind(runner, exc)
            value = runner.value
            continue
        if out is None:
            frames.pop()
            value = runner.value
        elif isinstance(out, Frame):
            frames.append(out)
            value = None
        else:
            value = ask(out)
    return runner.end


_IGNORE_VALUE = (StepFrame, OpsFrame)
"""Frames that ignore the value an op list under them finishes with (``runner.value``, which the
compiled ops do not always leave as the frames do): such an op list may finish compiled."""


def finish_ops(runner, frame, ask) -> None:
    """Run the rest of the op list of ``frame`` (an :class:`~.frames.OpsFrame`) as its
    :meth:`~.frames.OpsFrame.resume` does, each op by its compiled closure
    (:func:`~.compile_ops.compiled_ops`), spending the same work; the frame is popped after."""
    compiled = compiled_ops(runner.model, frame.ops)
    scope = runner.scope
    names, place = frame.names, frame.place
    for index in range(frame.index, len(compiled)):
        op, run = compiled[index]
        steps = scope.steps - OP_COST
        scope.steps = steps
        if steps < 0:
            raise out_of_work(place, op.path)
        run(runner, names, place, ask)


def finish_loop(runner, frame, ask) -> None:
    """Run the loop of ``frame`` to its end as :meth:`LoopFrame.advance
    <.flowframes.LoopFrame.advance>` does, with each child (steps too) run by its compiled
    closure: the rest of the round it is in, then its further rounds by the compiled loop
    (:func:`~.compile_flow.loop_rounds`), its rounds so far counting towards
    :data:`~.flowframes.MAX_LOOP_ROUNDS`. The frame is left as it was: it is popped when this
    returns or raises."""
    children, rounds_from = _compiled_loop(runner.model, frame.node)
    node = frame.node
    if frame.pc == 2:
        for index in range(frame.child_index, len(children)):
            children[index](runner, ask)
        if frame.values is None:
            if node.once:
                return
            rounds_from(runner, ask, frame.rounds)
            return
        value_index = frame.value_index
    elif frame.pc == 1:
        value_index = frame.value_index
    else:
        rounds_from(runner, ask, frame.rounds)
        return
    values = frame.values
    as_name = str(node.as_name) if node.as_name is not None else None
    while value_index < len(values):  # LoopFrame's _NEXT_VALUE, as it runs them
        value = values[value_index]
        value_index += 1
        runner.spend_on(node)
        if as_name is not None:
            runner.state.set_variable(as_name, value, node.path, runner.node_place("flow", node))
        for child in children:
            child(runner, ask)
    if not node.once:
        rounds_from(runner, ask, frame.rounds)


def _compiled_loop(model, node):
    """``(compiled children, rounds)`` of the loop ``node``, once per model."""
    parts = model.compiled_parts
    found = parts.get((_KEY, "loop", id(node)))
    if found is None:
        children = tuple(compiled_node(model, child) for child in node.children)
        found = parts[(_KEY, "loop", id(node))] = (node, children, compile_flow.loop_rounds(model, node, children))
    return found[1], found[2]
