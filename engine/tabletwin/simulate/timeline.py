"""What each process of a run with several jobs did, and when: where the time of ``--jobs N`` goes.

Off unless :func:`record` is called (``benchmarks/bench_jobs.py --timeline`` does); then
:mod:`.workers` notes every span of work in the parent and in each forked worker, and a worker
hands its notes to the parent with its last message. Times are ``time.perf_counter()``, which
on Linux is the same clock in every process, so the notes of all processes line up. A spawned
worker starts without the switch and notes nothing.
"""

from __future__ import annotations

import os
import resource
import time

_notes: list | None = None


def record() -> None:
    """Start noting (again, from nothing)."""
    global _notes
    _notes = []


def stop() -> list:
    """Stop noting; the notes so far, each ``(process id, what, start, end)``."""
    global _notes
    notes, _notes = _notes or [], None
    return notes


def recording() -> bool:
    return _notes is not None


def note(what: str, start: float, end: float | None = None) -> None:
    """Note that this process did ``what`` from ``start`` to ``end`` (default: now)."""
    if _notes is not None:
        _notes.append((os.getpid(), what, start, time.perf_counter() if end is None else end))


def extend(notes: list) -> None:
    """Add a worker's notes to this process's."""
    if _notes is not None:
        _notes.extend(notes)


def usage(what: str = "usage") -> None:
    """Note this process's processor time and page faults so far (as ``what``, at a zero-length span)."""
    if _notes is not None:
        mine = resource.getrusage(resource.RUSAGE_SELF)
        now = time.perf_counter()
        _notes.append((os.getpid(), f"{what} cpu={mine.ru_utime + mine.ru_stime:.3f}s faults={mine.ru_minflt}",
                       now, now))
