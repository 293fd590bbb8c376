"""A game in the middle of its flow, played to its end with every request answered at once.

A copied game (:mod:`.snapshot`) is a stack of frames, and :mod:`.compile_flow` compiles a flow
only from its top; look-ahead plays such copies to the end by the thousand. So the stack is
resumed as :func:`~.frames.run_frames` would, except that a flow node a frame would push is run
by its compiled closure instead (:func:`~.compile_flow.compile_node`): the rest of the current
node and round runs as frames, every node after it compiled. A flow frame (a node, a loop, a
subflow, the main flow) ignores the value its child node finishes with, so the closure can stand
in for the child's frame; an exception from it unwinds the stack from the parent, as it would
after the child frame was popped without handling it.

What the compiled path leaves out (observations, labels, the record of answers, copies) is what
nothing reads in a game played to its end by such a caller, so it ends exactly as the frames end
(``tests/tactics/test_continued.py``).
"""

from __future__ import annotations

from . import compile_flow
from .flowframes import NodeFrame
from .frames import Frame, unwind

_KEY = "continued node"


def finish(runner, request, ask, interpret: bool | None = None):
    """Answer ``request`` (the one ``runner`` waits on) and every later one with ``ask(request) ->
    index`` until the game ends; returns the :class:`~.requests.End`. With ``interpret`` (by
    default :data:`~.compile_flow.INTERPRET`) every node runs as frames."""
    compiled = not (compile_flow.INTERPRET if interpret is None else interpret)
    parts = runner.model.compiled_parts
    frames = runner.frames
    value = ask(request)
    while frames:
        frame = frames[-1]
        try:
            out = frame.resume(runner, value)
            while out.__class__ is NodeFrame and compiled:
                node = out.node
                run = parts.get((_KEY, id(node)))
                if run is None:
                    run = parts[(_KEY, id(node))] = (node, compile_flow.compile_node(runner.model, node))
                run[1](runner, ask)
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
