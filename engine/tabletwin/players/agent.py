"""A model's ``agents`` entry as a player: ``policy_x`` names the option to take."""

from __future__ import annotations

import random

from ..errors import NotExecutable


class AgentPlayer:
    """Evaluates the agent's ``policy_x`` with ``options`` (labels) and ``decider`` in scope.

    A result that is not one of the labels means a random choice, as the spec says.
    """

    def __init__(self, model, agent: str, rng: random.Random):
        if agent not in model.agents:
            raise NotExecutable(f"agent {agent!r} is not in agents")
        self.policy = model.agents[agent]
        if self.policy is None:
            raise NotExecutable(f"agent {agent}: no policy_x")
        self.name = f"agent:{agent}"
        self.rng = rng

    def choose(self, game, request) -> int:
        labels = list(request.options)
        picked = self.policy({"options": labels, "decider": request.player}, game._runner.scope)
        if isinstance(picked, str) and picked in labels:
            return labels.index(picked)
        return self.rng.randrange(len(labels))
