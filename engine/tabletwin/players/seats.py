"""Player specs (``random``, ``first``, ``human``, ``agent:NAME``) and their random streams.

Every seat draws from its own stream and chance from another, all derived from the game's
seed, so one seat's player does not change another's draws or the dice.
"""

from __future__ import annotations

import random
from functools import partial

from ..tactics import SearchPlayer, load_tactic
from .agent import AgentPlayer
from .simple import FirstPlayer, RandomPlayer


class PlayerSpecError(ValueError):
    """A ``--players`` entry that names no kind of player."""


def seat_random(seed, seat: int) -> random.Random:
    return random.Random(f"tabletwin:{seed}:seat:{seat}")


def make_player(spec: str, model, seed, seat: int):
    spec = spec.strip()
    if spec == "random":  # its stream is made on its first choice (see RandomPlayer)
        return RandomPlayer(make_rng=partial(seat_random, seed, seat))
    rng = seat_random(seed, seat)
    if spec == "first":
        return FirstPlayer()
    if spec == "human":
        from .human import HumanPlayer

        return HumanPlayer(seat)
    if spec.startswith("agent:"):
        return AgentPlayer(model, spec[len("agent:"):], rng)
    if spec.endswith((".yaml", ".yml")):
        return SearchPlayer(_tactic(spec, model), rng)
    raise PlayerSpecError(f"unknown player {spec!r}: use random, first, human, agent:NAME or a tactic file")


_TACTICS: dict = {}


def forget_tactics() -> None:
    """Read tactic files again on next use (an editor changes them while the process lives)."""
    _TACTICS.clear()


def _tactic(path: str, model):
    """A tactic file, loaded once per process; a tactic for another game says so on stderr."""
    tactic = _TACTICS.get(path)
    if tactic is None:
        tactic = _TACTICS[path] = load_tactic(path)
        game = model.data.get("game")
        if tactic.game is not None and game is not None and tactic.game != str(game):
            import sys

            print(f"warning: tactic {tactic.name} is for the game {tactic.game!r}, not {game!r}", file=sys.stderr)
    return tactic


_ALL_RANDOM = ["random"]
"""One spec for every seat, ``random``: what ``make_player`` makes of it for each seat, made directly."""


def make_players(specs: list[str] | None, model, seed) -> list:
    """One player per seat; missing seats play randomly, one spec for all seats repeats it."""
    specs = list(specs or [])
    if specs == _ALL_RANDOM:  # the usual line-up of a simulation, made without asking each spec
        return [RandomPlayer.on_first_use(partial(seat_random, seed, seat)) for seat in range(model.num_players)]
    if len(specs) == 1:
        specs = specs * model.num_players
    if len(specs) > model.num_players:
        raise PlayerSpecError(f"{len(specs)} players given for a {model.num_players}-player game")
    specs += ["random"] * (model.num_players - len(specs))
    return [make_player(spec, model, seed, seat) for seat, spec in enumerate(specs)]
