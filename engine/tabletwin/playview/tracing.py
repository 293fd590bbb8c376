"""A game that knows where it is in the model: the flow node and the op that ask each question.

The Player highlights the station of the Diagram (the model path of the flow node) and links
every question, log entry and error to its line. The engine's runner does not keep that, so
:class:`TracedRunner` keeps one stack of the nodes and ops it is inside, and tells a listener
about every observation as it is made (the log cuts the game into entries there).
"""

from __future__ import annotations

from ..errors import EngineError
from ..game import Game
from ..game.requests import ALL
from ..game.runner import Runner

NODE, OP = "node", "op"


class TracedRunner(Runner):
    """A runner with a stack of ``(kind, path)``: the flow nodes and ops being run, innermost last."""

    def __init__(self, model, listener=None):
        super().__init__(model)
        self.stack: list[tuple[str, tuple]] = []
        self.listener = listener
        self.failed_at: tuple | None = None  # the stack where an engine error arose
        if listener is not None and hasattr(listener, "start"):
            listener.start(self.state)  # the state as set up, before the flow changes anything

    def _traced(self, kind: str, path, inner):
        self.stack.append((kind, tuple(path)))
        try:
            return (yield from inner)
        except EngineError:
            if self.failed_at is None:
                self.failed_at = tuple(self.stack)
            raise
        finally:
            self.stack.pop()

    def run_node(self, node):
        return self._traced(NODE, node.path, super().run_node(node))

    def run_ops(self, ops, local_names: dict, place: str):
        for op in ops:
            yield from self._traced(OP, op.path, super().run_ops((op,), local_names, place))

    def observe(self, where, kind, text, visible=ALL, player=None):
        super().observe(where, kind, text, visible, player)
        if self.listener is not None:
            self.listener(self, self.observations[-1])


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
