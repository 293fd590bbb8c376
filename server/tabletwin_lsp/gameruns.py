"""Games played in the game process in chunks, with a time limit per game, and cancellable.

A chunk of consecutive games (game ``k`` with seed ``seed + k``) goes to the game process in one
call, sized to take about :data:`~tabletwin_lsp.analysis.CHUNK_SECONDS`. A game can be stopped
only by killing the process, so:

- **cancelling** the request kills the process at once; when ``cancelled()`` says so (the
  request's progress was cancelled, or automatic test games were overtaken by an edit; asked
  every :data:`POLL_SECONDS`), the chunk under way gets :data:`CANCEL_GRACE_SECONDS` to finish
  (a normal chunk does, and the process is kept) before the process is killed;
- **the time limit** (``seconds``, the ``gameSeconds`` setting) bounds each call. A chunk that
  exceeds it is killed and its games are played again one per call, each with the limit, so
  that exactly the games that take too long are known: these are the **timed-out** games. A
  game that never ends therefore costs its limit (twice at most) and holds up nothing else.

Before every chunk the process loads the model (:func:`~tabletwin_lsp.analysis.load_games`,
a no-op when it has it) under :data:`LOAD_SECONDS`, so a restarted process does not spend a
game's time on starting.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from . import analysis as analyses
from . import gameworker
from .gameworker import TalliedTestGames
from .analysis import GameProcessError, GameTimeout

POLL_SECONDS = 0.05
"""How often a running chunk asks ``cancelled()``."""

CANCEL_GRACE_SECONDS = 0.5
"""How long a chunk may go on after ``cancelled()``: longer than a normal chunk takes
(:data:`~tabletwin_lsp.analysis.CHUNK_SECONDS`), shorter than a person waits for a cancel."""

LOAD_SECONDS = 60.0
"""Time the game process may take to load a model (start, imports, compiling the model)."""


class Cancelled(Exception):
    """``cancelled()`` said so while games ran; the chunk under way was killed."""


class GameTimedOut(GameProcessError):
    """One game took longer than its time limit (for runs that stop there, like simulations)."""

    def __init__(self, number: int, seconds: float):
        super().__init__(f"game {number} did not finish within {seconds:g} s")
        self.number = number


@dataclass
class PlayedTestGames(TalliedTestGames):
    """Test games as the validator counts them, plus the seeds of the games stopped at the time limit
    (counted in ``games``, in none of the other counts)."""

    timed_out: list = field(default_factory=list)

    def as_json(self) -> dict:
        return {**super().as_json(), "timed_out": list(self.timed_out)}


@dataclass
class Played:
    parts: list = field(default_factory=list)
    """What each call returned, in the order of the games."""
    timed_out: list = field(default_factory=list)
    """The numbers of the games stopped at the time limit."""
    cancelled: bool = False


async def play(function: Callable, text: str, filename: str, arguments: Callable[[int, int], tuple], games: int,
               seconds: float, cancelled: Callable[[], bool] | None = None,
               progress: Callable[[int, int], None] | None = None, stop_at_timeout: bool = False) -> Played:
    """Play games ``0`` to ``games - 1`` with ``function(text, filename, *arguments(start, stop))``
    in the game process. Raises :class:`GameTimedOut` at the first timed-out game if
    ``stop_at_timeout``; a cancellation ends the run with ``cancelled`` set."""
    cancelled = cancelled or (lambda: False)
    loop = asyncio.get_running_loop()
    played = Played()
    done, size = 0, 1
    try:
        while done < games:
            if cancelled():
                raise Cancelled
            stop = min(games, done + size)
            began = loop.time()
            try:
                played.parts.append(await _call(function, text, filename, arguments(done, stop), seconds, cancelled))
                size = analyses.next_chunk(stop - done, loop.time() - began)
            except GameTimeout:
                await _one_by_one(function, text, filename, arguments, done, stop, seconds, cancelled, played,
                                  stop_at_timeout)
                size = 1
            done = stop
            if progress is not None:
                progress(done, games)
    except Cancelled:
        played.cancelled = True
    return played


async def _one_by_one(function, text, filename, arguments, start, stop, seconds, cancelled, played,
                      stop_at_timeout) -> None:
    for number in range(start, stop):
        if cancelled():
            raise Cancelled
        try:
            played.parts.append(await _call(function, text, filename, arguments(number, number + 1), seconds,
                                            cancelled))
        except GameTimeout:
            if stop_at_timeout:
                raise GameTimedOut(number, seconds) from None
            played.timed_out.append(number)


async def call(function: Callable, *args, seconds: float | None = None,
               cancelled: Callable[[], bool] | None = None):
    """``function(*args)`` in the game process, killed when ``cancelled()`` (:class:`Cancelled`)
    or after ``seconds`` (:class:`~tabletwin_lsp.analysis.GameTimeout`)."""
    loop = asyncio.get_running_loop()
    task = asyncio.ensure_future(analyses.game_process().call(function.__name__, *args, seconds=seconds))
    since = None
    try:
        while True:
            finished, _ = await asyncio.wait({task}, timeout=POLL_SECONDS)
            if finished:
                return task.result()
            if cancelled is not None and cancelled():
                since = loop.time() if since is None else since
                if loop.time() - since >= CANCEL_GRACE_SECONDS:
                    task.cancel()  # kills the process if the call has it
                    await asyncio.gather(task, return_exceptions=True)
                    raise Cancelled
    finally:
        if not task.done():  # we were cancelled ourselves (the request was)
            task.cancel()


async def _call(function, text: str, filename: str, arguments: tuple, seconds: float, cancelled):
    try:
        await call(gameworker.load_games, text, filename, seconds=LOAD_SECONDS, cancelled=cancelled)
    except GameTimeout:
        raise GameProcessError(f"loading the model in the game process took more than {LOAD_SECONDS:g} s") from None
    return await call(function, text, filename, *arguments, seconds=seconds, cancelled=cancelled)
