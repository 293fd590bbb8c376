"""Python's garbage collector, tuned so that its pauses fall between requests, not inside them.

With a 5,000-line model open the server holds a large heap, and the collector's pauses land in
the middle of requests whatever thread triggers them (a collection holds the interpreter lock):
with Python's defaults and with the collector run rarely over large young generations alike,
single pauses of 50 to 180 ms were measured during typing, the tail of completion's times.
Four measures:

- **Small young collections.** A collection of the youngest generation after every
  :data:`YOUNG_OBJECTS` allocations of containers traverses only those, well under a
  millisecond; analysing an edit allocates tens of thousands, nearly all freed by reference
  counting before the collector sees them.
- **Rare automatic full collections.** A full collection traverses every object the model's
  loads, reports and indexes hold (tens of ms). Python starts one after :data:`OLD_AFTER`
  collections of the middle generation (and only when the objects that survived since the last
  one are a quarter of the old ones).
- **No collection during an analysis; at its end one young collection, and its survivors are
  frozen** (:func:`analysing`). An analysis of a 5,000-line model allocates tens of thousands
  of containers that live until the next version's (its load, findings, index), and fifteen
  young and one or two middle collections per edit traversed them again and again, for about
  10 ms of every edit's 70 ms of processor time. So automatic collection pauses while an
  analysis runs; when it ends, one collection of the youngest generation (everything the
  analysis made, about 2 ms) frees the cycles it left, about 170 kB each time, and what
  survives is frozen (``gc.freeze``, which costs nothing): later collections do not traverse
  it. Without that young collection the cycles were frozen too, and a client typing without a
  pause saw the server grow by 12 MB per 500 edits. Frozen objects that form cycles later, when
  they are let go, wait for a thorough collection (below): after :data:`THOROUGH_AFTER` frozen
  analyses the first quiet second makes one, and after :data:`THOROUGH_FORCED` the watcher
  makes one between two analyses, quiet or not.
- **Full collections when the client is quiet.** The transport notes the time of every message
  (:func:`note_message`); once no message has come for :data:`IDLE_SECONDS`, the idle watcher
  (:func:`watch_idle`) runs a full collection and then freezes what survived
  (``gc.freeze``): frozen objects are left out of every later collection, so the next pauses
  are short again. Objects that were frozen and later become unreachable are freed by reference
  counting as usual; only those in reference cycles would stay, so after
  :data:`THOROUGH_SECONDS` of quiet the frozen objects are collected too, once.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from contextlib import contextmanager

YOUNG_OBJECTS = 2_000
"""Allocations of containers (less deallocations) between two collections of the youngest generation."""

MIDDLE_AFTER = 10
"""Collections of the youngest generation between two of the middle one (Python's default)."""

OLD_AFTER = 1_000
"""Collections of the middle generation before Python considers a full collection (its default is 10)."""

IDLE_SECONDS = 1.0
"""Quiet time (no message from the client) after which a full collection runs and survivors are frozen."""

THOROUGH_SECONDS = 30.0
"""Quiet time after which the frozen objects are collected too (reference cycles among them)."""

THOROUGH_AFTER = 200
"""Analyses frozen at their end (:func:`analysing`) after which a quiet second (not only a long
quiet) collects the frozen objects too."""

THOROUGH_FORCED = 250
"""Analyses frozen at their end after which the watcher collects the frozen objects at its next
look, between two analyses, even while messages keep coming: a bound on the cycles that formed
among frozen objects for a client that never pauses (one pause of about 120 ms on a 5,000-line
model, every this many analyses)."""

_last_message = time.monotonic()
_messages = 0  # messages since the last idle collection
_thorough_due = False  # objects were frozen since the last thorough collection
_lock = threading.Lock()
_analysing = 0  # analyses running now (automatic collection is paused while any is)
_was_enabled = True  # whether automatic collection was on when the first of them started
_frozen_analyses = 0  # analyses frozen at their end since the last thorough collection


def configure() -> None:
    """At start: collect, freeze what the imports made (modules, types, functions live as long as
    the server) and set the thresholds above."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, MIDDLE_AFTER, OLD_AFTER)


@contextmanager
def analysing():
    """Around an analysis (in any thread): no automatic collection while it (or another) runs,
    and everything that exists when the last one ends is frozen."""
    global _analysing, _was_enabled, _frozen_analyses
    with _lock:
        if not _analysing:
            _was_enabled = gc.isenabled()
            gc.disable()
        _analysing += 1
    try:
        yield
    finally:
        with _lock:
            _analysing -= 1
            if not _analysing:
                gc.collect(0)  # the analysis's own cycles, before they are frozen
                gc.freeze()
                _frozen_analyses += 1
                if _was_enabled:
                    gc.enable()


def note_message() -> None:
    """A message came from the client (called by the transport for each)."""
    global _last_message, _messages
    _last_message = time.monotonic()
    _messages += 1


def quiet_seconds() -> float:
    return time.monotonic() - _last_message


def collect_when_idle() -> str | None:
    """One step of the idle watcher: ``"full"`` after a full collection and freeze, ``"thorough"``
    after one that took in the frozen objects too, else ``None`` (not quiet long enough, or
    nothing came since the last collection). The forced thorough collection waits for a moment
    when no analysis runs; one that starts in a worker thread meanwhile is only paused by it."""
    global _messages, _thorough_due, _frozen_analyses
    quiet = quiet_seconds()
    if (quiet >= THOROUGH_SECONDS and (_thorough_due or _frozen_analyses)
            or quiet >= IDLE_SECONDS and _frozen_analyses >= THOROUGH_AFTER
            or _frozen_analyses >= THOROUGH_FORCED and not _analysing):
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _thorough_due = False
        _frozen_analyses = 0
        _messages = 0
        return "thorough"
    if quiet >= IDLE_SECONDS and _messages:
        gc.collect()
        gc.freeze()
        _messages = 0
        _thorough_due = True
        return "full"
    return None


async def watch_idle(poll: float = IDLE_SECONDS / 4) -> None:
    """Run :func:`collect_when_idle` every ``poll`` seconds, on the event loop (so no handler
    of ours runs at the same time), until cancelled."""
    while True:
        await asyncio.sleep(poll)
        collect_when_idle()
