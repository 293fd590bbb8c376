"""Who answers a game's decisions: random, first option, a model agent, a person, a tactic."""

from .seats import PlayerSpecError, make_players, seat_random
from .simple import FirstPlayer, RandomPlayer

__all__ = ["FirstPlayer", "PlayerSpecError", "RandomPlayer", "make_players", "seat_random"]
