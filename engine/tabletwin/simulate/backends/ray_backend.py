"""Games as Ray tasks, on this machine or on a cluster (``--backend ray [--address ADDR]``).

What travels: the model texts, the ``--set`` constants and the loaded tactics of the line-ups go
into Ray's object store once per run (``ray.put``). Each task carries only a key to them, the
line-ups' spec strings, the seed and its chunk of games. A worker process fetches the objects the
first time it sees a key and keeps the loaded models, so a model is parsed once per worker, not
per chunk or game. Tactics travel loaded, not as file names: a node without the files (or the
ladder's temporary variants) plays them all the same, and messages name the same paths.

Failures: a task whose worker process dies (killed, out of memory, its node lost) is run again by
Ray, up to :data:`MAX_RETRIES` times; its games are seeded, so the rerun gives the same results.
Ctrl-C cancels the tasks still queued or running.
"""

from __future__ import annotations

import hashlib
import logging
import pickle
import socket
from collections import OrderedDict, deque
from contextlib import contextmanager
from itertools import islice

from ...players import seats
from ..runner import _models, play_span
from . import BackendError

MAX_RETRIES = 3
"""Times Ray runs a chunk again after the worker playing it died."""

AHEAD = 2
"""Chunks queued per worker beyond the one it plays, so no worker waits for the next."""

KEPT_SETUPS = 4
"""Runs whose loaded models a worker keeps (a sweep plays one run per variant)."""

TASK_OPTIONS = {"num_cpus": 1, "max_retries": MAX_RETRIES, "scheduling_strategy": "SPREAD"}
"""One processor per chunk; chunks spread over the nodes rather than queued where the run started
(a node's first worker takes seconds to start, and the other nodes would wait for it)."""

CONNECT_TIMEOUT = 10
"""Seconds to wait for the cluster's address to take a connection before saying it does not."""

WAIT = 0.25
"""Seconds between checks for Ctrl-C while waiting for a chunk."""


class RayBackend:
    """Games on the Ray cluster at ``address``, or on a Ray started here when it is ``None``."""

    def __init__(self, address: str | None = None):
        self.address = address

    def _ray(self):
        import ray

        if not ray.is_initialized():
            if self.address:
                _reachable(self.address)
            try:
                # Workers' and Ray's own log lines would go to standard output, into the JSON.
                if self.address:
                    ray.init(address=self.address, logging_level=logging.ERROR, log_to_driver=False)
                else:
                    ray.init(address="local", include_dashboard=False, logging_level=logging.ERROR,
                             log_to_driver=False)
            except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError, ...
                where = f"the Ray cluster at {self.address}" if self.address else "a local Ray"
                raise BackendError(f"cannot start or reach {where}: {exc}", status=1) from None
        _diagnostics_to_stderr(ray)
        return ray

    def workers(self) -> int:
        return max(1, int(self._ray().cluster_resources().get("CPU", 1)))

    @contextmanager
    def session(self, sources, overrides: dict, lineups, seed: int, max_requests: int | None):
        ray = self._ray()
        setup = (sources, overrides, _tactics(lineups))
        key = hashlib.sha256(pickle.dumps(setup)).hexdigest()
        box = [ray.put(setup)]  # in a list, so Ray hands the reference over instead of the value
        task = _remote(ray)
        pending: deque = deque()
        ahead = self.workers() * (1 + AHEAD)

        def play(chunks):
            queue = iter(chunks)
            for span in islice(queue, ahead):
                pending.append((span, task.remote(key, box, lineups, seed, max_requests, span)))
            while pending:
                span, ref = pending[0]
                while not ray.wait([ref], timeout=WAIT)[0]:
                    pass
                result = _get(ray, ref, span)
                pending.popleft()
                for span in islice(queue, 1):
                    pending.append((span, task.remote(key, box, lineups, seed, max_requests, span)))
                yield result

        try:
            yield play
        finally:
            for _, ref in pending:
                try:
                    ray.cancel(ref)
                except Exception:  # already finished or failed: nothing to stop
                    pass


def _reachable(address: str) -> None:
    """A :class:`BackendError` unless ``HOST:PORT`` takes connections: Ray itself retries an
    address where nothing listens for minutes, printing warnings, instead of failing."""
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or "://" in host:
        return  # "auto", "ray://..." and other forms: Ray's own checks apply
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        raise BackendError(f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}", status=1) from None


def _diagnostics_to_stderr(ray) -> None:
    """Ray prints its own error messages (a worker died, a task is retried) to standard output,
    where they would break ``--json``; they are diagnostics, so they go to standard error."""
    worker = getattr(getattr(ray, "_private", None), "worker", None)
    original = getattr(worker, "print_to_stdstream", None)
    if original is None or getattr(original, "to_stderr", False):
        return

    def to_stderr(data, *args, **kwargs):
        return original({**data, "is_err": True}, *args, **kwargs)

    to_stderr.to_stderr = True
    worker.print_to_stdstream = to_stderr


def _get(ray, ref, span):
    """The chunk's results; a worker lost beyond the retries is a :class:`BackendError`."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError:
        raise  # the games' own error, as with local processes
    except ray.exceptions.RayError as exc:
        games = f"game {span[0]}" if span[1] - span[0] == 1 else f"games {span[0]} to {span[1] - 1}"
        raise BackendError(f"Ray could not play {games} of the run (tried {1 + MAX_RETRIES} times): {exc}",
                           status=1) from None


def _tactics(lineups) -> dict:
    """The tactic of every tactic-file spec in the line-ups, loaded here (the specs were checked)."""
    from ...tactics import load_tactic

    specs = {spec.strip() for lineup in lineups for spec in lineup}
    return {spec: load_tactic(spec) for spec in sorted(specs) if spec.endswith((".yaml", ".yml"))}


_REMOTE: dict = {}


def _remote(ray):
    """The Ray task playing one chunk, declared once per process."""
    if "task" not in _REMOTE:
        _REMOTE["task"] = ray.remote(**TASK_OPTIONS)(play_chunk)
    return _REMOTE["task"]


_loaded: OrderedDict = OrderedDict()
"""In a worker: key → (models, tactics) of the runs it has played lately."""


def play_chunk(key: str, box: list, lineups, seed: int, max_requests: int | None, span: tuple[int, int]):
    """In a worker: the games of ``span``, with the run's models loaded once per worker."""
    if key in _loaded:
        _loaded.move_to_end(key)
    else:
        import ray

        sources, overrides, tactics = ray.get(box[0])
        _loaded[key] = (_models(sources, overrides, {}), tactics)
        while len(_loaded) > KEPT_SETUPS:
            _loaded.popitem(last=False)
    models, tactics = _loaded[key]
    # make_players looks tactic files up by their spec in this per-process table; filling it makes
    # every spec of this run play the tactic loaded on the driver, whatever the files here hold.
    seats._TACTICS.update(tactics)
    return play_span(models, lineups, seed, max_requests, span)
