"""What a seat could not see, worked out from the engine's own state and observations (not from
the Player's masking), and a search of a view's JSON text for it."""

from __future__ import annotations

import json
import re

from tabletwin.expr import to_text
from tabletwin.game.labels import label


def _piles(game):
    for name, zone in game.state.zones.items():
        decl = game.model.zones[name]
        for pile in (zone if decl.per_player else [zone]):
            yield decl.visibility, pile


def _pile_visible(seat, visibility, pile) -> bool:
    return visibility == "public" or (visibility == "owner" and pile.owner == seat)


def _seen(visible_to, seat) -> bool:
    return visible_to == "all" or seat in visible_to


class Knowledge:
    """Card labels one seat could not see, and labels it saw, accumulated over a game."""

    def __init__(self, seat: int):
        self.seat = seat
        self.hidden: set[str] = set()
        self.visible: set[str] = set()
        self.observed = 0

    def update(self, game, request=None, answer=None) -> None:
        """Add what the table and the new observations show; ``request`` was just answered."""
        seat = self.seat
        for visibility, pile in _piles(game):
            target = self.visible if _pile_visible(seat, visibility, pile) else self.hidden
            target.update(label(card) for card in pile)
        for item in game.observations[self.observed:]:
            if _seen(item.visible_to, seat) or item.player == seat and item.kind in ("decision", "automatic"):
                self.visible.add(item.label)
                self.visible.update(item.label.split(", "))
        self.observed = len(game.observations)
        if request is not None and request.kind == "decision" and request.player == seat:
            self.visible.update(request.options)
        for value in game.state.variables.values():
            self.visible.add(to_text(value))  # variables are public (engine.md)

    @property
    def secret(self) -> set[str]:
        return self.hidden - self.visible


def strings(document):
    """Every string value of a JSON document (keys are the format's own words)."""
    if isinstance(document, str):
        yield document
    elif isinstance(document, dict):
        for value in document.values():
            yield from strings(value)
    elif isinstance(document, list):
        for value in document:
            yield from strings(value)


def leaks(document, secret: set[str]) -> list[tuple[str, str]]:
    """``(label, text)`` for each text of the document that shows a secret label as a whole word."""
    found = []
    texts = list(strings(json.loads(json.dumps(document))))
    for name in secret:
        pattern = re.compile(r"(?<![\w])" + re.escape(name) + r"(?![\w])")
        found.extend((name, text) for text in texts if pattern.search(text))
    return found
