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


@pytest.fixture
def no_analyses(fresh_collector):
    """The count of frozen analyses as a test leaves it, restored afterwards."""
    saved = collector._frozen_analyses
    yield
    collector._frozen_analyses = saved
    gc.enable()


def test_nothing_is_collected_during_an_analysis_and_what_it_leaves_is_frozen(no_analyses):
    gc.unfreeze()
    collector._frozen_analyses = 0
    with collector.analysing():
        assert not gc.isenabled()
        with collector.analysing():  # another one, in another thread
            kept = Node()
        assert not gc.isenabled()  # until the last one ends
        assert gc.get_freeze_count() == 0
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    assert not any(found is kept for found in gc.get_objects())  # frozen: in no generation
    assert collector._frozen_analyses == 1


def test_automatic_collection_stays_off_after_an_analysis_if_it_was_off(no_analyses):
    gc.disable()
    with collector.analysing():
        pass
    assert not gc.isenabled()


def test_cycles_frozen_with_analyses_are_collected_after_a_long_quiet(no_analyses):
    gc.unfreeze()
    collector._frozen_analyses, collector._messages, collector._thorough_due = 0, 0, False
    with collector.analysing():
        frozen = Node()
    frozen_ref = weakref.ref(frozen)
    del frozen
    gc.collect()
    assert frozen_ref() is not None
    _quiet_for(collector.IDLE_SECONDS)
    assert collector.collect_when_idle() is None  # nothing came: no full collection, too few analyses
    _quiet_for(collector.THOROUGH_SECONDS)
    assert collector.collect_when_idle() == "thorough"
    assert frozen_ref() is None and collector._frozen_analyses == 0
    assert collector.collect_when_idle() is None


def _cycle_frozen_by(analyses: int) -> weakref.ref:
    """Run ``analyses`` analyses, the last leaving a cycle it still held when it ended (so frozen
    with its survivors), and let the cycle go: a reference to it that only a thorough collection clears."""
    for _ in range(analyses - 1):
        with collector.analysing():
            pass
    with collector.analysing():
        frozen = Node()
    frozen_ref = weakref.ref(frozen)
    del frozen
    return frozen_ref


def test_many_frozen_analyses_are_collected_at_the_first_quiet_second(no_analyses):
    gc.unfreeze()
    collector._frozen_analyses = 0
    collector.note_message()
    frozen_ref = _cycle_frozen_by(collector.THOROUGH_AFTER)
    _quiet_for(collector.IDLE_SECONDS)
    assert collector.collect_when_idle() == "thorough"
    assert frozen_ref() is None and collector._frozen_analyses == 0
    assert collector.collect_when_idle() is None  # the messages that came are collected with it


def test_many_more_frozen_analyses_are_collected_between_two_analyses_without_a_quiet_second(no_analyses):
    gc.unfreeze()
    collector._frozen_analyses = 0
    frozen_ref = _cycle_frozen_by(collector.THOROUGH_FORCED)
    with collector.analysing():  # one running: the watcher waits
        collector.note_message()
        assert collector.collect_when_idle() is None
    assert collector._frozen_analyses == collector.THOROUGH_FORCED + 1
    collector.note_message()  # messages keep coming
    assert collector.collect_when_idle() == "thorough"
    assert frozen_ref() is None and collector._frozen_analyses == 0
    assert collector.collect_when_idle() is None


def test_the_cycles_an_analysis_dropped_are_collected_when_it_ends(no_analyses):
    gc.unfreeze()
    with collector.analysing():
        dropped = Node()
        dropped_ref = weakref.ref(dropped)
        del dropped
        assert dropped_ref() is not None  # no collection while it runs
        kept = Node()
    assert dropped_ref() is None  # not frozen with the survivors
    assert not any(found is kept for found in gc.get_objects())  # frozen
