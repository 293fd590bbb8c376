"""What a running game asks for next: a decision, a chance outcome, or nothing (the end)."""

from __future__ import annotations

from dataclasses import dataclass, field

ALL = "all"
"""``visible_to`` of something everyone sees; otherwise a list of player indexes."""


@dataclass(slots=True)
class Decision:
    """A player picks one of ``options`` (labels); ``values`` are what the options stand for."""

    player: int
    where: str
    options: list[str]
    values: list
    visible_to: object = ALL
    items: list | None = None  # a subset choice: the element behind each option (None for done)
    pool: list | None = None  # ... all elements of the choice
    chosen: list | None = None  # ... and what was picked so far
    kind: str = field(default="decision", init=False)
    probabilities: None = field(default=None, init=False)


@dataclass(slots=True)
class Chance:
    """Chance picks one of ``options`` with ``probabilities``."""

    where: str
    options: list[str]
    values: list
    probabilities: list[float]
    visible_to: object = ALL
    kind: str = field(default="chance", init=False)
    player: None = field(default=None, init=False)


@dataclass
class End:
    """The game is over: one payoff per player and the reason."""

    payoffs: list
    reason: str
    kind: str = field(default="end", init=False)
    player = None
    where = None
    options: list = field(default_factory=list, init=False)


@dataclass(slots=True)
class Observation:
    """Something that happened and who saw it (``visible_to``: ``'all'`` or player indexes)."""

    where: str
    kind: str  # decision, chance, automatic, draw, look, search, reveal
    label: str
    visible_to: object = ALL
    player: int | None = None

    def seen_by(self, player: int) -> bool:
        return self.visible_to == ALL or player in self.visible_to
