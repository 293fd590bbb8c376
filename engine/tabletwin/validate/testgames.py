"""The validator's test games: random players, random chance, seeded, cut at 5,000 requests."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..expr.budget import exhausted
from ..game.work import GameTooLong
from ..play import play

MAX_REQUESTS = 5_000
"""Requests in one test game before it counts as not ending."""


@dataclass
class Stop:
    kind: str
    message: str
    path: tuple | None
    count: int = 0
    seed: int | None = None  # the first game that stopped here: its seed ...
    request: int | None = None  # ... and how many requests it had answered when it stopped


@dataclass
class TestGames:
    games: int = 0
    finished: int = 0
    requests: int = 0
    reasons: Counter = field(default_factory=Counter)
    stopped: dict = field(default_factory=dict)  # message -> Stop
    unfinished: int = 0

    @property
    def avg_requests(self) -> float:
        return 0.0 if self.games == 0 else self.requests / self.games

    def as_json(self) -> dict:
        return {"games": self.games, "finished": self.finished, "avg_requests": round(self.avg_requests, 2),
                "reasons": dict(self.reasons),
                "stopped": {f"{s.kind}: {s.message}": s.count for s in self.stopped.values()},
                "unfinished": self.unfinished}


def run_test_games(model, games: int = 20, seed: int = 0, tally=None) -> TestGames:
    """``tally`` (a :class:`~tabletwin.game.tally.Tally`), when given, counts the rules every game
    uses (the editor lists the unused ones); it changes nothing else."""
    report = TestGames()
    for number in range(games):
        record = play(model, None, seed + number, max_requests=MAX_REQUESTS, tally=tally)
        report.games += 1
        report.requests += len(record.requests)
        if record.error is not None:
            error = record.error
            key = f"{error.kind}: {error.message}"
            stop = report.stopped.setdefault(key, Stop(error.kind, error.message, error.path, 0, seed + number,
                                                       len(record.requests)))
            stop.count += 1
            if isinstance(error, GameTooLong) or exhausted(error.message):
                break  # each further game would take seconds to stop the same way
        elif record.cut:
            report.unfinished += 1
        else:
            report.finished += 1
            report.reasons[record.reason] += 1
    return report
