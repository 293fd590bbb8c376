"""Look-ahead speed: searched decisions and rollouts per second, beside a plain rule player.

Plays Pig games with ``examples/tactics/pig-search.yaml`` (hold at 8, look-ahead on every
roll-or-hold decision) against random, and the same tactic without search, in the same run.
With ``--against REV`` the same games also run on the engine of git revision ``REV`` (for
example ``eca5ce0``, before games were copied instead of replayed) and the ratio is printed.
Rates are per second of processor time, so other load on the machine skews them less; with
``--repeat R`` both engines are measured R times, alternating, and the ratio is that of the
medians (the paired runs' lowest and highest ratio show the spread).

    .venv/bin/python benchmarks/bench_search.py [--games N] [--against REV] [--repeat R]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from tabletwin import load_model, play
from tabletwin.players import make_players

ROOT = Path(__file__).resolve().parent.parent


def measure(games: int) -> dict:
    model = load_model(ROOT / "examples" / "pig.yaml")
    searching = str(ROOT / "examples" / "tactics" / "pig-search.yaml")
    plain = str(ROOT / "examples" / "tactics" / "pig-hold-at-8.yaml")
    decisions = rollouts = 0
    start = time.process_time()
    for seed in range(games):
        players = make_players([searching, "random"], model, seed)
        play(model, players, seed)
        decisions += players[0].decisions
        rollouts += players[0].rollouts
    searched = time.process_time() - start
    start = time.process_time()
    for seed in range(games):
        play(model, [plain, "random"], seed)
    rules_only = time.process_time() - start
    return {"decisions": decisions, "rollouts": rollouts, "searched": searched, "rules_only": rules_only}


def report(label: str, result: dict) -> None:
    searched = result["searched"]
    print(f"{label}: {result['decisions']} searched decisions, {result['rollouts']} rollouts in {searched:.2f} s; "
          f"{result['decisions'] / searched:.1f} searched decisions/s, {result['rollouts'] / searched:.0f} rollouts/s; "
          f"games with search take {searched / result['rules_only']:.0f} times as long as with the rules alone")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--against", metavar="REV", help="also measure the engine of this git revision")
    parser.add_argument("--repeat", type=int, default=1, help="measurements of each engine (default 1)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # for --against
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.games)))
        return
    reference = None
    if args.against:
        from reference import extract

        reference = extract(args.against)
    ours_rates, theirs_rates = [], []
    for _ in range(max(1, args.repeat)):
        ours = measure(args.games)
        report(f"{args.games} games", ours)
        ours_rates.append(ours["decisions"] / ours["searched"])
        if reference is not None:
            from reference import run_under

            theirs = run_under(reference, Path(__file__), ["--games", str(args.games)])
            report(f"{args.against}", theirs)
            theirs_rates.append(theirs["decisions"] / theirs["searched"])
    if reference is not None:
        ratio = statistics.median(ours_rates) / statistics.median(theirs_rates)
        paired = sorted(o / t for o, t in zip(ours_rates, theirs_rates))
        print(f"searched decisions/s: this engine / {args.against} = {ratio:.2f} "
              f"(medians of {len(ours_rates)}; paired runs {paired[0]:.2f}-{paired[-1]:.2f})")


if __name__ == "__main__":
    main()
