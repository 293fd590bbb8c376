"""The value of a two-seat zero-sum game of full information under best play (expectiminimax).

Seat 0 maximises its payoff, seat 1 minimises it (its own payoff is the negative), chance is
averaged. Positions are merged (a transposition table over :meth:`Game.position`). Without
cycles the values come exactly, children first; with cycles (a game that can come back to a
position) they come from value iteration until no value moves by more than ``TOLERANCE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .errors import SolveError
from .graph import DEFAULT_MAX_STATES, explore
from .linear import components, has_cycle
from .numbers import fraction_text, plain

TOLERANCE = 1e-12
MAX_SWEEPS = 100_000


@dataclass
class OptimalValues:
    states: int
    exact: bool
    value: object  # seat 0's payoff under best play
    first_moves: list  # [(option label, value)] of the first decision, if the game starts with one

    def document(self) -> dict:
        document = {"value": plain(self.value), "first_moves": [
            {"option": option, "value": plain(value)} for option, value in self.first_moves],
            "exact": self.exact, "states": self.states}
        text = fraction_text(self.value)
        if text is not None:
            document["value_fraction"] = text
        return document


def solve_optimal(model, max_states: int = DEFAULT_MAX_STATES) -> OptimalValues:
    if model.num_players != 2:
        raise SolveError(f"--optimal needs a two-player game; this one has {model.num_players} seats")
    graph = explore(model, lambda game, request: None, max_states)
    if not graph.full_information:
        raise SolveError("--optimal needs a game where every seat sees everything; this one hides "
                         "something from a seat (a request or an observation not visible to all)")
    for payoffs in graph.payoffs.values():
        if sum(payoffs) != 0:
            raise SolveError(f"--optimal needs a zero-sum game; an end pays {_payoffs_text(payoffs)}, which "
                             f"does not add up to 0")
    parts = components(graph.edges)
    cyclic = any(has_cycle(c, graph.edges) for c in parts)
    exact = graph.exact and not cyclic
    number = Fraction if exact else float
    values: list = [None] * len(graph)
    if not cyclic:
        for (node,) in parts:
            values[node] = _backup(graph, node, values, number)
    else:
        values = _iterate(graph, parts)
    first_moves = []
    if graph.kinds[0] == "decision":
        first_moves = [(graph.root_options[index], values[child]) for index, (child, _) in enumerate(graph.edges[0])]
    return OptimalValues(len(graph), exact, values[0], first_moves)


def _backup(graph, node, values, number):
    kind = graph.kinds[node]
    if kind == "end":
        return number(graph.payoffs[node][0])
    edges = graph.edges[node]
    if kind == "chance":
        return sum((number(p) * values[child] for child, p in edges), number(0))
    children = [values[child] for child, _ in edges]
    return max(children) if graph.players[node] == 0 else min(children)


def _iterate(graph, parts) -> list:
    """Value iteration from all-zero values: sweeps until no value changes by ``TOLERANCE``."""
    values = [float(graph.payoffs[node][0]) if kind == "end" else 0.0 for node, kind in enumerate(graph.kinds)]
    order = [node for component in parts for node in component]
    for _ in range(MAX_SWEEPS):
        change = 0.0
        for node in order:
            if graph.kinds[node] == "end":
                continue
            value = _backup(graph, node, values, float)
            change = max(change, abs(value - values[node]))
            values[node] = value
        if change <= TOLERANCE:
            return values
    raise SolveError(f"best-play values did not settle within {MAX_SWEEPS:,} sweeps; the game may never end "
                     f"under best play")


def _payoffs_text(payoffs) -> str:
    return "[" + ", ".join(str(plain(p)) for p in payoffs) + "]"
