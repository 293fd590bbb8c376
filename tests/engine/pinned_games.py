"""Full request sequences of a few games per model, recorded before the engine was made faster.

Each game is driven by a deterministic chooser (a seeded ``random.Random``: uniform over a
decision's options, by the listed probabilities for chance), so a faster engine that keeps the
rules' semantics must reproduce every request, option label, observation and event exactly.

Run ``python -m tests.engine.pinned_games`` to record the files anew (only when a change of the
games is intended, and say so in the commit).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from tabletwin import Game, load_model

ROOT = Path(__file__).resolve().parent.parent.parent
PINNED = Path(__file__).resolve().parent / "pinned"
MODELS = sorted((ROOT / "examples").glob("*.yaml")) + sorted((ROOT / "tests" / "fixtures" / "cheatsheet").glob("*.yaml"))
SEEDS = (0, 1, 2)
MAX_REQUESTS = 400


def _plain(value):
    """An option's value as JSON: plain scalars as they are, anything else as a short digest of
    its ``repr`` (card instances print as long dicts; the digest still pins every field)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return "#" + hashlib.sha1(repr(value).encode()).hexdigest()[:12]


def record_game(path: Path, seed: int) -> dict:
    model = load_model(path)
    game = Game(model, seed)
    chooser = random.Random(seed)
    requests = []
    while not game.is_over and len(requests) < MAX_REQUESTS:
        request = game.request
        entry = {"kind": request.kind, "player": request.player, "where": request.where,
                 "options": list(request.options), "values": [_plain(v) for v in request.values],
                 "visible_to": request.visible_to}
        if request.kind == "chance":
            entry["probabilities"] = [repr(p) for p in request.probabilities]
            index = chooser.choices(range(len(request.options)), weights=request.probabilities)[0]
        else:
            index = chooser.randrange(len(request.options))
        entry["answer"] = index
        requests.append(entry)
        game.answer(index)
    end = game.request if game.is_over else None
    return {
        "model": path.name,
        "seed": seed,
        "requests": requests,
        "end": None if end is None else {"payoffs": [repr(p) for p in end.payoffs], "reason": end.reason},
        "observations": [[o.where, o.kind, o.label, o.visible_to, o.player] for o in game.observations],
        "events": list(game.events),
    }


def pinned_file(path: Path) -> Path:
    return PINNED / f"{path.stem}.json"


def main() -> None:
    PINNED.mkdir(exist_ok=True)
    for path in MODELS:
        games = [record_game(path, seed) for seed in SEEDS]
        pinned_file(path).write_text(json.dumps(games, indent=None, separators=(",", ":")) + "\n")
        print(path.name, sum(len(g["requests"]) for g in games), "requests")


if __name__ == "__main__":
    main()
