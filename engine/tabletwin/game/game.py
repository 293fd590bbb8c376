"""A game in progress, request by request: the API that players, tools and tests drive.

>>> game = Game(model, seed=0)
>>> while game.request.kind != "end":
...     game.answer(0)

A game is replayable: the model, the answers and nothing else decide what happens (the rules
never draw random numbers; chance is a request that the caller answers). :meth:`Game.clone`
copies the state and the walk of the flow instead of replaying (:mod:`.snapshot`), and
:meth:`Game.position` is a key for the point a game is at (:mod:`.position`).
"""

from __future__ import annotations

from ..errors import EngineError
from ..model import Model
import copy as _copy

from .gamescope import recycle
from .log import Log
from .position import position_key
from .requests import Chance, Decision, End
from .runner import Runner
from .snapshot import copy_runner
from . import work


class Game:
    """One game of ``model``. ``request`` is what it asks next; ``answer(i)`` answers it."""

    def __init__(self, model: Model, seed: int = 0, tally=None, runner: Runner | None = None):
        """``runner`` replaces the plain :class:`Runner` (the Player's traces its place in the flow)."""
        self.model = model
        self.seed = seed
        self._history = Log()
        self.error: EngineError | None = None
        self.request = None
        self._runner = runner if runner is not None else Runner(model, tally)
        self._resume(None)

    # -- driving -------------------------------------------------------------------------

    def _resume(self, answer):
        try:
            self.request = self._runner.advance(answer)
        except EngineError as exc:
            self.error = exc
            self.request = None
            raise

    def answer(self, index: int) -> None:
        """Answer the current decision or chance with the index of an option."""
        request = self.request
        if request is None or isinstance(request, End):
            raise ValueError("the game is not waiting for an answer")
        count = len(request.values)  # as many as options, without making their labels
        if not isinstance(index, int) or not 0 <= index < count:
            raise ValueError(f"answer {index!r} is not one of the {count} options")
        self._history.append(index)
        self._resume(index)

    @property
    def is_over(self) -> bool:
        return isinstance(self.request, End)

    @property
    def history(self) -> list[int]:
        """The answers so far."""
        if self._history.before is not None:
            self._history = self._history.full()
        return self._history

    def clone(self) -> "Game":
        """An independent game at the same point, which continues identically.

        The state and the walk of the flow are copied (:mod:`.snapshot`), not replayed, so this
        takes the same time early and late in a game; the copy shares no mutable value with the
        original. It is a plain game on a plain runner, without a usage tally.
        """
        if self.error is not None:
            raise self.error  # as replaying its answers would
        game = Game.__new__(Game)
        game.model = self.model
        game.seed = self.seed
        game._history = self._history.fork()
        game.error = None
        runner, copier = copy_runner(self._runner)
        game._runner = runner
        game.request = _copy_request(self.request, copier)
        return game

    def position(self):
        """A hashable key of the point this game is at; see :func:`.position.position_key`.

        Two games of the same model with equal positions continue identically for the same
        answers (until one of the engine's runaway limits stops one of them); games that reached
        the same state and place in the flow by different answers have equal positions.
        """
        return position_key(self._runner, self.request)

    def close(self) -> None:
        """The game will not be used again, nor any value read from it: free what it holds now.

        The scope of its expressions holds functions bound to the scope itself (builtins that
        charge its budget, own functions, derived values, ``modified``), so a game is a web of
        cycles that only Python's cycle collector frees, and that collector's passes grow with
        the garbage of thousands of games. So the scope goes to the model's next game
        (:func:`.gamescope.recycle`), which saves building one, or is emptied; either way the
        cycles through the game are broken and it is freed as soon as it is dropped.
        """
        close_runner(self._runner)

    # -- what happened -------------------------------------------------------------------

    @property
    def state(self):
        return self._runner.state

    @property
    def events(self) -> list[str]:
        state = self._runner.state
        if state.events.before is not None:
            state.events = state.events.full()
        return state.events

    @property
    def observations(self):
        runner = self._runner
        if runner.observations.before is not None:
            runner.observations = runner.observations.full()
        return runner.observations

    @property
    def work(self) -> int:
        """Work steps the game has spent so far, of its :data:`~.work.GAME_WORK_LIMIT`."""
        return work.GAME_WORK_LIMIT - self._runner.scope.steps

    def value(self, name: str):
        """The current value of a variable, zone or any other global name."""
        return self._runner.scope[name]


def close_runner(runner) -> None:
    """:meth:`Game.close` for a runner played without a :class:`Game` (:mod:`.compile_flow`)."""
    scope = runner.scope
    if scope is None:  # closed before: the scope may already serve another game
        return
    runner.scope = runner.state.scope = runner.state.budget = None
    if not recycle(runner.model, scope):
        scope.clear()
        scope.lazy.clear()


def _copy_request(request, copier):
    """The request of a copied game, its values those of the copy's state."""
    if request is None or isinstance(request, End):
        return request
    cls = request.__class__
    if cls is Decision or cls is Chance:  # copy.copy, slot by slot (look-ahead copies a request per rollout)
        result = cls.__new__(cls)
        for name in _SLOTS[cls]:
            setattr(result, name, getattr(request, name))
    else:
        result = _copy.copy(request)
    result.values = copier(request.values)
    if getattr(request, "items", None) is not None:
        result.items = copier(request.items)
        result.pool = copier(request.pool)
        result.chosen = copier(request.chosen)
    return result


_SLOTS = {cls: tuple(name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())) for cls in (Decision, Chance)}
"""The slots of each request class, its own and its bases'."""
