"""Pig's win probabilities computed without the engine: a value iteration over (mine, theirs, turn).

The rules are tests/fixtures/pig100.yaml's (OpenSpiel's): roll while banked + turn total is below
the goal; a 1 loses the turn total and ends the turn; stop banks it. ``policy(mine, theirs,
turn)`` gives the probability of rolling when rolling is allowed.
"""

from __future__ import annotations


def first_seat_wins(goal: int, policies) -> float:
    """Probability that seat 0 (moving first) wins; ``policies[seat]`` is that seat's policy."""
    win = {}  # (seat to move, mine, theirs, turn) -> probability that the seat to move wins
    states = [(seat, mine, theirs, turn) for seat in (0, 1) for mine in range(goal) for theirs in range(goal)
              for turn in range(goal + 6)]
    for state in states:
        win[state] = 0.5
    while True:
        change = 0.0
        for state in states:
            seat, mine, theirs, turn = state
            if mine + turn >= goal:
                value = 1.0  # only stopping is allowed, and stopping wins
            else:
                other = 1 - seat
                stop = 1.0 - win[(other, theirs, mine + turn, 0)]
                roll = (1.0 - win[(other, theirs, mine, 0)]) / 6 + sum(
                    win[(seat, mine, theirs, turn + pips)] for pips in range(2, 7)) / 6
                policy = policies[seat]
                if policy is best:
                    value = max(roll, stop)
                else:
                    p = policy(mine, theirs, turn)
                    value = p * roll + (1 - p) * stop
            change = max(change, abs(value - win[state]))
            win[state] = value
        if change < 1e-14:
            return win[(0, 0, 0, 0)]


def uniform(mine, theirs, turn) -> float:
    return 0.5


def hold_at(limit: int):
    return lambda mine, theirs, turn: 0.0 if turn >= limit else 1.0


def best(mine, theirs, turn) -> float:
    """Marks a seat that plays to win: the better of rolling and stopping at every decision."""
    raise AssertionError("best is a marker, not a policy")
