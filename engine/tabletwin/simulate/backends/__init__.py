"""Where the games of a run are played when not in local processes: ``--backend``.

:func:`~tabletwin.simulate.runner.run_games` plays the first game itself and hands the rest, cut
into consecutive chunks, to a backend. A backend has two methods:

- ``workers()``: how many processors it plays on (the chunks are sized for that many);
- ``session(sources, overrides, lineups, seed, max_requests)``: a context manager giving a function
  that takes the chunks and yields each chunk's results in the order of the chunks. Leaving the
  session stops whatever is still running.

Every game depends on its seed only, so any backend gives the results of ``--jobs 1``. The local
processes of ``--jobs`` are the default and live in the runner; this package adds Ray
(:mod:`.ray_backend`), an optional dependency imported only when asked for.
"""

from __future__ import annotations

BACKENDS = ("local", "ray")
"""The values of ``--backend``."""

RAY_MISSING = "--backend ray needs Ray, an optional extra: pip install 'tabletwin[ray]'"


class BackendError(Exception):
    """A backend that cannot be used: Ray missing, a cluster out of reach, workers that keep dying.

    ``status`` is the exit status: 2 for a command line that cannot run, 1 for a failure while running.
    """

    def __init__(self, message: str, status: int = 2):
        super().__init__(message)
        self.status = status


def make_backend(name: str, address: str | None = None):
    """The backend called ``name``: ``None`` for local processes, else an object as described above."""
    if name == "local":
        return None
    if name == "ray":
        try:
            import ray  # noqa: F401  (only to know it is there; the backend imports it when it runs)
        except ImportError:
            raise BackendError(RAY_MISSING) from None
        from .ray_backend import RayBackend

        return RayBackend(address)
    raise BackendError(f"unknown backend {name!r}: use {' or '.join(BACKENDS)}")
