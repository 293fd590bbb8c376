"""Many games in a row, or spread over processes, with the same results either way.

Game ``k`` (0-based) of a run with seed ``S`` plays with seed ``S + k``, and its players are made
for that game with ``make_players(specs, model, S + k)``, so every seat's random stream and the
dice depend on the game's seed only, never on which process played it or what it played before.
With ``jobs > 1`` the games are cut into consecutive chunks played by worker processes
(:mod:`.workers`: forked ones start with the parent's models, spawned ones load them again from
their text); the chunks come back in game order and the results are kept in game order, so a
report built from them is the same for any number of jobs.

A game that runs out of work (:class:`~tabletwin.game.work.GameTooLong`) ends the run: each
further game would take seconds to stop the same way. The results end with that game, the same
game for any number of jobs.

A run may play several *line-ups* (lists of player specs) on each seed: ``compare`` plays two,
paired on the same seeds, possibly each on its own model (``--b-model``). Constants overridden
with ``--set`` travel to spawned workers as a dict and are applied after loading there too.

``backend`` (:mod:`tabletwin.simulate.backends`) plays the games elsewhere than in local
processes, e.g. on a Ray cluster; it gets the same chunks and hands them back in game order too.

Every game carries a usage tally (:mod:`tabletwin.game.tally`); the result keeps its counts as
sorted tuples, so a result stays small, picklable and the same whichever process played it.
"""

from __future__ import annotations

import multiprocessing
from contextlib import contextmanager
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import EngineError
from ..game import Game
from ..game.compile_flow import compiled_play
from ..game.game import close_runner
from ..game.runner import Runner
from ..game.tally import Tally
from ..game.work import GameTooLong
from ..game.chance import chance_random, pick_chance
from ..players import FirstPlayer, RandomPlayer, make_players
from .variants import load_variant
from .workers import default_start_method, play_chunks

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


class _Cut(BaseException):
    """The request limit was reached in a compiled game: it stops there, unfinished (a
    ``BaseException`` so that no frame's clean-up takes it for an error of the game)."""


def play_game(model, specs: Sequence[str], seed: int, max_requests: int | None = MAX_REQUESTS, *,
              interpret: bool | None = None) -> GameResult:
    """One game with fresh players for its seed: :func:`tabletwin.play.play`'s game, counted as it goes.

    The same loop as ``play`` (chance from the game's chance stream, decisions by the seat's
    player, cut after ``max_requests``), without the record of every request that ``play`` keeps
    for logs: a report needs only the counts, so the options' labels are never made here. When
    every seat's player looks at nothing but the request (random and first players), the game
    runs on the compiled path (:mod:`tabletwin.game.compile_flow`), which answers each request
    as it is made; otherwise through :class:`~tabletwin.game.Game`. Both play the same game.
    ``interpret`` chooses the frames (``True``) or the compiled path (``False``) for this game;
    by default ``TABLETWIN_INTERPRET`` does.
    """
    players = make_players(list(specs), model, seed)
    tally = Tally(model)
    chance_stream = None  # made at the first chance event: many games have none
    decided: dict = {}  # (seat, place) -> [decisions, options]
    requests = chance = 0
    payoffs = reason = error = None
    cut = too_long = False
    game = runner = None

    def ask(request) -> int:
        """The answer to ``request`` (a request of a compiled game, or of the game below)."""
        nonlocal requests, chance, chance_stream
        if max_requests is not None and requests >= max_requests:
            raise _Cut
        if request.kind == "chance":
            if chance_stream is None:
                chance_stream = chance_random(seed)
            index = pick_chance(chance_stream, request.probabilities)
            chance += 1
        else:
            index = players[request.player].choose(game, request)
            counts = decided.get((request.player, request.where))
            if counts is None:
                counts = decided[request.player, request.where] = [0, 0]
            counts[0] += 1
            counts[1] += len(request.values)
        requests += 1
        return index

    plain = True
    for player in players:  # (not all() over a generator: this runs once per game)
        if player.__class__ not in _PLAIN:
            plain = False
            break
    play = compiled_play(model, interpret) if plain else None
    try:
        if play is not None:
            runner = Runner(model, tally)
            end = play(runner, ask)
        else:
            game = Game(model, seed, tally)
            end = game.request
            while end.kind != "end":
                game.answer(ask(end))
                end = game.request
        payoffs = tuple(end.payoffs)
        reason = end.reason
    except _Cut:
        cut = True
    except EngineError as exc:
        error = f"{exc.kind}: {exc.message}"
        too_long = isinstance(exc, GameTooLong)
    if game is not None:
        game.close()
    elif runner is not None and runner.scope is not None:
        close_runner(runner)
    forced = tally.forced
    for key, count in forced.items():
        counts = decided.get(key)
        if counts is None:
            counts = decided[key] = [0, 0]
        counts[0] += count
        counts[1] += count
    choices = tuple(sorted((seat, where, counts[0], counts[1], forced.get((seat, where), 0))
                           for (seat, where), counts in decided.items()))
    return _result(seed, payoffs, reason, error, cut, requests, requests - chance, chance,
                   tally.rounds if tally.has_main_loop else None, choices, tuple(sorted(tally.uses.items())), too_long)


def _result(seed, payoffs, reason, error, cut, requests, decisions, chance, rounds, choices, usage, too_long):
    """``GameResult(...)`` with every field given: the same object, its fields set at once (a frozen
    dataclass's ``__init__`` sets each through ``object.__setattr__``, which cost a short game 2 µs)."""
    result = _new(GameResult)
    result.__dict__.update(seed=seed, payoffs=payoffs, reason=reason, error=error, cut=cut, requests=requests,
                           decisions=decisions, chance=chance, rounds=rounds, choices=choices, usage=usage,
                           too_long=too_long)
    return result


_new = object.__new__


_PLAIN = (RandomPlayer, FirstPlayer)
"""Players that choose from the request alone, never looking at the game: a compiled game has none."""


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
    this process, which plays the first game (every game when ``jobs`` is 1); forked workers
    start with it, spawned ones load their own from ``model_text``. ``overrides`` replaces constants (``--set``). ``sources`` gives
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
        session = _local_processes(jobs, start_method, models, setup)
    chunks = [(start + 1, stop + 1) for start, stop in _chunks(games - 1, jobs)]
    with session as play:
        for chunk in play(chunks):
            results.extend(chunk)
            if progress is not None:
                progress(len(results), games)
            if chunk and _too_long(chunk[-1]):
                break  # leaving the session stops the workers
    return results


@contextmanager
def _local_processes(jobs: int, start_method: str | None, models: list, setup: tuple):
    """Local worker processes (:mod:`.workers`): yields ``chunks -> results of each chunk, in order``.

    A forked worker starts with this process's memory, so the models go as they are (with their
    compiled parts and prepared start), neither pickled nor loaded again; a spawned one loads
    them from their text.
    """
    method = start_method or default_start_method()
    given = models if method == "fork" else load_models
    context = multiprocessing.get_context(method)
    yield lambda chunks: play_chunks(context, jobs, chunks, _play_span, (given, *setup), models)


def _too_long(games: tuple[GameResult, ...]) -> bool:
    for result in games:  # (not any() over a generator: this runs once per game)
        if result.too_long:
            return True
    return False


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    """Consecutive ``(start, stop)`` ranges, shorter towards the end.

    Each chunk is an eighth of each worker's share of the games not yet handed out (at most 200,
    for a moving progress bar), and never shorter than a 64th of that share at the start: long
    chunks first keep the messages few, short ones last let the workers finish together.
    """
    least = max(1, games // (jobs * 64))
    spans, start = [], 0
    while start < games:
        size = max(least, min(200, (games - start) // (jobs * 8)))
        spans.append((start, min(start + size, games)))
        start += size
    return spans


def load_models(sources, overrides: dict) -> list:
    """One model per line-up, loaded from ``(text, filename)`` sources (a spawned worker's)."""
    return _models(sources, overrides, {})


def _models(sources, overrides: dict, loaded: dict) -> list:
    """One model per line-up; a source shared by several line-ups is loaded once."""
    for source in sources:
        if source not in loaded:
            loaded[source] = load_variant(source[0], source[1], overrides)
    return [loaded[source] for source in sources]


def _play_span(models, lineups, seed: int, max_requests: int | None, span: tuple[int, int]):
    """:func:`play_span` for the local workers: the results and whether the last one ran out of
    work (the run ends with it)."""
    results = play_span(models, lineups, seed, max_requests, span)
    return results, bool(results) and _too_long(results[-1])


def play_span(models, lineups, seed: int, max_requests: int | None,
              span: tuple[int, int]) -> list[tuple[GameResult, ...]]:
    """Games ``span[0]`` to ``span[1] - 1`` of a run (seed ``seed + k``), stopping after one that
    ran out of work."""
    results = []
    for k in range(*span):
        results.append(play_seed(models, lineups, seed + k, max_requests))
        if _too_long(results[-1]):
            break
    return results
