"""Zone contents, and what is known of the order of a shuffled zone.

Index 0 is the top. A shuffled zone knows its top ``top`` cards and bottom ``bottom`` cards;
the cards between them are in no known order, so taking one of them is a chance node. The
list still holds them in some order: the engine never reads that order for anything a player
could notice.
"""

from __future__ import annotations


class Pile(list):
    """The contents of one zone (or one player's part of a player zone)."""

    __slots__ = ("zone", "owner", "shuffled", "top", "bottom")

    def __init__(self, items=(), zone: str = "", owner: int | None = None, shuffled: bool = False):
        super().__init__(items)
        self.zone = zone
        self.owner = owner
        self.shuffled = shuffled
        self.top = 0
        self.bottom = 0

    def unknown(self) -> range:
        """Indexes of the cards whose position is not known."""
        return range(self.top, len(self) - self.bottom)

    def forget(self) -> None:
        self.top = self.bottom = 0

    def take(self, index: int):
        """Remove and return the card at ``index``, keeping the known counts right."""
        if self.shuffled:
            if index < self.top:
                self.top -= 1
            elif index >= len(self) - self.bottom:
                self.bottom -= 1
        return self.pop(index)

    def put(self, item, position) -> None:
        """Insert ``item``: ``top``, ``bottom``, or (``random``/none) among the unknown cards."""
        if position == "top":
            self.insert(0, item)
            if self.shuffled:
                self.top += 1
        elif position == "bottom":
            self.append(item)
            if self.shuffled:
                self.bottom += 1
        elif self.shuffled:
            self.insert(len(self) - self.bottom, item)
        else:
            self.append(item)

    def reveal_top(self, index: int) -> None:
        """The unknown card at ``index`` becomes the next known card on top."""
        self[self.top], self[index] = self[index], self[self.top]
        self.top += 1
