"""Exact expected payoffs and win probabilities of a line-up of enumerable players."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..players import make_players
from ..simulate.balance import winners
from .graph import DEFAULT_MAX_STATES, explore
from .linear import components, expected_values, has_cycle
from .numbers import fraction_text, plain
from .policy import distribution, enumerable

EXACT_CYCLE_LIMIT = 16
"""Positions of one cycle solved in exact fractions. Beyond that the whole solve runs in floating
point: eliminating a long cycle multiplies denominators (Pig to 20's exact value has thousands
of digits), which costs far more than it tells."""


@dataclass
class LineupValues:
    states: int
    exact: bool
    mean_payoffs: list  # per seat: Fraction when exact, else float
    win_probabilities: list

    def document(self) -> dict:
        seats = []
        for seat, (payoff, win) in enumerate(zip(self.mean_payoffs, self.win_probabilities)):
            entry = {"seat": seat, "mean_payoff": plain(payoff), "win_probability": plain(win)}
            for key, value in (("win_fraction", win), ("payoff_fraction", payoff)):
                text = fraction_text(value)
                if text is not None:
                    entry[key] = text
            seats.append(entry)
        return {"exact": self.exact, "states": self.states, "seats": seats}


def solve_lineup(model, specs: list[str], max_states: int = DEFAULT_MAX_STATES) -> LineupValues:
    """Expected payoff and win probability per seat when ``specs`` play ``model``."""
    players = [enumerable(player, seat) for seat, player in enumerate(make_players(specs, model, 0))]

    def decide(game, request):
        return distribution(players[request.player], game, request)

    graph = explore(model, decide, max_states)
    seats = model.num_players
    parts = components(graph.edges)
    exact = graph.exact and all(len(c) <= EXACT_CYCLE_LIMIT for c in parts if has_cycle(c, graph.edges))
    number = Fraction if exact else float
    leaves = {}
    for node, payoffs in graph.payoffs.items():
        won = set(winners(list(payoffs)))
        leaves[node] = [number(p) for p in payoffs] + [number(1 if seat in won else 0) for seat in range(seats)]
    edges = graph.edges if exact else [[(child, float(p)) for child, p in row] for row in graph.edges]
    values = expected_values(edges, parts, leaves, 2 * seats, number(0), number(1), where=lambda n: graph.places[n])
    root = values[0]
    return LineupValues(len(graph), exact, root[:seats], root[seats:])
