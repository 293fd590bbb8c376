"""What a player does at a decision, as a probability over the options.

Players draw from a random stream (``player.rng``) only to pick uniformly among all options:
the random player always, an agent whose policy names no option and a tactic whose rules do not
decide. The solver gives each player a stream that stops at the first draw, which says
"uniform", and otherwise takes the option the player returned as certain.
"""

from __future__ import annotations

from fractions import Fraction

from .errors import SolveError


class _Uniform(Exception):
    def __init__(self, count: int):
        super().__init__(count)
        self.count = count


class _Draws:
    """Stands in for a player's random stream: the first draw ends the choice as uniform."""

    def randrange(self, count, *rest):
        if rest:
            raise SolveError("a player drew a random number other than a uniform pick among the options")
        raise _Uniform(count)

    def __getattr__(self, name):
        raise SolveError(f"a player used random.{name}, which solve cannot enumerate")


def enumerable(player, seat: int):
    """``player`` ready for :func:`distribution`, or a :class:`SolveError` naming why not."""
    name = getattr(player, "name", type(player).__name__)
    tactic = getattr(player, "tactic", None)
    if tactic is not None and getattr(tactic, "search", None) is not None:
        raise SolveError(f"seat {seat}'s tactic {name} looks ahead (it has a search); solve enumerates players "
                         f"without look-ahead: random, first, agent:NAME or a tactic without search")
    if name == "human" or type(player).__name__ == "HumanPlayer":
        raise SolveError(f"seat {seat} is a human player; solve needs players it can enumerate")
    if hasattr(player, "rng"):
        player.rng = _Draws()
    return player


def distribution(player, game, request) -> list[tuple[int, Fraction]]:
    """``[(option index, probability)]`` of what ``player`` answers to ``request``."""
    count = len(request.options)
    try:
        index = player.choose(game, request)
    except _Uniform as draw:
        if draw.count != count:
            raise SolveError(f"a player picked uniformly among {draw.count} things at {request.where}, "
                             f"which has {count} options") from None
        share = Fraction(1, count)
        return [(option, share) for option in range(count)]
    return [(index, Fraction(1))]
