"""The log of a game as it is played, unmasked: one entry per answered request or automatic
choice, with what changed after it.

The recorder listens to the runner's observations (:mod:`.tracing`): an automatic choice opens
a new entry, an answered request opens one when it is answered, and the changes made until the
next entry (variables, cards that moved, events, what was looked at or revealed) belong to the
entry before them. Masking for a viewer happens later (:mod:`.document`), so one record serves
every viewer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..expr import to_text
from ..game.labels import label
from ..game.requests import ALL
from .tracing import place_of, station_of

ANSWERED = ("decision", "chance")


@dataclass
class Move:
    """A card that left pile ``source`` for pile ``target`` (``None``: made or removed)."""

    label: str
    source: tuple | None  # (zone, owner)
    target: tuple | None
    drawn_visible_to: object = None  # a draw's own visible_to, which overrides the piles'


@dataclass
class Entry:
    """One line of the log."""

    index: int | None  # the request's index; None for an automatic choice
    kind: str  # decision or chance
    player: int | None
    where: str
    place: tuple | None  # model path of the node or op that asked
    station: tuple | None  # model path of the flow node
    options: list[str]
    option_piles: list[frozenset]  # per option, the piles holding that very card when asked
    probabilities: list | None
    visible_to: object
    answer: int
    automatic: bool
    by_hand: bool = False
    variables: list = field(default_factory=list)  # (name, seat, before, after)
    moves: list[Move] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    seen: list = field(default_factory=list)  # observations: look, search, reveal

    @property
    def label(self) -> str:
        return self.options[self.answer]


def _card_key(card):
    """What identifies a card across piles: its ``uid``, else its value."""
    if isinstance(card, dict) and "uid" in card:
        return ("uid", card["uid"])
    return ("value", type(card).__name__, to_text(card))


class Snapshot:
    """The texts of the variables and the cards of every pile at one moment."""

    __slots__ = ("variables", "piles")

    def __init__(self, model, state):
        self.variables = {}
        seats = len(state.players)
        for name, value in state.variables.items():
            decl = model.variables.get(name)
            if decl is not None and decl.per_player and isinstance(value, list) and len(value) == seats:
                self.variables[name] = tuple(to_text(v) for v in value)
            else:
                self.variables[name] = to_text(value)
        self.piles = {}
        for name, zone in state.zones.items():
            for pile in (zone if model.zones[name].per_player else [zone]):
                self.piles[(name, pile.owner)] = ([_card_key(card) for card in pile], list(pile))


def variable_changes(before: Snapshot, after: Snapshot) -> list:
    changes = []
    for name, value in after.variables.items():
        old = before.variables.get(name)
        if old == value:
            continue
        if isinstance(value, tuple) and isinstance(old, tuple) and len(old) == len(value):
            changes.extend((name, seat, a, b) for seat, (a, b) in enumerate(zip(old, value)) if a != b)
        else:
            changes.append((name, None, _text(old), _text(value)))
    return changes


def _text(value):
    if value is None:
        return None
    return "[" + ", ".join(value) + "]" if isinstance(value, tuple) else value


def moves_between(before: Snapshot, after: Snapshot) -> list[Move]:
    """Cards that left one pile and entered another; unmatched ones were made or removed."""
    removed, added = [], []
    empty = ([], [])
    for pile in before.piles.keys() | after.piles.keys():
        old_keys, old = before.piles.get(pile, empty)
        new_keys, new = after.piles.get(pile, empty)
        if old_keys == new_keys:
            continue
        gone = Counter(old_keys) - Counter(new_keys)
        came = Counter(new_keys) - Counter(old_keys)
        removed.extend(_take(old_keys, old, gone, pile))
        added.extend(_take(new_keys, new, came, pile))
    moves = []
    for key, card, target in added:
        for k, (other, _, source) in enumerate(removed):
            if other == key:
                del removed[k]
                break
        else:
            source = None
        moves.append(Move(label(card), source, target))
    moves.extend(Move(label(card), source, None) for _, card, source in removed)
    return moves


def _take(keys, cards, counts: Counter, pile):
    counts = Counter(counts)
    for key, card in zip(keys, cards):
        if counts[key] > 0:
            counts[key] -= 1
            yield key, card, pile


class Recorder:
    """Builds the entries of one game; the runner calls it on every observation."""

    def __init__(self, model):
        self.model = model
        self.entries: list[Entry] = []
        self.current: Entry | None = None
        self.expect_answer = False
        self.last: Snapshot | None = None
        self.events_seen = 0
        self.state = None

    def start(self, state) -> None:
        self.state = state
        self.last = Snapshot(self.model, state)

    def flush(self) -> list[Move]:
        """Attribute the changes since the last flush to the current entry; the moves added."""
        state = self.state
        if state is None:
            return []
        now = Snapshot(self.model, state)
        events = state.events[self.events_seen:]
        self.events_seen = len(state.events)
        moves = []
        if self.current is not None:
            self.current.variables.extend(variable_changes(self.last, now))
            moves = moves_between(self.last, now)
            self.current.moves.extend(moves)
            self.current.events.extend(events)
        self.last = now
        return moves

    def answered(self, request, index: int, number: int, place, station, piles, by_hand: bool) -> None:
        """Request ``number`` (asked at ``place`` in ``station``, its options held in ``piles``) is
        being answered with ``index``: it opens the next entry."""
        self.flush()
        self.current = Entry(number, request.kind, request.player, request.where, place, station,
                             list(request.options), piles,
                             list(request.probabilities) if request.probabilities is not None else None,
                             request.visible_to, index, automatic=False, by_hand=by_hand)
        self.entries.append(self.current)
        self.expect_answer = True

    def piles_holding(self, values) -> list[frozenset]:
        """Per value, the piles that hold that very object (a card being drawn, say)."""
        where: dict[int, set] = {}
        for name, zone in self.state.zones.items():
            for pile in (zone if self.model.zones[name].per_player else [zone]):
                for card in pile:
                    if isinstance(card, (str, dict, list)):
                        where.setdefault(id(card), set()).add((name, pile.owner))
        return [frozenset(where.get(id(value), ())) if isinstance(value, (str, dict, list)) else frozenset()
                for value in values]

    def __call__(self, runner, observation) -> None:
        kind = observation.kind
        if self.expect_answer:
            self.expect_answer = False  # the answered request's own observation
            return
        if kind == "automatic" or kind in ANSWERED:
            self.flush()
            self.current = Entry(None, "chance" if kind == "chance" else "decision", observation.player,
                                 observation.where, place_of(runner.stack), station_of(runner.stack),
                                 [observation.label], [frozenset()], None, observation.visible_to, 0,
                                 automatic=True)
            self.entries.append(self.current)
        elif kind == "draw":
            for move in reversed(self.flush()):
                if move.label == observation.label and move.drawn_visible_to is None:
                    move.drawn_visible_to = observation.visible_to
                    break
        elif self.current is not None:
            self.current.seen.append(observation)


__all__ = ["ALL", "Entry", "Move", "Recorder", "Snapshot"]
