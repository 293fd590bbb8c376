"""The two players every game supports: uniformly random, and always the first option."""

from __future__ import annotations

import random
from collections.abc import Callable
from random import Random


class RandomPlayer:
    """Picks each option with the same probability, from its seat's own random stream.

    ``make_rng`` instead of ``rng`` makes the stream on the first choice: seeding one costs about
    as much as a short game's turn, and in many games a seat never decides (or chance never
    happens), so :func:`~.seats.make_player` builds random players this way. The draws are the same.
    """

    __slots__ = ("_rng", "_make_rng")
    name = "random"

    def __init__(self, rng: random.Random | None = None, *, make_rng: Callable[[], random.Random] | None = None):
        if (rng is None) == (make_rng is None):
            raise TypeError("RandomPlayer takes rng or make_rng")
        self._rng = rng
        self._make_rng = make_rng

    @classmethod
    def on_first_use(cls, make_rng: Callable[[], random.Random]) -> "RandomPlayer":
        """``RandomPlayer(make_rng=make_rng)``, without checking its arguments (a simulation makes
        one per seat per game)."""
        player = _new(cls)
        player._rng = None
        player._make_rng = make_rng
        return player

    @property
    def rng(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = self._make_rng()
        return rng

    @rng.setter
    def rng(self, rng) -> None:  # solve replaces the stream with one that enumerates its draws
        self._rng = rng

    def choose(self, game, request) -> int:
        rng = self._rng
        if rng is None:
            rng = self.rng
        count = len(request.values)  # as many as options, without making the labels
        if count > 0 and rng.__class__ is Random:
            return rng._randbelow(count)  # what randrange(count) returns, without its checks of the arguments
        return rng.randrange(count)


class FirstPlayer:
    """Always the first option."""

    name = "first"

    def choose(self, game, request) -> int:
        return 0


_new = object.__new__
