"""A game that knows where it is in the model: the flow node and the op that ask each question.

The Player highlights the station of the Diagram (the model path of the flow node) and links
every question, log entry and error to its line. The engine's runner keeps its place as a stack of
frames; :class:`TracedRunner` reads the nodes and ops it is inside off them, and tells a listener
about every observation as it is made (the log cuts the game into entries there).
"""

from __future__ import annotations

from ..errors import EngineError
from ..game import Game
from ..game.requests import ALL
from ..game.flowframes import NodeFrame
from ..game.frames import OpsFrame
from ..game.runner import Runner

NODE, OP = "node", "op"


class TracedRunner(Runner):
    """A runner that can say where it is: ``stack`` of ``(kind, path)``, the flow nodes and ops
    being run, innermost last (read off the runner's frames)."""

    def __init__(self, model, listener=None):
        super().__init__(model)
        self.listener = listener
        self.failed_at: tuple | None = None  # the stack where an engine error arose
        if listener is not None and hasattr(listener, "start"):
            listener.start(self.state)  # the state as set up, before the flow changes anything

    @property
    def stack(self) -> list[tuple[str, tuple]]:
        return trace_of(self.frames)

    def failing(self, exc) -> None:
        if isinstance(exc, EngineError) and self.failed_at is None:
            self.failed_at = tuple(self.stack)

    def observe(self, where, kind, text, visible=ALL, player=None):
        super().observe(where, kind, text, visible, player)
        if self.listener is not None:
            self.listener(self, self.observations[-1])


def trace_of(frames) -> list[tuple[str, tuple]]:
    """The flow nodes and the ops in progress among ``frames``, outermost first."""
    stack = []
    for frame in frames:
        if frame.__class__ is NodeFrame:
            stack.append((NODE, tuple(frame.node.path)))
        elif frame.__class__ is OpsFrame and frame.op is not None:
            stack.append((OP, tuple(frame.op.path)))
    return stack


def station_of(stack) -> tuple | None:
    """The model path of the innermost flow node of ``stack``."""
    for kind, path in reversed(stack):
        if kind == NODE:
            return path
    return None


def place_of(stack) -> tuple | None:
    """The model path of the innermost node or op of ``stack``: the place that asks."""
    return stack[-1][1] if stack else None


class TracedGame(Game):
    """A :class:`Game` on a :class:`TracedRunner` (``clone`` still gives a plain game).

    An engine error before the first request does not raise: it is in ``error``.
    """

    def __init__(self, model, seed: int = 0, listener=None):
        try:
            super().__init__(model, seed, runner=TracedRunner(model, listener))
        except EngineError:
            pass  # kept in ``error``: a game that stops before its first question still has a table

    @property
    def runner(self) -> TracedRunner:
        return self._runner
