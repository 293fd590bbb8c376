"""What runs inside the game process: a loop that reads calls and the functions it serves.

Kept apart from :mod:`tabletwin_lsp.analysis` so that the process imports only the engine (not
pygls and lsprotocol): a process killed at a game's time limit or by a cancel is started again
in a fraction of the time.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletwin.modelfile import load_yaml
from tabletwin.validate.testgames import TestGames


def worker_main() -> None:
    """The worker's loop: read ``(function name, args)``, answer ``(ok, result or message)``."""
    import os
    import pickle
    import sys

    functions = {f.__name__: f for f in (load_games, test_games_chunk, check_players, simulate_chunk, rule_catalogue,
                                          ladder_chunk)}
    source = sys.stdin.buffer
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a stray print must not end up in the answers
    while True:
        header = source.read(8)
        if len(header) < 8:
            return
        function, args = pickle.loads(source.read(int.from_bytes(header, "big")))
        try:
            answer = (True, functions[function](*args))
        except Exception as exc:  # noqa: BLE001 - reported to the server, which goes on
            answer = (False, f"{type(exc).__name__}: {exc}")
        data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        answers.write(len(data).to_bytes(8, "big") + data)
        answers.flush()


_worker_models: dict = {}


def _worker_model(text: str, filename: str):
    from tabletwin.model import load_model

    key = (hash(text), len(text), filename)
    model = _worker_models.get(key)
    if model is None:
        _worker_models.clear()
        model = _worker_models[key] = load_model(load_yaml(text), filename=filename)
    return model


def load_games(text: str, filename: str) -> None:
    """In a worker: compile the model and import what the games need, so that the time limit of
    the games that follow counts only their play."""
    import tabletwin.players  # noqa: F401
    import tabletwin.simulate  # noqa: F401
    import tabletwin.validate.testgames  # noqa: F401

    _worker_model(text, filename)


def test_games_chunk(text: str, filename: str, start: int, stop: int, seed: int):
    """In a worker: test games ``start`` to ``stop - 1`` (seed ``seed + k``), as the validator plays
    them, with the rules none of them used (``unused``: ``(kind, key, path)`` in catalogue order)
    and how many of them used each action (``action_games``)."""
    from collections import Counter

    from tabletwin.game.tally import Tally
    from tabletwin.validate.testgames import run_test_games

    model = _worker_model(text, filename)
    total = TalliedTestGames()
    tally = Tally(model)  # emptied before each game: what one game used
    used = set()
    games_using = Counter()
    for number in range(start, stop):
        tally.uses.clear()
        merge_test_games(total, run_test_games(model, 1, seed + number, tally))
        used.update(tally.uses)
        games_using.update(key for kind, key in tally.uses if kind == "actions")
    catalogue = rule_catalogue(text, filename)
    total.unused = [(kind, key, path) for kind, rules in catalogue.items()
                    for key, path in rules.items() if (kind, key) not in used]
    total.action_games = {(key, path): games_using[key] for key, path in catalogue.get("actions", {}).items()}
    return total


def rule_catalogue(text: str, filename: str) -> dict[str, dict[str, str]]:
    """In a worker: every rule of the model the usage tally counts, per kind: key → model path."""
    from tabletwin.game.tally import catalogue

    return catalogue(_worker_model(text, filename))


@dataclass
class TalliedTestGames(TestGames):
    """Test games plus the rules none of them used: ``(kind, key, path)``, ``None`` before any game;
    and how many games used each action: ``(key, path)`` → games, ``None`` before any game."""

    unused: list | None = None
    action_games: dict | None = None


def merge_test_games(total, part) -> None:
    """Add the counts of ``part`` (a ``TestGames``) to ``total``; a rule is unused when no part used it."""
    part_unused = getattr(part, "unused", None)
    if part_unused is not None and hasattr(total, "unused"):
        if total.unused is None:
            total.unused = list(part_unused)
        else:
            still = {(kind, key) for kind, key, _ in part_unused}
            total.unused = [rule for rule in total.unused if (rule[0], rule[1]) in still]
    part_games = getattr(part, "action_games", None)
    if part_games is not None and hasattr(total, "action_games"):
        mine = total.action_games or {}
        total.action_games = {action: mine.get(action, 0) + count for action, count in part_games.items()}
    total.games += part.games
    total.finished += part.finished
    total.requests += part.requests
    total.unfinished += part.unfinished
    total.reasons.update(part.reasons)
    for key, stop in part.stopped.items():
        mine = total.stopped.get(key)
        if mine is None:
            total.stopped[key] = stop
        else:
            mine.count += stop.count


def check_players(text: str, filename: str, specs: list[str], seed: int) -> tuple[str | None, int]:
    """In a worker: why these players cannot play (or ``None``), and the model's number of seats."""
    from tabletwin.players import make_players, seats

    model = _worker_model(text, filename)
    seats.forget_tactics()
    try:
        make_players(specs, model, seed)
    except Exception as exc:  # noqa: BLE001 - PlayerSpecError, a tactic or agent that cannot load
        return str(exc), model.num_players
    return None, model.num_players


def simulate_chunk(text: str, filename: str, specs: list[str], start: int, stop: int, seed: int) -> list:
    """In a worker: the :class:`~tabletwin.simulate.GameResult` of games ``start`` to ``stop - 1``."""
    from tabletwin.simulate import MAX_REQUESTS, play_game

    model = _worker_model(text, filename)
    return [play_game(model, specs, seed + number, MAX_REQUESTS) for number in range(start, stop)]


def ladder_chunk(text: str, filename: str, plan: list[list[str]], start: int, stop: int, seed: int) -> list:
    """In a worker: per seed ``start`` to ``stop - 1``, the games of every line-up of a skill ladder's
    ``plan`` (:func:`tabletwin.simulate.ladder.lineups`), as ``run_games`` gives them."""
    from tabletwin.simulate import MAX_REQUESTS
    from tabletwin.simulate.runner import play_seed

    model = _worker_model(text, filename)
    models = [model] * len(plan)
    return [play_seed(models, plan, seed + number, MAX_REQUESTS) for number in range(start, stop)]
