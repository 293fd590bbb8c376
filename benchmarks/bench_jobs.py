"""How ``simulate --jobs 2`` scales: the wall time of a 2,000-game run with one and two processes.

Measures :func:`tabletwin.simulate.run_games` (what ``tabletwin simulate`` runs after loading the
model; the start of the command itself, about half a second of imports, is the same for any
number of jobs and left out). One and two jobs alternate, ``--repeat`` times each, so a load
that comes and goes on a shared machine hits both alike; the ratio of the medians is the figure,
and the lowest and highest ratio of the paired runs show the spread. The load average before the
runs says how busy the machine was (above the number of processors, two jobs cannot get two).

    .venv/bin/python benchmarks/bench_jobs.py [--games N] [--repeat R] [MODEL ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from tabletwin.simulate.runner import run_games
from tabletwin.simulate.variants import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEFAULT_MODELS = ("tic_tac_toe", "kuhn_poker", "pig")


def timed(text: str, filename: str, model, games: int, jobs: int) -> float:
    start = time.perf_counter()
    run_games(text, [["random"]], games, 0, jobs, filename=filename, model=model)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*", help="model files (default: tic-tac-toe, Kuhn poker, Pig)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    paths = [Path(p) for p in args.models] or [EXAMPLES / f"{name}.yaml" for name in DEFAULT_MODELS]
    print(f"{os.cpu_count()} processors, load average {os.getloadavg()[0]:.2f} before the runs")
    for path in paths:
        text = path.read_text(encoding="utf-8")
        model = load_variant(text, str(path), {})
        timed(text, str(path), model, min(args.games, 50), 1)  # warm: compiled parts, prepared start
        ones, manys = [], []
        for _ in range(args.repeat):
            ones.append(timed(text, str(path), model, args.games, 1))
            manys.append(timed(text, str(path), model, args.games, args.jobs))
        ratios = sorted(one / many for one, many in zip(ones, manys))
        ratio = statistics.median(ones) / statistics.median(manys)
        print(f"{path.stem:16} {args.games} games: --jobs 1 {statistics.median(ones):6.3f} s, --jobs {args.jobs} "
              f"{statistics.median(manys):6.3f} s (medians of {args.repeat}); ratio {ratio:4.2f} "
              f"(paired runs {ratios[0]:.2f}-{ratios[-1]:.2f})")
    print(f"load average {os.getloadavg()[0]:.2f} after the runs")


if __name__ == "__main__":
    main()
