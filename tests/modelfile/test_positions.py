"""Positions of keys and values: 0-based lines, code-point columns, end exclusive."""

from __future__ import annotations

import pytest

from tabletwin.errors import Span
from tabletwin.modelfile import load_yaml

MODEL = """\
game: demo
actions:
  roll:
    pre_x: "pot > 0"
    effect:
      - {op: roll, die: [1, 2, 3], bind: r}
      - {op: add, var: "score[actor]", amount: 1}
    note: |
      Two lines
      of text.

  stop:
    effect: []
summary: a plain
  scalar on two lines
flow: {id: game}
"""


@pytest.fixture(scope="module")
def positions():
    return load_yaml(MODEL).positions


@pytest.mark.parametrize(
    ("path", "key", "value"),
    [
        (("game",), Span(0, 0, 0, 4), Span(0, 6, 0, 10)),
        (("actions", "roll", "pre_x"), Span(3, 4, 3, 9), Span(3, 11, 3, 20)),
        (("actions", "roll", "effect", 1, "amount"), Span(6, 39, 6, 45), Span(6, 47, 6, 48)),
        (("actions", "roll", "effect", 1, "var"), Span(6, 18, 6, 21), Span(6, 23, 6, 37)),
        (("actions", "roll", "effect", 0, "die"), Span(5, 19, 5, 22), Span(5, 24, 5, 33)),
        (("flow",), Span(15, 0, 15, 4), Span(15, 6, 15, 16)),
        (("flow", "id"), Span(15, 7, 15, 9), Span(15, 11, 15, 15)),
        (("actions", "stop", "effect"), Span(12, 4, 12, 10), Span(12, 12, 12, 14)),
    ],
)
def test_key_and_value_spans(positions, path, key, value):
    assert positions.key_span(path) == key
    assert positions.value_span(path) == value
    assert positions.span(path) == key


def test_block_mapping_spans_from_first_key_to_end_of_last_value(positions):
    assert positions.value_span(("actions",)) == Span(2, 2, 12, 14)
    assert positions.value_span(("actions", "roll")) == Span(3, 4, 9, 14)


def test_block_sequence_spans_its_items(positions):
    assert positions.value_span(("actions", "roll", "effect")) == Span(5, 6, 6, 49)


def test_flow_collections_span_their_brackets(positions):
    assert positions.value_span(("actions", "roll", "effect", 0)) == Span(5, 8, 5, 43)
    assert positions.value_span(("actions", "roll", "effect", 1)) == Span(6, 8, 6, 49)


def test_list_items_have_no_key(positions):
    assert positions.key_span(("actions", "roll", "effect", 0)) is None
    assert positions.value_span(("actions", "roll", "effect", 0, "die", 2)) == Span(5, 31, 5, 32)
    assert positions.span(("actions", "roll", "effect", 0, "die", 2)) == Span(5, 31, 5, 32)


def test_block_scalar_spans_indicator_to_last_text(positions):
    assert positions.value_span(("actions", "roll", "note")) == Span(7, 10, 9, 14)


def test_multi_line_plain_scalar(positions):
    assert positions.value_span(("summary",)) == Span(13, 9, 14, 21)


def test_quoted_scalar_includes_quotes(positions):
    assert positions.value_span(("actions", "roll", "pre_x")) == Span(3, 11, 3, 20)


def test_root_is_the_whole_document(positions):
    assert positions.value_span(()) == Span(0, 0, 16, 0)
    assert positions.key_span(()) is None
    assert positions.span(()) == Span(0, 0, 16, 0)


def test_unknown_paths_have_no_position(positions):
    assert positions.value_span(("actions", "nope")) is None
    assert positions.key_span(("actions", "roll", "effect", 7)) is None
    assert positions.span(("game", "x")) is None


def test_paths_may_be_lists(positions):
    assert positions.value_span(["actions", "roll", "effect", 1, "amount"]) == Span(6, 47, 6, 48)


def test_nearest_is_the_deepest_ancestor_with_a_position(positions):
    assert positions.nearest(("actions", "roll", "effect", 1, "amount")) == (
        ("actions", "roll", "effect", 1, "amount"), Span(6, 39, 6, 45))
    assert positions.nearest(("actions", "roll", "effect", 1, "missing", 3)) == (
        ("actions", "roll", "effect", 1), Span(6, 8, 6, 49))
    assert positions.nearest(("nothing", "here")) == ((), Span(0, 0, 16, 0))
    assert positions.nearest(()) == ((), Span(0, 0, 16, 0))


def test_columns_count_code_points_not_bytes_or_utf16_units():
    positions = load_yaml('emoji: {icon: 😀é, n: 2}\n"é😀": [ü, 😀😀, x]\n').positions
    assert positions.key_span(("emoji", "n")) == Span(0, 18, 0, 19)
    assert positions.value_span(("emoji", "n")) == Span(0, 21, 0, 22)
    assert positions.value_span(("emoji", "icon")) == Span(0, 14, 0, 16)
    assert positions.key_span(("é😀",)) == Span(1, 0, 1, 4)
    assert positions.value_span(("é😀", 2)) == Span(1, 14, 1, 15)


def test_windows_line_breaks():
    positions = load_yaml("a: 1\r\nb: |\r\n  x\r\n\r\nc: [2]\r\n").positions
    assert positions.value_span(("b",)) == Span(1, 3, 2, 3)
    assert positions.value_span(("c", 0)) == Span(4, 4, 4, 5)


def test_byte_order_mark_is_not_a_column():
    assert load_yaml("\ufeffa: 1\n").positions.value_span(("a",)) == Span(0, 3, 0, 4)


def test_empty_value_is_a_point_after_the_colon():
    positions = load_yaml("a:\nb: 1\n").positions
    assert positions.value_span(("a",)) == Span(0, 2, 0, 2)
    assert positions.value_span(()) == Span(0, 0, 2, 0)


def test_anchor_and_tag_belong_to_the_value():
    positions = load_yaml("a: &x !!str 10\nb: &y\n  c: 1\n").positions
    assert positions.value_span(("a",)) == Span(0, 3, 0, 14)
    assert positions.value_span(("b",)) == Span(1, 3, 2, 6)


def test_block_scalar_keep_chomping_ends_at_its_text():
    positions = load_yaml("a: |+\n  x\n\n\nb: >\n  folded\n  text\n").positions
    assert positions.value_span(("a",)) == Span(0, 3, 1, 3)
    assert positions.value_span(("b",)) == Span(4, 3, 6, 6)


def test_root_scalar_and_root_list():
    assert load_yaml("just text\n").positions.value_span(()) == Span(0, 0, 1, 0)
    positions = load_yaml("- a\n- [b]\n").positions
    assert positions.value_span((1, 0)) == Span(1, 3, 1, 4)
    assert positions.key_span((1,)) is None


def test_empty_document_span():
    assert load_yaml("").positions.value_span(()) == Span(0, 0, 0, 0)


def test_a_table_spliced_with_a_line_added_reads_the_moved_lines_through_every_method():
    # The entries below the edit keep their stored spans and read them through their group's shift.
    from tabletwin.editor.reload import spliced_load

    text = "actions:\n  a:\n    label: A\n  b:\n    label: B\n    base: &x {n: 1}\n  c: {<<: *x, m: 2}\n"
    edited = text.replace("    label: A\n", "    label: A\n    # note\n")
    spliced = spliced_load(load_yaml(text), edited)
    whole = load_yaml(edited).positions
    table = spliced.positions
    assert list(table.items()) == list(whole.items())
    assert table.written(("actions", "b", "label")) == ((5, 4, 5, 9), (5, 11, 5, 12))
    assert table.written(("actions", "b", "nothing")) is None
    assert ("actions", "c", "m") in table and ("actions", "c", "n") not in table
    assert table.stored(("actions", "b"))[1] == 1 and table.stored(("actions", "a"))[1] == 0
    for path in [("actions", "b", "base", "n"), ("actions", "c", "n"), ("actions", "c", "m"), ("actions",), ()]:
        assert (table.key_span(path), table.value_span(path), table.span(path)) \
            == (whole.key_span(path), whole.value_span(path), whole.span(path))
    assert table.value_span(("actions", "c", "n")) == Span(6, 17, 6, 18)
    assert table.nearest(("actions", "c", "z", 0)) == (("actions", "c"), Span(7, 2, 7, 3))
