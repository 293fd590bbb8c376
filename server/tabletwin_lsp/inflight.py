"""The client's requests read but not yet answered, with the time each was read.

The analysis of an edit waits for the requests an editor sends right after a keystroke
(completion, hover) to be answered before it takes the interpreter
(:mod:`tabletwin_lsp.features.diagnostics`). A request is noted by the reading thread as soon as
its JSON is parsed (before the event loop handles the edit that came before it, when both came
together), and forgotten when its answer is sent: by pygls (:class:`tabletwin_lsp.protocol.Protocol`,
on the loop or on a worker thread) or by the transport's error answers. Each note is one
dictionary operation, atomic under the interpreter lock, so no lock is taken.
"""

from __future__ import annotations

import time

MAX_NOTED = 1024
"""Requests noted at most; beyond it the oldest note is dropped (a request that is never
answered, from a client that sends requests the server cannot answer, must not grow the table)."""

_unanswered: dict = {}  # request id -> time.monotonic() when it was read


def read(msg_id) -> None:
    """A request with ``msg_id`` was read (on the reading thread)."""
    _unanswered[msg_id] = time.monotonic()
    if len(_unanswered) > MAX_NOTED:
        _unanswered.pop(next(iter(_unanswered)), None)  # (None: answered meanwhile on another thread)


def answered(msg_id) -> None:
    """The answer to ``msg_id`` was sent (any thread)."""
    _unanswered.pop(msg_id, None)


def waiting_since(moment: float) -> bool:
    """Whether a request read at ``moment`` (``time.monotonic()``) or later is still unanswered."""
    # list() copies the values without letting another thread run (floats have no finalizers).
    return any(read_at >= moment for read_at in list(_unanswered.values()))
