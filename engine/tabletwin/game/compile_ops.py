"""Op lists for the compiled path (:mod:`.compile_flow`): :class:`~.frames.OpsFrame`'s loop as a call.

Each op spends :data:`~.work.OP_COST` and runs its function from the op table, as in the
frames. An op that returns a frame to finish its work runs it here: a decision or a chance event
(``choose``, ``draw`` from a hidden shuffled zone, ``roll``) is asked with ``ask`` at once, as
:class:`~.frames.DecideFrame` and :class:`~.frames.ChanceFrame` would ask and then take the
answer, without the observation (nothing in a compiled game reads it back, and its label would
cost more than the rest); any other frame runs to its end with :func:`~.frames.run_inline`.
"""

from __future__ import annotations

from ..errors import NotExecutable
from .frames import ChanceFrame, DecideFrame, check_options, run_inline
from .requests import Chance, Decision
from .work import OP_COST, out_of_work


def run_ops(runner, ops, names: dict, place: str, ask) -> None:
    """Run ``ops`` sharing the local ``names``; ``place`` names them in errors."""
    scope = runner.scope
    table = runner.op_table
    for op in ops:
        steps = scope.steps - OP_COST
        scope.steps = steps
        if steps < 0:
            raise out_of_work(place, op.path)
        function = table.get(op.kind)
        if function is None:
            raise NotExecutable(f"{place}: unknown op {op.kind!r}", path=op.path)
        frame = function(runner, op, names, place)
        if frame is not None:
            cls = frame.__class__
            if cls is DecideFrame:
                decide(runner, frame, ask)
            elif cls is ChanceFrame:
                happen(runner, frame, ask)
            else:
                run_inline(runner, frame, ask)


def decide(runner, frame: DecideFrame, ask) -> int:
    """:meth:`DecideFrame.resume` before and after its request, with the answer from ``ask``."""
    values = frame.values
    if len(values) == 1:
        if runner.tally is not None:
            runner.tally.forced_decision(frame.player, frame.where)
        index = 0
    else:
        check_options(frame.where, len(values))
        if frame.player is None:
            raise NotExecutable(f"{frame.where}: choice without a player")
        request = Decision(frame.player, frame.where, frame.labels, values, frame.visible)
        if frame.subset is not None:
            request.items, request.pool, request.chosen = frame.subset
        index = ask(request)
    runner.value = index
    if frame.then is not None:
        frame.then(runner, index, *frame.args)
    return index


def happen(runner, frame: ChanceFrame, ask) -> int:
    """:meth:`ChanceFrame.resume` before and after its request, with the answer from ``ask``."""
    values = frame.values
    if len(values) == 1:
        index = 0
    else:
        check_options(frame.where, len(values))
        probabilities = frame.probabilities
        if probabilities is None:
            probabilities = [1 / len(values)] * len(values)
        index = ask(Chance(frame.where, frame.labels, values, probabilities, frame.visible))
    runner.value = index
    if frame.then is not None:
        frame.then(runner, index, *frame.args)
    return index

