"""What stops a solve: a game too big, a player that cannot be enumerated, an endless game."""


class SolveError(Exception):
    """The game cannot be solved as asked; the message says why and what to change."""
