"""The server's garbage collector settings (:mod:`tabletwin_lsp.collector`): its thresholds, the
full collection and freeze once the client is quiet, and the thorough one after a long quiet."""

import asyncio
import gc
import time
import weakref

import pytest

from tabletwin_lsp import collector


class Node:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self):
        self.me = self


@pytest.fixture
def fresh_collector():
    """The collector's state and Python's as a test leaves them, restored afterwards (the other
    tests of the process expect nothing frozen)."""
    thresholds = gc.get_threshold()
    saved = collector._last_message, collector._messages, collector._thorough_due
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    collector._last_message, collector._messages, collector._thorough_due = saved


def _quiet_for(seconds: float) -> None:
    """As if the last message came ``seconds`` ago."""
    collector._last_message = time.monotonic() - seconds


def test_configure_freezes_the_imports_and_sets_the_thresholds(fresh_collector):
    collector.configure()
    assert gc.get_threshold() == (2_000, 10, 1_000)
    assert gc.get_freeze_count() > 0


def test_nothing_is_collected_while_messages_come(fresh_collector):
    collector.note_message()
    assert collector.quiet_seconds() < collector.IDLE_SECONDS
    assert collector.collect_when_idle() is None


def test_a_quiet_second_collects_cycles_and_freezes_the_survivors(fresh_collector):
    gc.unfreeze()
    dropped, kept = Node(), Node()
    dropped_ref = weakref.ref(dropped)
    del dropped
    collector.note_message()
    _quiet_for(collector.IDLE_SECONDS)
    assert collector.collect_when_idle() == "full"
    assert dropped_ref() is None
    assert gc.get_freeze_count() > 0
    assert not any(found is kept for found in gc.get_objects())  # frozen: in no generation
    assert collector.collect_when_idle() is None  # nothing came since: no second collection


def test_a_long_quiet_collects_the_frozen_cycles_once(fresh_collector):
    gc.unfreeze()
    frozen = Node()
    frozen_ref = weakref.ref(frozen)
    collector.note_message()
    _quiet_for(collector.IDLE_SECONDS)
    assert collector.collect_when_idle() == "full"  # ``frozen`` was alive: frozen with the rest
    del frozen
    gc.collect()
    assert frozen_ref() is not None  # out of reach of ordinary collections
    _quiet_for(collector.THOROUGH_SECONDS)
    assert collector.collect_when_idle() == "thorough"
    assert frozen_ref() is None
    assert gc.get_freeze_count() > 0  # the survivors are frozen again
    assert collector.collect_when_idle() is None


def test_the_watcher_collects_on_the_event_loop(fresh_collector):
    gc.unfreeze()
    dropped = Node()
    dropped_ref = weakref.ref(dropped)
    del dropped
    collector.note_message()
    _quiet_for(collector.IDLE_SECONDS)

    async def watch_briefly() -> None:
        watcher = asyncio.ensure_future(collector.watch_idle(poll=0.01))
        while dropped_ref() is not None:
            await asyncio.sleep(0.01)
        watcher.cancel()

    asyncio.run(asyncio.wait_for(watch_briefly(), 5))
    assert collector._messages == 0
