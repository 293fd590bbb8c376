"""The two ways an end condition stops the walk: the whole game, or one running subflow."""

from __future__ import annotations

from .requests import End


class GameOver(Exception):
    """An end condition ended the game."""

    def __init__(self, end: End):
        super().__init__(end.reason)
        self.end = end


class ScopeEnded(Exception):
    """A scoped end condition ended the subflow ``scope``."""

    def __init__(self, scope: str):
        super().__init__(scope)
        self.scope = scope
