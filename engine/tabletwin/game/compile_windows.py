"""A priority window run on the compiled path: its frame driven here instead of by the frame loop.

A flow node with a window (``window: duel``) used to run wholly as frames on the compiled path
(:mod:`.compile_flow`), so every turn of priority went through :func:`~.frames.run_inline`: a
decision frame resumed twice, an op-list frame interpreting a played action's cost and effect by
the op table. Here the :class:`~.windows.WindowFrame` still keeps the turns, the passes and the
stack (its ``resume`` is the one place that says what a window does), but what it returns is done
at once: a turn's decision is asked through ``ask`` (:func:`~.compile_ops.decide`), an action's
cost or effect runs by its compiled op list, spending the same work. The window's frame ignores
the value an op list finishes with, so the compiled ops may stand in for the op-list frame.

As under the frame loop, an exception closes the window (its ``unwind``) and goes on to the
caller; observations are not made (nothing reads them on the compiled path).
"""

from __future__ import annotations

from .compile_ops import decide, op_list
from .frames import DecideFrame


def run_window(runner, frame, ask) -> None:
    """Run the open window ``frame`` (a :class:`~.windows.WindowFrame`) until it closes."""
    model = runner.model
    try:
        out = frame.resume(runner, None)
        while out is not None:
            if out.__class__ is DecideFrame:  # a turn: the actions the player may play, or pass
                value = decide(runner, out, ask)
            else:  # an OpsFrame: a played action's cost or effect, or a resolved one's effect
                if out.ops:
                    op_list(model, out.ops)(runner, out.names, out.place, ask)
                value = runner.value
            out = frame.resume(runner, value)
    except Exception as exc:
        runner.failing(exc)
        frame.unwind(runner, exc)
        raise
