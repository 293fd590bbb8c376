"""Many games in a row, or spread over processes, with the same results either way.

Game ``k`` (0-based) of a run with seed ``S`` plays with seed ``S + k``, and its players are made
for that game with ``make_players(specs, model, S + k)``, so every seat's random stream and the
dice depend on the game's seed only, never on which process played it or what it played before.
With ``jobs > 1`` the games are cut into consecutive chunks handed to worker processes, each of
which loads the model again from its text; the chunks come back in game order and the results
are kept in game order, so a report built from them is the same for any number of jobs.

A game that runs out of work (:class:`~tabletwin.game.work.GameTooLong`) ends the run: each
further game would take seconds to stop the same way. The results end with that game, the same
game for any number of jobs.

A run may play several *line-ups* (lists of player specs) on each seed: ``compare`` plays two,
paired on the same seeds, possibly each on its own model (``--b-model``). Constants overridden
with ``--set`` travel to the workers as a dict and are applied after loading there too.

``backend`` (:mod:`tabletwin.simulate.backends`) plays the games elsewhere than in local
processes, e.g. on a Ray cluster; it gets the same chunks and hands them back in game order too.

Every game carries a usage tally (:mod:`tabletwin.game.tally`); the result keeps its counts as
sorted tuples, so a result stays small, picklable and the same whichever process played it.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections import Counter
from contextlib import contextmanager
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..game.tally import Tally
from ..game.work import GameTooLong
from ..play import play
from ..players import make_players
from .variants import load_variant

MAX_REQUESTS = 5_000
"""Requests in one game before it is cut and counts as unfinished."""


@dataclass(frozen=True)
class GameResult:
    """What a report needs of one game: small, so it travels cheaply between processes."""

    seed: int
    payoffs: tuple | None
    """The payoffs when the game ended, else ``None`` (engine error or cut)."""
    reason: str | None
    error: str | None
    """``"Kind: message"`` of the engine error that stopped the game, else ``None``."""
    cut: bool
    """True when the game was cut at the request limit."""
    requests: int
    decisions: int = 0
    """Requests that were a player's decision (forced choices are not requests)."""
    chance: int = 0
    """Requests that were chance events."""
    rounds: int | None = None
    """Rounds of the main loop, ``None`` when the main flow has no loop."""
    choices: tuple = ()
    """``(seat, place, decisions, options, forced)`` per place a seat decided at, sorted: decisions
    counts the forced ones too, options is the sum of the option counts (1 for a forced one)."""
    usage: tuple = ()
    """``((kind, key), uses)`` of every rule the game used, sorted."""
    too_long: bool = False
    """True when the game ran out of work (the run ends with it)."""

    @property
    def finished(self) -> bool:
        return self.payoffs is not None


def play_game(model, specs: Sequence[str], seed: int, max_requests: int | None = MAX_REQUESTS) -> GameResult:
    """One game with fresh players for its seed."""
    players = make_players(list(specs), model, seed)
    tally = Tally(model)
    record = play(model, players, seed, max_requests=max_requests, tally=tally)
    error = f"{record.error.kind}: {record.error.message}" if record.error is not None else None
    payoffs = tuple(record.payoffs) if record.payoffs is not None else None
    decided: Counter = Counter()
    options: Counter = Counter()
    chance = 0
    for request in record.requests:
        if request.kind == "decision":
            decided[request.player, request.where] += 1
            options[request.player, request.where] += len(request.options)
        else:
            chance += 1
    for key, count in tally.forced.items():
        decided[key] += count
        options[key] += count
    choices = tuple(sorted((seat, where, decided[seat, where], options[seat, where], tally.forced.get((seat, where), 0))
                           for seat, where in decided))
    return GameResult(seed, payoffs, record.reason if payoffs is not None else None, error, record.cut,
                      len(record.requests), len(record.requests) - chance, chance,
                      tally.rounds if tally.has_main_loop else None, choices, tuple(sorted(tally.uses.items())),
                      isinstance(record.error, GameTooLong))


def play_seed(models, lineups: Sequence[Sequence[str]], seed: int, max_requests: int | None) -> tuple[GameResult, ...]:
    """The game of ``seed`` once with every line-up, line-up ``i`` on ``models[i]``."""
    return tuple(play_game(model, specs, seed, max_requests) for model, specs in zip(models, lineups))


Progress = Callable[[int, int], None]
"""Called with (games done, games in all) as games finish, in game order."""


def run_games(model_text: str, lineups: Sequence[Sequence[str]], games: int, seed: int = 0, jobs: int = 1, *,
              filename: str = "-", model=None, max_requests: int | None = MAX_REQUESTS,
              progress: Progress | None = None, start_method: str | None = None, overrides: dict | None = None,
              sources: Sequence[tuple[str, str]] | None = None, backend=None) -> list[tuple[GameResult, ...]]:
    """Play ``games`` seeds (``seed``, ``seed + 1``, …), each with every line-up.

    Returns one tuple per game, in game order, holding one :class:`GameResult` per line-up.
    ``model`` (already loaded from ``model_text`` with ``overrides``) saves loading it again in
    this process, which plays the first game (every game when ``jobs`` is 1); workers always load
    their own from ``model_text``. ``overrides`` replaces constants (``--set``). ``sources`` gives
    every line-up its own model as ``(text, filename)`` (``compare --b-model``); by default all
    play ``model_text``. ``start_method`` is ``"fork"`` or ``"spawn"`` (default: fork where it is
    safe, spawn elsewhere). ``backend`` plays every game after the first in its place (``jobs`` is
    then unused), see :mod:`tabletwin.simulate.backends`.
    """
    lineups = [list(specs) for specs in lineups]
    if sources is None:
        sources = [(model_text, filename)] * len(lineups)
    sources = [tuple(source) for source in sources]
    overrides = dict(overrides or {})
    jobs = max(1, min(int(jobs), games))
    loaded = {}
    if model is not None:
        loaded[(model_text, filename)] = model
    models = _models(sources, overrides, loaded)
    alone = jobs == 1 and backend is None
    results = []
    # The first game here, also with several jobs: a model whose games run too long then ends the
    # run after one game's work, not after one game per process.
    for k in range(games if alone else 1):
        results.append(play_seed(models, lineups, seed + k, max_requests))
        if progress is not None:
            progress(k + 1, games)
        if _too_long(results[-1]):
            return results
    if alone or games == 1:
        return results
    setup = (sources, overrides, lineups, seed, max_requests)
    if backend is not None:
        jobs = backend.workers()
        session = backend.session(*setup)
    else:
        session = _local_processes(jobs, start_method, setup)
    chunks = [(start + 1, stop + 1) for start, stop in _chunks(games - 1, jobs)]
    with session as play_chunks:
        for chunk in play_chunks(chunks):
            results.extend(chunk)
            if progress is not None:
                progress(len(results), games)
            if chunk and _too_long(chunk[-1]):
                break  # leaving the session stops the workers
    return results


@contextmanager
def _local_processes(jobs: int, start_method: str | None, setup: tuple):
    """Local worker processes: yields ``chunks -> results of each chunk, in order``."""
    context = multiprocessing.get_context(start_method or _default_start_method())
    with context.Pool(jobs, initializer=_init_worker, initargs=setup) as pool:
        yield lambda chunks: pool.imap(_play_chunk, chunks)


def _too_long(games: tuple[GameResult, ...]) -> bool:
    return any(result.too_long for result in games)


def _default_start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods and sys.platform.startswith("linux") else "spawn"


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    """Consecutive ``(start, stop)`` ranges: small enough for even load and a moving progress bar."""
    size = max(1, min(200, games // (jobs * 8)))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


_worker: dict = {}


def _models(sources, overrides: dict, loaded: dict) -> list:
    """One model per line-up; a source shared by several line-ups is loaded once."""
    for source in sources:
        if source not in loaded:
            loaded[source] = load_variant(source[0], source[1], overrides)
    return [loaded[source] for source in sources]


def _init_worker(sources, overrides: dict, lineups, seed: int, max_requests: int | None) -> None:
    _worker.update(models=_models(sources, overrides, {}), lineups=lineups, seed=seed, max_requests=max_requests)


def _play_chunk(span: tuple[int, int]) -> list[tuple[GameResult, ...]]:
    return play_span(*(_worker[k] for k in ("models", "lineups", "seed", "max_requests")), span)


def play_span(models, lineups, seed: int, max_requests: int | None,
              span: tuple[int, int]) -> list[tuple[GameResult, ...]]:
    """Games ``span[0]`` to ``span[1] - 1`` of a run, stopping after one that ran out of work."""
    results = []
    for k in range(*span):
        results.append(play_seed(models, lineups, seed + k, max_requests))
        if _too_long(results[-1]):
            break  # the run ends here
    return results
