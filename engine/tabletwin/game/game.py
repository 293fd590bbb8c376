"""A game in progress, request by request: the API that players, tools and tests drive.

>>> game = Game(model, seed=0)
>>> while game.request.kind != "end":
...     game.answer(0)

A game is replayable: the model, the answers and nothing else decide what happens, so
:meth:`Game.clone` replays the answers on a fresh game. (The rules never draw random numbers;
chance is a request that the caller answers.)
"""

from __future__ import annotations

from ..errors import EngineError
from ..model import Model
from .requests import End
from .runner import Runner
from . import work


class Game:
    """One game of ``model``. ``request`` is what it asks next; ``answer(i)`` answers it."""

    def __init__(self, model: Model, seed: int = 0, tally=None, runner: Runner | None = None):
        """``runner`` replaces the plain :class:`Runner` (the Player's traces its place in the flow)."""
        self.model = model
        self.seed = seed
        self.history: list[int] = []
        self.error: EngineError | None = None
        self.request = None
        self._runner = runner if runner is not None else Runner(model, tally)
        self._play = self._runner.play()
        self._resume(None)

    # -- driving -------------------------------------------------------------------------

    def _resume(self, answer):
        try:
            self.request = self._play.send(answer)
        except StopIteration as stop:
            self.request = stop.value
        except EngineError as exc:
            self.error = exc
            self.request = None
            raise

    def answer(self, index: int) -> None:
        """Answer the current decision or chance with the index of an option."""
        request = self.request
        if request is None or isinstance(request, End):
            raise ValueError("the game is not waiting for an answer")
        if not isinstance(index, int) or not 0 <= index < len(request.options):
            raise ValueError(f"answer {index!r} is not one of the {len(request.options)} options")
        self.history.append(index)
        self._resume(index)

    @property
    def is_over(self) -> bool:
        return isinstance(self.request, End)

    def clone(self) -> "Game":
        """An independent game at the same point, which continues identically."""
        copy = Game(self.model, self.seed)
        for index in self.history:
            copy.answer(index)
        return copy

    # -- what happened -------------------------------------------------------------------

    @property
    def state(self):
        return self._runner.state

    @property
    def events(self) -> list[str]:
        return self._runner.state.events

    @property
    def observations(self):
        return self._runner.observations

    @property
    def work(self) -> int:
        """Work steps the game has spent so far, of its :data:`~.work.GAME_WORK_LIMIT`."""
        return work.GAME_WORK_LIMIT - self._runner.scope.steps

    def value(self, name: str):
        """The current value of a variable, zone or any other global name."""
        return self._runner.scope[name]
