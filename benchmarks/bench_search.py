"""Look-ahead speed: searched decisions and rollouts per second, beside a plain rule player.

Plays Pig games with ``examples/tactics/pig-search.yaml`` (hold at 8, look-ahead on every
roll-or-hold decision) against random, and the same tactic without search, in the same run.

    .venv/bin/python benchmarks/bench_search.py [--games N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tabletwin import load_model, play
from tabletwin.players import make_players

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    model = load_model(ROOT / "examples" / "pig.yaml")
    searching = str(ROOT / "examples" / "tactics" / "pig-search.yaml")
    plain = str(ROOT / "examples" / "tactics" / "pig-hold-at-8.yaml")
    decisions = rollouts = 0
    start = time.perf_counter()
    for seed in range(args.games):
        players = make_players([searching, "random"], model, seed)
        play(model, players, seed)
        decisions += players[0].decisions
        rollouts += players[0].rollouts
    searched = time.perf_counter() - start
    start = time.perf_counter()
    for seed in range(args.games):
        play(model, [plain, "random"], seed)
    rules_only = time.perf_counter() - start
    print(f"{args.games} games: {decisions} searched decisions, {rollouts} rollouts in {searched:.2f} s")
    print(f"{decisions / searched:.1f} searched decisions/s, {rollouts / searched:.0f} rollouts/s; "
          f"games with search take {searched / rules_only:.0f} times as long as with the rules alone")


if __name__ == "__main__":
    main()
