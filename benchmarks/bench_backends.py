"""Games per second with ``--jobs 1``, ``--jobs 2`` and Ray on two processors, in the same run.

Each backend plays the same seeds of the same line-up through ``run_games`` (what ``simulate``
and ``compare`` call), and the results must be equal. Ray's start is timed apart: it is paid
once per command, not per game. Before Ray is timed, one warm-up run starts its two worker
processes, as a long run would have started them early on. Ratios are against ``--jobs 1``.

    .venv/bin/python benchmarks/bench_backends.py [--games N] [--players P,...] [--model FILE]

Needs the ray extra (``pip install -e '.[ray]'``); without it only the local rows are printed.
"""

from __future__ import annotations

import argparse
import logging
import shutil
import tempfile
import time
from pathlib import Path

from tabletwin.simulate.runner import run_games

ROOT = Path(__file__).resolve().parent.parent
PIG = ROOT / "examples" / "pig.yaml"
TACTICS = ROOT / "examples" / "tactics"


def timed(text: str, filename: str, lineup: list[str], games: int, **how) -> tuple[float, list]:
    start = time.perf_counter()
    results = run_games(text, [lineup], games, 0, filename=filename, **how)
    return time.perf_counter() - start, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--model", default=str(PIG))
    parser.add_argument("--players", default=f"{TACTICS / 'pig-hold-at-8.yaml'},{TACTICS / 'pig-hold-at-12.yaml'}")
    args = parser.parse_args()
    text, lineup = Path(args.model).read_text(), args.players.split(",")
    print(f"{args.model}, {args.games} games, players {', '.join(Path(p).name for p in lineup)}")

    base, expected = timed(text, args.model, lineup, args.games, jobs=1)
    rows = [("--jobs 1", base)]
    seconds, results = timed(text, args.model, lineup, args.games, jobs=2)
    assert results == expected, "--jobs 2 differs from --jobs 1"
    rows.append(("--jobs 2", seconds))
    try:
        import ray
    except ImportError:
        ray = None
        print("Ray is not installed: pip install -e '.[ray]' for its row")
    if ray is not None:
        from tabletwin.simulate.backends.ray_backend import RayBackend

        folder = tempfile.mkdtemp(prefix="ttray-", dir="/tmp")
        try:
            start = time.perf_counter()
            ray.init(address="local", num_cpus=2, include_dashboard=False, _temp_dir=folder,
                     logging_level=logging.ERROR)
            print(f"Ray started in {time.perf_counter() - start:.1f} s (once per command, not in the rates)")
            timed(text, args.model, lineup, 40, backend=RayBackend())  # starts the two worker processes
            seconds, results = timed(text, args.model, lineup, args.games, backend=RayBackend())
            assert results == expected, "Ray differs from --jobs 1"
            rows.append(("Ray, 2 CPUs", seconds))
        finally:
            ray.shutdown()
            shutil.rmtree(folder, ignore_errors=True)
    print(f"{'backend':<12} {'games/s':>9} {'vs --jobs 1':>12}")
    for name, seconds in rows:
        print(f"{name:<12} {args.games / seconds:>9.0f} {base / seconds:>11.2f}x")


if __name__ == "__main__":
    main()
