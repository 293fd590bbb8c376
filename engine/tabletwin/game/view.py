"""The table as one player sees it: hidden zones and other players' hands as card backs."""

from __future__ import annotations

from ..expr import to_text
from .labels import label

BACK = "?"


def zone_view(game, player: int | None) -> dict:
    """``{zone: [labels]}``; a player zone maps to one list per player. ``player=None`` sees all."""
    result = {}
    for name, decl in game.model.zones.items():
        zone = game.state.zones[name]
        parts = zone if decl.per_player else [zone]
        shown = []
        for pile in parts:
            visible = (player is None or decl.visibility == "public"
                       or (decl.visibility == "owner" and pile.owner == player))
            shown.append([label(card) if visible else BACK for card in pile])
        result[name] = shown if decl.per_player else shown[0]
    return result


def variable_view(game) -> dict:
    return {name: to_text(value) for name, value in game.state.variables.items()}


def describe_view(game, player: int | None) -> list[str]:
    """Lines for a terminal: variables, then zones."""
    lines = [f"  {name} = {value}" for name, value in variable_view(game).items()]
    for name, contents in zone_view(game, player).items():
        lines.append(f"  {name}: {to_text(contents)}")
    return lines
