"""The graph of a game's positions: every request a game can reach, once per position.

A node is a position (:meth:`Game.position`): two games at equal positions continue alike, so
paths that meet are merged and a game that can return to where it was (Pig's turns) gives a
cycle rather than an endless tree. Each node keeps its request's kind, the player to move, the
payoffs at an end, and its edges: ``(child, probability)`` for chance and for the players being
enumerated, ``(child, None)`` for a decision whose options are all kept (best play).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game import Game
from .errors import SolveError
from .numbers import as_fraction

DEFAULT_MAX_STATES = 500_000
"""Positions a solve may visit before it gives up (``--max-states``)."""


@dataclass
class Graph:
    kinds: list[str] = field(default_factory=list)  # "end", "chance" or "decision"
    players: list = field(default_factory=list)  # who decides at a decision node, else None
    places: list = field(default_factory=list)  # the request's place ("step turn"), for messages
    edges: list[list] = field(default_factory=list)  # [(child, probability or None)]
    payoffs: dict = field(default_factory=dict)  # node -> payoffs at an end
    exact: bool = True  # every probability and payoff is a known rational
    full_information: bool = True  # every request and observation was visible to all
    root_options: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.kinds)


def position_of(game: Game):
    return game.position()


def explore(model, decide, max_states: int = DEFAULT_MAX_STATES, seed: int = 0) -> Graph:
    """Walk every position reachable from the start of ``model``.

    ``decide(game, request)`` gives a decision's ``[(option, probability)]``, or ``None`` to keep
    every option without a probability (a player's free choice, for best play).
    """
    graph = Graph()
    ids: dict = {}
    root = Game(model, seed)
    graph.root_options = list(root.request.options) if root.request.kind != "end" else []

    def node_for(game) -> tuple[int, bool]:
        key = position_of(game)
        known = ids.get(key)
        if known is not None:
            return known, False
        if len(ids) >= max_states:
            raise SolveError(f"the game has more than {max_states:,} positions, the state budget (--max-states); "
                             f"solve is meant for small games: raise the budget or make the model smaller")
        number = ids[key] = len(graph.kinds)
        graph.kinds.append("")
        graph.players.append(None)
        graph.places.append("")
        graph.edges.append([])
        return number, True

    stack = [(node_for(root)[0], root)]
    while stack:
        number, game = stack.pop()
        request = game.request
        graph.kinds[number] = request.kind
        graph.places[number] = request.where or "the end"
        if request.kind == "end":
            graph.payoffs[number] = _exact_payoffs(graph, request.payoffs)
            continue
        if request.visible_to != "all":
            graph.full_information = False
        if request.kind == "chance":
            branches = [(index, _exact_probability(graph, p)) for index, p in enumerate(request.probabilities) if p]
        else:
            graph.players[number] = request.player
            branches = decide(game, request)
            if branches is None:
                branches = [(index, None) for index in range(len(request.options))]
        edges = graph.edges[number]
        seen = len(game.observations)
        for position, (index, probability) in enumerate(branches):
            child = game if position == len(branches) - 1 else game.clone()
            child.answer(index)
            if any(o.visible_to != "all" for o in child.observations[seen:]):
                graph.full_information = False
            target, new = node_for(child)
            edges.append((target, probability))
            if new:
                stack.append((target, child))
    return graph


def _exact_probability(graph: Graph, probability):
    exact = as_fraction(probability)
    if exact is None:
        graph.exact = False
        return float(probability)
    return exact


def _exact_payoffs(graph: Graph, payoffs) -> tuple:
    exact = [as_fraction(p) for p in payoffs]
    if any(p is None for p in exact):
        graph.exact = False
        return tuple(float(p) for p in payoffs)
    return tuple(exact)
