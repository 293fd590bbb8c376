"""The timeline of a run with several jobs (simulate/timeline.py): off by default; when on, every
chunk is noted once as played, by the parent or by the worker that played it."""

import os

from tabletwin.simulate import timeline
from tabletwin.simulate.runner import _chunks, run_games

from .test_workers import SOMETIMES_LONG

SHORT = SOMETIMES_LONG.replace("5000", "3")


def test_nothing_is_noted_unless_recording():
    run_games(SHORT, [["random"]], 40, jobs=2, start_method="fork")
    assert not timeline.recording()
    assert timeline.stop() == []


def test_every_chunk_is_noted_once_by_the_process_that_played_it():
    timeline.record()
    try:
        results = run_games(SHORT, [["random"]], 120, jobs=2, start_method="fork")
    finally:
        notes = timeline.stop()
    assert len(results) == 120
    played = [(pid, int(what.split()[-1])) for pid, what, _, _ in notes if what.startswith("play chunk")]
    assert sorted(index for _, index in played) == list(range(len(_chunks(119, 2))))
    pids = {pid for pid, _ in played}
    assert os.getpid() in {pid for pid, *_ in notes}
    assert [what for pid, what, _, _ in notes if pid == os.getpid() and what == "start a worker"] == ["start a worker"]
    workers = {pid for pid, *_ in notes} - {os.getpid()}
    assert len(workers) == 1
    assert pids <= {os.getpid(), *workers}
    (worker,) = workers
    sent = sorted(int(what.split()[-1]) for pid, what, _, _ in notes if pid == worker and what.startswith("send chunk"))
    assert sent == sorted(index for pid, index in played if pid == worker)
    assert all(start <= end for _, _, start, end in notes)
