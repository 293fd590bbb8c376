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

``--own-sessions`` measures what the code does when the kernel does not group it: each worker
process starts a session of its own (``os.setsid``, by wrapping the worker's entry point in this
benchmark only), so the scheduler gives it a share of its own beside the other sessions (on an
idle machine, or without autogroup, the two are the same).
``tabletwin simulate`` itself leaves its workers in the session of the command, where Ctrl-C and
a closed terminal reach them.

``--timeline`` then plays one more run per model with the jobs and prints what each process did
when (:mod:`tabletwin.simulate.timeline`): starting the workers, playing, packing and sending,
unpacking, waiting, stopping, with each worker's processor time and page faults.

    .venv/bin/python benchmarks/bench_jobs.py [--games N] [--repeat R] [--own-sessions] [--timeline] [MODEL ...]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import time
from pathlib import Path

from tabletwin.simulate import timeline, workers
from tabletwin.simulate.runner import run_games
from tabletwin.simulate.variants import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEFAULT_MODELS = ("tic_tac_toe", "kuhn_poker", "pig")


def processor_time() -> float:
    mine, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def timed(text: str, filename: str, model, games: int, jobs: int) -> tuple[float, float]:
    """Wall time and processor time (with the workers') of one run.

    The run does not wait for its workers to exit; their processor time counts once they are
    reaped, so they are waited for here, after the wall time is taken.
    """
    start, cpu = time.perf_counter(), processor_time()
    run_games(text, [["random"]], games, 0, jobs, filename=filename, model=model)
    wall = time.perf_counter() - start
    for process in multiprocessing.active_children():
        process.join()
    return wall, processor_time() - cpu


def own_sessions() -> None:
    """Every worker this process forks from now on starts a session of its own (see the docstring)."""
    work = workers._work

    def in_own_session(*arguments):
        os.setsid()
        return work(*arguments)

    workers._work = in_own_session


def show_timeline(text: str, filename: str, model, games: int, jobs: int) -> None:
    """One run with ``jobs``, and per process the sum of each kind of span, its first start and last
    end (seconds from the run's start), and the idle time between the spans."""
    timeline.record()
    start = time.perf_counter()
    run_games(text, [["random"]], games, 0, jobs, filename=filename, model=model)
    end = time.perf_counter()
    notes = timeline.stop()
    print(f"  timeline of one run with {jobs} jobs: {end - start:.3f} s")
    for pid in dict.fromkeys(pid for pid, *_ in notes):
        mine = [(what, a, b) for p, what, a, b in notes if p == pid]
        kinds: dict = {}
        for what, a, b in mine:
            kind = " ".join(word for word in what.split() if not word.isdigit() and "=" not in word)
            total, count, first, last = kinds.get(kind, (0.0, 0, a, b))
            kinds[kind] = (total + b - a, count + 1, min(first, a), max(last, b))
        busy = sum(b - a for what, a, b in mine)
        who = "parent" if pid == os.getpid() else f"worker {pid}"
        print(f"    {who}: busy {busy:.3f} s of {end - start:.3f} s")
        for kind, (total, count, first, last) in kinds.items():
            print(f"      {kind:16} {count:4}x {total:7.3f} s  from {first - start:7.3f} to {last - start:7.3f}")
        for what, a, b in mine:
            if "=" in what:
                print(f"      {what}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*", help="model files (default: tic-tac-toe, Kuhn poker, Pig)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeline", action="store_true", help="print what each process did in one more run")
    parser.add_argument("--own-sessions", action="store_true", help="each worker in a session of its own (see above)")
    args = parser.parse_args()
    if args.own_sessions:
        own_sessions()
    paths = [Path(p) for p in args.models] or [EXAMPLES / f"{name}.yaml" for name in DEFAULT_MODELS]
    sessions = ", workers in sessions of their own" if args.own_sessions else ""
    print(f"{os.cpu_count()} processors, load average {os.getloadavg()[0]:.2f} before the runs{sessions}")
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
        if args.timeline:
            show_timeline(text, str(path), model, args.games, args.jobs)
    print(f"load average {os.getloadavg()[0]:.2f} after the runs")


if __name__ == "__main__":
    main()
