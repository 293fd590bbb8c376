"""The chance stream of a game: seeded from the game's seed, drawn with listed probabilities.

It lives below players and tactics because every loop that answers chance requests (a whole
game, a simulation, a look-ahead rollout, the Player) draws the same way from the same stream.
"""

from __future__ import annotations

import random


def chance_random(seed) -> random.Random:
    return random.Random(f"tabletwin:{seed}:chance")


def pick_chance(rng, probabilities) -> int:
    """An outcome index drawn with the given probabilities."""
    point = rng.random() * sum(probabilities)
    total = 0.0
    for index, p in enumerate(probabilities):
        total += p
        if point < total:
            return index
    return max(i for i, p in enumerate(probabilities) if p > 0)
