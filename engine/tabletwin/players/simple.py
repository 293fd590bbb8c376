"""The two players every game supports: uniformly random, and always the first option."""

from __future__ import annotations

import random


class RandomPlayer:
    """Picks each option with the same probability, from its seat's own random stream."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, game, request) -> int:
        return self.rng.randrange(len(request.values))  # as many as options, without making the labels


class FirstPlayer:
    """Always the first option."""

    name = "first"

    def choose(self, game, request) -> int:
        return 0
