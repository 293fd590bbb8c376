"""``simulate``'s per-game results of a few seeds per model, recorded before its path was made faster.

Each result is :class:`~tabletwin.simulate.runner.GameResult` as plain JSON: payoffs, reason,
request counts, rounds, the choices per seat and place, and the usage tally. A faster per-game
path that keeps the rules' semantics and the players' streams must reproduce every field.

Run ``python -m tests.simulate.pinned_results`` to record the file anew (only when a change of
the games is intended, and say so in the commit).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from tabletwin import load_model
from tabletwin.simulate.runner import play_game

ROOT = Path(__file__).resolve().parent.parent.parent
PINNED = Path(__file__).resolve().parent / "pinned" / "results.json"
MODELS = sorted((ROOT / "examples").glob("*.yaml")) + sorted((ROOT / "tests" / "fixtures" / "cheatsheet").glob("*.yaml"))
LINEUPS = (("random",), ("first",))
SEEDS = range(8)


def _plain(value):
    """Tuples as lists and floats by ``repr``, so JSON keeps every bit of a payoff."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return repr(value)
    return value


def record_results(path: Path) -> list:
    model = load_model(path)
    return [_plain(dataclasses.astuple(play_game(model, list(specs), seed)))
            for specs in LINEUPS for seed in SEEDS]


def main() -> None:
    PINNED.parent.mkdir(exist_ok=True)
    recorded = {path.stem: record_results(path) for path in MODELS}
    PINNED.write_text(json.dumps(recorded, indent=None, separators=(",", ":"), sort_keys=True) + "\n")
    print(PINNED, sum(len(v) for v in recorded.values()), "results")


if __name__ == "__main__":
    main()
