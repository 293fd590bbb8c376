"""Snapshots per version, and the newest index while the text changes."""

import time

from tabletwin.editor import DocumentStore, Snapshot, document_kind
from tabletwin.editor.document import FRESH_NAMES_CHARS

from .helpers import arena


def test_document_kinds():
    assert document_kind(arena()) == "model"
    assert document_kind("tactic: t\nrules: []\n") == "tactic"
    assert document_kind("name: ci\non: [push]\n") is None


def test_a_model_being_written_is_a_model_by_its_name_or_first_key():
    assert document_kind("", "/w/new.model.yaml") == "model"
    assert document_kind("", "file:///w/New%20Game.MODEL.yml") == "model"
    assert document_kind("", "/w/new.yaml") is None
    assert document_kind("# Pig\n---\ngame: pig\nlabel: Pig\n") == "model"
    assert document_kind("label: Pig\ngame: pig\n") is None  # game is not the first key
    assert document_kind("tactic: t\n", "/w/t.model.yaml") == "tactic"
    assert Snapshot("", None, "/w/new.model.yaml").kind == "model"


def test_a_snapshot_parses_once_and_keeps_the_error_of_broken_text():
    snap = Snapshot("flow: [\n", 1)
    assert snap.loaded is None and snap.index is None
    assert (snap.error.span.line, snap.error.span.column) == (0, 6)


def test_a_name_just_declared_in_a_small_model_is_indexed_at_once():
    store = DocumentStore(delay=60)
    first = store.snapshot("u", arena(), 1)
    assert store.recent_index("u", first) is first.index
    second = store.snapshot("u", arena().replace("    discard: {}\n", "    discard: {}\n    pile: {}\n"), 2)
    assert store.recent_index("u", second) is second.index
    assert second.index.declared("zone", "pile")
    broken = store.snapshot("u", second.text + "  x: [\n", 3)
    assert store.recent_index("u", broken) is second.index  # does not parse: the newest names there are


def test_the_store_answers_a_large_model_with_the_newest_index_and_reindexes_after_a_pause():
    store = DocumentStore(delay=0.05)
    padding = "# a long comment line to make the model larger than FRESH_NAMES_CHARS\n" * 600
    assert len(arena() + padding) > FRESH_NAMES_CHARS
    first = store.snapshot("u", arena() + padding, 1)
    assert store.recent_index("u", first) is first.index
    text = arena().replace("    discard: {}\n", "    discard: {}\n    pile: {}\n") + padding
    second = store.snapshot("u", text, 2)
    assert store.recent_index("u", second) is first.index  # not built yet: the older one answers
    deadline = time.monotonic() + 5
    while not second.indexed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert second.index.declared("zone", "pile")
    assert store.recent_index("u", second) is second.index


def test_broken_text_keeps_the_last_good_index():
    store = DocumentStore(delay=0.01)
    good = store.snapshot("u", arena(), 1)
    store.index("u", good)
    broken = store.snapshot("u", arena() + "  x: [\n", 2)
    store.index("u", broken)
    assert broken.index is None
    assert store.recent_index("u", store.snapshot("u", arena() + "  x: [\n", 2)) is good.index


def test_an_edit_inside_an_expression_does_not_reindex():
    store = DocumentStore(delay=0.01)
    first = store.snapshot("u", arena(), 1)
    old = store.recent_index("u", first)
    text = arena().replace('"score[current] >= GOAL"', '"score[current] >= GOAL + 1"')
    second = store.snapshot("u", text, 2)
    assert first.names_signature == second.names_signature
    assert store.recent_index("u", second) is old
    deadline = time.monotonic() + 5
    while store._entries["u"].same_names is not second and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not second.indexed  # the worker compared the names and kept the index
    assert store.recent_index("u", second) is old


def test_a_large_model_just_opened_is_answered_at_once_without_its_names_then_indexed():
    from tabletwin.editor import completions

    store = DocumentStore(delay=0.5)  # time for the answers below before the worker indexes, on a busy machine too
    padding = "# a long comment line to make the model larger than FRESH_NAMES_CHARS\n" * 600
    first = store.snapshot("u", arena() + padding, 1)
    assert store.quick_index("u", first) == (None, False)
    assert not first.indexed  # nothing was loaded or indexed for the answer
    do_list = (37, first.lines[37].index("[punch") + 1)  # do: [punch, rest]: the model's action names
    keys = [item.label for item in completions(first, 0, 0, None, wait=False)]
    assert [item.label for item in completions(first, *do_list, None, wait=False)] == []
    assert not first.indexed
    deadline = time.monotonic() + 5
    while not first.indexed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert first.index is not None
    assert store.quick_index("u", first) == (first.index, True)
    assert [item.label for item in completions(first, 0, 0, first.index)] == keys  # the cursor's context alone
    assert {"punch", "rest"} <= {item.label for item in completions(first, *do_list, first.index)}
    small = store.snapshot("s", arena(), 1)
    assert store.quick_index("s", small) == (small.index, True)  # a small model is indexed at once


def test_top_level_keys_are_found_at_line_starts_only():
    import re

    from tabletwin.editor.kind import _has_top_key

    pattern = re.compile(r"^(flow|game|actions|tactic)\s*:", re.M)
    texts = ["", "flow", "flow:", "x\nflow :", "flow\n:", "\nflow", "flows: 1", "tacticx: 1", "a: 1\ntactic:",
             "game:\nactions:", "  flow: 1", "\rflow: 1", "gameactions:", "a\nflow\nflow :", "#\ngame\t:"]
    for text in texts:
        assert {key for key in ("flow", "game", "actions", "tactic") if _has_top_key(text, key)} \
            == set(pattern.findall(text)), text
