"""Who sees what, for one viewer (engine.md, "who sees what").

A viewer is ``None`` (everyone: the designer's view), a seat, or :data:`SPECTATOR` (someone at
the table who plays no seat, such as the narration of a game with several people at one
terminal): a spectator sees only what everyone sees.

- A pile: ``public`` zones everyone, ``owner`` zones their owner, ``hidden`` zones nobody.
- An answer or observation: everyone, or the players listed in its ``visible_to``; a decision's
  answer also its chooser.
- A decision's options only its chooser: they may list the chooser's hidden cards, and which
  actions are legal can tell what a hand holds.
- A chance's options only those who see its outcome, and never an option that is a card lying in
  a pile the viewer cannot see (drawing from a hidden deck shows what was drawn, not the deck).
"""

from __future__ import annotations

from ..game.requests import ALL

BACK = "?"
"""What a viewer sees in place of a text they may not see."""

SPECTATOR = -1
"""A viewer who plays no seat."""


def sees(viewer, visible_to, player=None) -> bool:
    """Whether ``viewer`` sees something ``visible_to`` (``'all'`` or seats) sees; ``player`` sees it too."""
    if viewer is None or visible_to == ALL:
        return True
    if player is not None and viewer == player:
        return True
    return viewer in visible_to


def seen_by(visible_to, seats: int, player=None) -> list[int]:
    """The seats that see it, as a sorted list."""
    if visible_to == ALL:
        return list(range(seats))
    found = {p for p in visible_to if isinstance(p, int) and 0 <= p < seats}
    if player is not None:
        found.add(player)
    return sorted(found)


def sees_pile(viewer, visibility: str, owner) -> bool:
    """Whether ``viewer`` sees the cards of a pile of a zone with ``visibility`` owned by ``owner``."""
    if viewer is None or visibility == "public":
        return True
    return visibility == "owner" and owner is not None and viewer == owner


def pile_name(zone: str, owner) -> str:
    """``hand[1]`` for a player's part of a player zone, else the zone's name."""
    return zone if owner is None else f"{zone}[{owner}]"
