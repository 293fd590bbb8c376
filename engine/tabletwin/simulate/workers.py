"""Worker processes that play chunks of a run's games, and hand them back in game order.

Each worker takes the next chunk not yet taken from a counter shared by all (so a worker that
gets short games takes more chunks), plays it, and sends the chunk's results through its own
pipe: one message per chunk, no helper threads. The parent keeps chunks that arrive early until
every chunk before them is in, so the results come back in game order whatever the timing.

A game that runs out of work ends the run (see :mod:`.runner`): its worker stops, no worker
starts a chunk after it, and the parent hands back the chunks up to and including that one.
A forked worker starts with the parent's models as they are; a spawned one loads them from
their text (``sources`` and ``overrides``).
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import wait

_DONE = "done"
_FAILED = "failed"


def play_chunks(context, jobs: int, spans: list[tuple[int, int]], play_span, setup: tuple):
    """Yield the results of each span in ``spans``, in order, played by ``jobs`` processes.

    ``play_span(models, lineups, seed, max_requests, span)`` plays one span and returns its
    results, ending with a game that ran out of work if one did; ``setup`` is
    ``(models or None, sources, overrides, lineups, seed, max_requests)``.
    """
    taken = context.Value("i", 0)
    limit = context.Value("i", len(spans))  # no chunk from this index on is started
    readers, processes = [], []
    try:
        for _ in range(jobs):
            reader, writer = context.Pipe(duplex=False)
            process = context.Process(target=_work, args=(writer, spans, taken, limit, play_span, setup), daemon=True)
            process.start()
            writer.close()  # the worker's end: the parent sees end of file when the worker is gone
            readers.append(reader)
            processes.append(process)
        arrived: dict = {}
        following = 0
        open_readers = list(readers)
        while following < len(spans):
            if following in arrived:
                chunk, ended = arrived.pop(following)
                following += 1
                yield chunk
                if ended:
                    return
                continue
            if not open_readers:
                raise RuntimeError("simulation workers stopped before playing every game")
            for reader in wait(open_readers):
                try:
                    message = reader.recv()
                except EOFError:
                    open_readers.remove(reader)
                    continue
                if message[0] == _FAILED:
                    raise message[1]
                if message[0] == _DONE:
                    continue
                index, chunk, ended = message
                arrived[index] = (chunk, ended)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join()
        for reader in readers:
            reader.close()


def _work(writer, spans, taken, limit, play_span, setup) -> None:
    """A worker's life: take chunks until none is left, send each one's results."""
    try:
        models, sources, overrides, lineups, seed, max_requests = setup
        if models is None:
            from .runner import load_models

            models = load_models(sources, overrides)
        while True:
            with taken.get_lock():
                index = taken.value
                taken.value += 1
            if index >= len(spans) or index >= limit.value:
                break
            chunk, ended = play_span(models, lineups, seed, max_requests, spans[index])
            if ended:
                with limit.get_lock():
                    limit.value = min(limit.value, index + 1)
            writer.send((index, chunk, ended))
            if ended:
                break
        writer.send((_DONE,))
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
