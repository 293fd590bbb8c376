"""How many games used each action, after the last test games or simulation of a document.

Kept per document with the version that was played; a later version (any edit) has none, so
the inlay hints that show it disappear with the first edit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ActionUsage:
    version: int
    games: int
    """The games that reported what they used (timed-out games do not)."""
    actions: tuple
    """``(key, model path text, games that used it)`` per action, in the model's order."""
    run: str
    """What played them, for the hint's tooltip: ``test games (random)``, ``simulation (...)``."""


_latest: dict[str, ActionUsage] = {}


def remember(uri: str, version: int, games: int, actions, run: str) -> None:
    _latest[uri] = ActionUsage(version, games, tuple(actions), run)


def current(uri: str, version: int | None) -> ActionUsage | None:
    """The usage of the games played on this ``version`` of the document, if any."""
    usage = _latest.get(uri)
    return usage if usage is not None and usage.version == version else None


def forget(uri: str) -> None:
    _latest.pop(uri, None)
