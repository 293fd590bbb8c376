"""How ``simulate --jobs 2`` scales: the wall time of a 2,000-game run with one and two processes.

Measures :func:`tabletwin.simulate.run_games` (what ``tabletwin simulate`` runs after loading the
model; the start of the command itself, about half a second of imports, is the same for any
number of jobs and left out). One and two jobs alternate, ``--repeat`` times each, so a load
that comes and goes on a shared machine hits both alike; the ratio of the medians is the figure,
and the lowest and highest ratio of the paired runs show the spread. The load average before the
runs says how busy the machine was (above the number of processors, two jobs cannot get two).

A busy machine hides the scaling altogether where the kernel groups processes by session
(``/proc/sys/kernel/sched_autogroup_enabled``): the workers share their session's one share of the
processors, so two jobs get no more time than one. The processor time (this process and its
workers, ``getrusage``) shows what does not depend on the load: ``cpu x`` is the processor time
of the run with more jobs over that with one (the work added by processes, pickling and the
parent's first game), and ``idle bound`` is the ratio it allows on an idle machine,
``jobs / cpu x``.

    .venv/bin/python benchmarks/bench_jobs.py [--games N] [--repeat R] [MODEL ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from pathlib import Path

from tabletwin.simulate.runner import run_games
from tabletwin.simulate.variants import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEFAULT_MODELS = ("tic_tac_toe", "kuhn_poker", "pig")


def processor_time() -> float:
    mine, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def timed(text: str, filename: str, model, games: int, jobs: int) -> tuple[float, float]:
    """Wall time and processor time (with the workers') of one run."""
    start, cpu = time.perf_counter(), processor_time()
    run_games(text, [["random"]], games, 0, jobs, filename=filename, model=model)
    return time.perf_counter() - start, processor_time() - cpu


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
        ones, manys, cpu_ones, cpu_manys = [], [], [], []
        for _ in range(args.repeat):
            wall, cpu = timed(text, str(path), model, args.games, 1)
            ones.append(wall)
            cpu_ones.append(cpu)
            wall, cpu = timed(text, str(path), model, args.games, args.jobs)
            manys.append(wall)
            cpu_manys.append(cpu)
        ratios = sorted(one / many for one, many in zip(ones, manys))
        ratio = statistics.median(ones) / statistics.median(manys)
        cpu_x = statistics.median(cpu_manys) / statistics.median(cpu_ones)
        print(f"{path.stem:16} {args.games} games: --jobs 1 {statistics.median(ones):6.3f} s, --jobs {args.jobs} "
              f"{statistics.median(manys):6.3f} s (medians of {args.repeat}); ratio {ratio:4.2f} "
              f"(paired runs {ratios[0]:.2f}-{ratios[-1]:.2f}); cpu x {cpu_x:.3f}, idle bound {args.jobs / cpu_x:.2f}")
    print(f"load average {os.getloadavg()[0]:.2f} after the runs")


if __name__ == "__main__":
    main()
