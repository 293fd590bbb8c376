"""Exact values of small games: every chance outcome and every random choice enumerated.

``solve_lineup`` gives each seat's expected payoff and win probability for a line-up of players
without look-ahead; ``solve_optimal`` the value under best play of a two-seat zero-sum game
with full information. Both walk the graph of game positions (:mod:`.graph`), merging positions
reached along different paths, and solve its cycles (:mod:`.linear`).
"""

from .errors import SolveError
from .lineup import LineupValues, solve_lineup
from .optimal import OptimalValues, solve_optimal

__all__ = ["LineupValues", "OptimalValues", "SolveError", "solve_lineup", "solve_optimal"]
