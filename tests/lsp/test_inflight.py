"""The requests read but not yet answered (:mod:`tabletwin_lsp.inflight`)."""

import time

from tabletwin_lsp import inflight


def test_a_request_waits_from_its_reading_until_its_answer():
    before = time.monotonic()
    inflight.read("grace-1")
    assert inflight.waiting_since(before)
    assert not inflight.waiting_since(time.monotonic() + 1)  # read before that moment
    inflight.answered("grace-1")
    assert not inflight.waiting_since(before)
    inflight.answered("grace-1")  # a second answer (an error after a failed one) changes nothing


def test_at_most_max_noted_requests_are_kept_the_oldest_dropped_first():
    before = time.monotonic()
    for number in range(inflight.MAX_NOTED + 1):
        inflight.read(("bound", number))
    assert len(inflight._unanswered) == inflight.MAX_NOTED
    assert ("bound", 0) not in inflight._unanswered
    for number in range(1, inflight.MAX_NOTED + 1):
        inflight.answered(("bound", number))
    assert not inflight.waiting_since(before)
