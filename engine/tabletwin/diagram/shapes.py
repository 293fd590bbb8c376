"""What a laid-out diagram is made of: stations (:mod:`.stations`), the logical tracks between
them, and the geometry drawn for them (rails and the text on them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .stations import Row, Station


@dataclass
class Track:
    """A logical connection between two stations (``kind``: enter, next, fork, return, call, end)."""

    source: str
    target: str
    kind: str
    label: str | None = None


@dataclass
class Rail:
    points: list[tuple[float, float]]
    kind: str
    arrow: bool = True
    dashed: bool = False


@dataclass
class Plate:
    """Text written on a track: ``x``, ``y`` the middle of its left edge."""

    x: float
    y: float
    shown: str
    full: str
    kind: str  # return, when, end
    boxed: bool = True


@dataclass
class Diagram:
    title: str
    stations: list[Station] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    rails: list[Rail] = field(default_factory=list)
    plates: list[Plate] = field(default_factory=list)
    loose_gaps: list[dict] = field(default_factory=list)
    loose_questions: list[dict] = field(default_factory=list)
    notes_rows: list[Row] = field(default_factory=list)
    notes_box: tuple[float, float, float, float] | None = None
    width: float = 0.0
    height: float = 0.0

    def station(self, sid: str) -> Station | None:
        return next((s for s in self.stations if s.id == sid), None)
