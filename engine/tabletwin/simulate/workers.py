"""Worker processes that play chunks of a run's games, and hand them back in game order.

The parent plays chunks too: ``jobs`` processes play, the parent and ``jobs - 1`` workers, so a
run with two jobs forks one process, and half the results never travel between processes. Each
player (parent or worker) takes the next chunk not yet taken from a counter shared by all (so
one that gets short games takes more chunks) and plays it; a worker sends each chunk's results
through its own pipe: one message per chunk (packed, :mod:`.transport`), no helper threads. Between its own chunks the
parent reads what has arrived, and keeps chunks that arrive early until every chunk before them
is in, so the results come back in game order whatever the timing. The chunk counter and the
index the run ends at are one shared array under one lock.

A game that runs out of work ends the run (see :mod:`.runner`): no one starts a chunk after it,
and the parent hands back the chunks up to and including that one. A forked worker starts with
the parent's models as they are; a spawned one loads them from their text (``sources`` and
``overrides``).

While workers run, the parent's objects are frozen out of the garbage collector (``gc.freeze``):
a forked worker shares the parent's memory page by page until one of them writes to a page, and
a full collection writes to every object it looks at, which would make each side copy pages of
the other's heap that neither otherwise changes.

The parent returns as soon as it has every chunk, without waiting for the workers to exit; with
:mod:`.timeline` recording, each process notes what it did when.
"""

from __future__ import annotations

import gc
import multiprocessing
import time
from multiprocessing.connection import wait

from . import timeline
from .transport import pack_chunk, unpack_chunk

_DONE = "done"
_FAILED = "failed"


def play_chunks(context, jobs: int, spans: list[tuple[int, int]], play_span, setup: tuple, models: list):
    """Yield the results of each span in ``spans``, in order, played by this process (with
    ``models``) and ``jobs - 1`` worker processes.

    ``play_span(models, lineups, seed, max_requests, span)`` plays one span and returns its
    results and whether its last game ran out of work; ``setup`` is
    ``(models or load, sources, overrides, lineups, seed, max_requests)``, what a worker starts
    with (``load(sources, overrides)`` gives the models from their sources; the caller passes it
    so that this module needs nothing from the runner).
    """
    counters = context.Array("i", [0, len(spans)])  # [next chunk to take, no chunk from this one on is started]
    _, _, _, lineups, seed, max_requests = setup
    readers, processes = [], []
    open_readers: list = []  # the readers of workers not yet gone
    arrived: dict = {}  # chunk index -> (results, ended), until every chunk before it is handed back
    gc.freeze()  # see the module's docstring
    timeline.usage("at the start")
    try:
        for _ in range(jobs - 1):
            reader, writer = context.Pipe(duplex=False)
            process = context.Process(target=_work, args=(writer, spans, counters, play_span, setup), daemon=True)
            begun = time.perf_counter()
            process.start()
            timeline.note("start a worker", begun)
            writer.close()  # the worker's end: the parent sees end of file when the worker is gone
            readers.append(reader)
            open_readers.append(reader)
            processes.append(process)
        following = 0
        while following < len(spans):
            if following in arrived:
                chunk, ended = arrived.pop(following)
                following += 1
                yield chunk
                if ended:
                    return
                continue
            index = _take(counters, len(spans))
            if index is not None:
                begun = time.perf_counter()
                chunk, ended = play_span(models, lineups, seed, max_requests, spans[index])
                timeline.note(f"play chunk {index}", begun)
                if ended:
                    _end_at(counters, index)
                arrived[index] = (chunk, ended)
                _receive(open_readers, arrived, 0)
                continue
            if not open_readers:
                raise RuntimeError("simulation workers stopped before playing every game")
            begun = time.perf_counter()
            _receive(open_readers, arrived, None)
            timeline.note("wait for workers", begun)
    finally:
        begun = time.perf_counter()
        if timeline.recording():  # the workers' notes come with their last message
            _receive_until_gone(open_readers, arrived)
        for process in processes:
            if process.is_alive():
                process.terminate()
            # Not joined: a worker that is done exits on its own, and waiting for the end of a
            # process as large as this one takes milliseconds. multiprocessing reaps it when
            # this process starts another one, or at exit.
        for reader in readers:
            reader.close()
        gc.unfreeze()
        timeline.note("stop workers", begun)
        timeline.usage("at the end")


def _receive(open_readers: list, arrived: dict, timeout) -> None:
    """Read the messages the workers have sent (waiting up to ``timeout`` for one, ``None``: until
    one comes): chunks go into ``arrived``, a worker that is gone leaves ``open_readers``."""
    while open_readers:
        ready = wait(open_readers, timeout)
        if not ready:
            return
        for reader in ready:
            try:
                message = reader.recv()
            except EOFError:
                open_readers.remove(reader)
                continue
            if message[0] == _FAILED:
                raise message[1]
            if message[0] == _DONE:
                timeline.extend(message[1])
                continue
            begun = time.perf_counter()
            index, chunk, ended = message
            arrived[index] = (unpack_chunk(chunk), ended)
            timeline.note(f"unpack chunk {index}", begun)
        if timeout is None:
            return


def _receive_until_gone(open_readers: list, arrived: dict) -> None:
    """Read the workers' messages until every worker is gone (or a second has passed)."""
    deadline = time.perf_counter() + 1.0
    while open_readers and time.perf_counter() < deadline:
        _receive(open_readers, arrived, max(0.0, deadline - time.perf_counter()))


def _take(counters, count: int) -> int | None:
    """The index of the next chunk to play, or ``None`` when every chunk is taken or the run ended."""
    with counters.get_lock():
        index = counters[0]
        counters[0] = index + 1
        limit = counters[1]
    return None if index >= count or index >= limit else index


def _end_at(counters, index: int) -> None:
    """The chunk ``index`` ended with a game that ran out of work: start no chunk after it."""
    with counters.get_lock():
        counters[1] = min(counters[1], index + 1)


def _work(writer, spans, counters, play_span, setup) -> None:
    """A worker's life: take chunks until none is left, send each one's results."""
    try:
        if timeline.recording():
            timeline.record()  # a forked worker starts with a copy of the parent's notes
        models, sources, overrides, lineups, seed, max_requests = setup
        if callable(models):
            begun = time.perf_counter()
            models = models(sources, overrides)
            timeline.note("load the models", begun)
        while True:
            index = _take(counters, len(spans))
            if index is None:
                break
            begun = time.perf_counter()
            chunk, ended = play_span(models, lineups, seed, max_requests, spans[index])
            played = time.perf_counter()
            if ended:
                _end_at(counters, index)
            writer.send((index, pack_chunk(chunk), ended))
            timeline.note(f"play chunk {index}", begun, played)
            timeline.note(f"send chunk {index}", played)
            if ended:
                break
        timeline.usage("at the end")
        writer.send((_DONE, timeline.stop()))
    except KeyboardInterrupt:
        pass  # the parent stops too, and says so
    except BaseException as exc:  # the parent raises it: a bug must not pass as a short run
        try:
            writer.send((_FAILED, exc))
        except Exception:
            writer.send((_FAILED, RuntimeError(f"simulation worker failed: {exc!r}")))
    finally:
        writer.close()


def default_start_method() -> str:
    """Fork where it is safe (Linux), spawn elsewhere."""
    import sys

    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods and sys.platform.startswith("linux") else "spawn"
