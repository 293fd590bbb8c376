"""What a running game asks for next: a decision, a chance outcome, or nothing (the end)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .labels import label

ALL = "all"
"""``visible_to`` of something everyone sees; otherwise a list of player indexes."""


class _Asking:
    """What a decision and a chance event share: ``options`` are labels made on first use.

    A request is built by the runner at every choice, but its labels are read only by who asks
    for them (a player that looks at them, a log, a test, the Player's view); a random playout
    reads only how many there are (``len(request.values)``). Given ``options=None`` the labels
    are made from ``values`` with :func:`~.labels.label` when first read, and kept: the same
    list every time, equal to what the runner would have made.
    """

    __slots__ = ("where", "_options", "values", "visible_to")

    @property
    def options(self) -> list[str]:
        options = self._options
        if options is None:
            options = self._options = [label(value) for value in self.values]
        return options

    @options.setter
    def options(self, options: list[str] | None) -> None:
        self._options = options

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self._compared)

    __hash__ = None

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._compared)
        return f"{self.__class__.__name__}({fields})"


class Decision(_Asking):
    """A player picks one of ``options`` (labels); ``values`` are what the options stand for."""

    __slots__ = ("player", "items", "pool", "chosen")
    kind = "decision"
    probabilities = None
    _compared = ("player", "where", "options", "values", "visible_to", "items", "pool", "chosen", "kind",
                 "probabilities")

    def __init__(self, player: int, where: str, options: list[str] | None, values: list, visible_to: object = ALL,
                 items: list | None = None, pool: list | None = None, chosen: list | None = None):
        self.player = player
        self.where = where
        self._options = options
        self.values = values
        self.visible_to = visible_to
        self.items = items  # a subset choice: the element behind each option (None for done)
        self.pool = pool  # ... all elements of the choice
        self.chosen = chosen  # ... and what was picked so far


class Chance(_Asking):
    """Chance picks one of ``options`` with ``probabilities``."""

    __slots__ = ("probabilities",)
    kind = "chance"
    player = None
    _compared = ("where", "options", "values", "probabilities", "visible_to", "kind", "player")

    def __init__(self, where: str, options: list[str] | None, values: list, probabilities: list[float],
                 visible_to: object = ALL):
        self.where = where
        self._options = options
        self.values = values
        self.probabilities = probabilities
        self.visible_to = visible_to


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
