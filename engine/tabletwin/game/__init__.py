"""Running a model: the game, its requests, and the state."""

from .game import Game
from .requests import ALL, Chance, Decision, End, Observation

__all__ = ["ALL", "Chance", "Decision", "End", "Game", "Observation"]
