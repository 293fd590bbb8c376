"""Where the cursor stands, in whole, half-typed and broken documents."""

import pytest

from tabletwin.editor.cursor import cursor_at

from .helpers import marked

CASES = [
    # block and flow mappings, keys and values
    ("actions:\n  roll:\n    effect:\n      - {op: add, ‸}\n", "key", ("actions", "roll", "effect", 0)),
    ("actions:\n  roll:\n    effect:\n      - {op: add, am‸}\n", "key", ("actions", "roll", "effect", 0)),
    ("actions:\n  roll:\n    effect:\n      - {op: a‸}\n", "value", ("actions", "roll", "effect", 0, "op")),
    ("actions:\n  roll:\n    effect:\n      - op: ad‸\n", "value", ("actions", "roll", "effect", 0, "op")),
    ("actions:\n  roll:\n    effect:\n      - op: add\n        ‸\n", "key", ("actions", "roll", "effect", 0)),
    ("actions:\n  roll:\n    effect:\n      - op: add\n      - ‸\n", "item", ("actions", "roll", "effect", 1)),
    ("actions:\n  roll:\n    label: x\n  ‸\n", "key", ("actions",)),
    ("actions:\n  roll:\n    pre_x: \"score[ac‸tor]\"\n", "value", ("actions", "roll", "pre_x")),
    ("actions:\n  roll:\n    pre_x: |\n      score[actor] > c['‸\n", "value", ("actions", "roll", "pre_x")),
    ("flow: {id: x, kind: step, do: [roll, ‸]}\n", "item", ("flow", "do", 1)),
    ("flow:\n  id: x\n  kind: step\n  do:\n    - roll\n    - ‸\n", "item", ("flow", "do", 1)),
    ("end:\n- id: a\n  ‸\n", "key", ("end", 0)),
    ("game: x\nfl‸\n", "key", ()),
    # the partial word is not part of the text read: a key being typed below its parent
    ("actions:\n  roll:\n    ef‸\n  hold:\n    effect: []\n", "key", ("actions", "roll")),
    # an open quote in a flow mapping: libyaml reports nothing of the mapping, the line is read
    ('actions:\n  a:\n    effect:\n      - {op: draw, from: deck, to: "ha‸[actor]"}\n', "value",
     ("actions", "a", "effect", 0, "to")),
    # broken above the cursor: the indentation of the lines says where
    ("actions:\n  roll: {a: [}\n  hold:\n    effect:\n      - {op: add, ‸}\n", "key", ("actions", "hold", "effect", 0)),
    ("actions:\n  roll: {a: [}\n  hold:\n    effect:\n      - op: set\n      - op: ‸\n", "value",
     ("actions", "hold", "effect", 1, "op")),
    ('actions:\n  roll: {a: [}\n  hold:\n    pre_x: "sc‸\n', "value", ("actions", "hold", "pre_x")),
]


@pytest.mark.parametrize("text, role, path", CASES)
def test_role_and_path(text, role, path):
    clean, line, column = marked(text)
    cursor = cursor_at(clean, line, column)
    assert (cursor.role, cursor.path) == (role, path)


def test_a_key_below_a_key_without_value_starts_that_value():
    clean, line, column = marked("state:\n  vars:\n    score:\n      ‸\n")
    cursor = cursor_at(clean, line, column)
    assert (cursor.role, cursor.path, cursor.fresh) == ("key", ("state", "vars", "score"), True)


def test_keys_written_before_and_after_the_cursor_are_known():
    clean, line, column = marked("flow: {id: t, ‸, do: roll}\n")
    cursor = cursor_at(clean, line, column)
    assert cursor.mapping == {"id": "t", "do": "roll"}
    clean, line, column = marked("flow:\n  id: t\n  ‸\n  kind: step\n")
    assert cursor_at(clean, line, column).mapping == {"id": "t", "kind": "step"}


def test_expression_text_before_the_cursor_without_its_quote():
    clean, line, column = marked('actions:\n  a:\n    pre_x: "len(hand[ac‸tor]) > 0"\n')
    cursor = cursor_at(clean, line, column)
    assert (cursor.value_text, cursor.word, cursor.quote) == ("len(hand[", "ac", '"')
    assert (cursor.replace.column, cursor.replace.end_column) == (21, 26)


def test_columns_count_code_points_after_an_emoji():
    clean, line, column = marked('actions:\n  a: {label: "🎲", effect: [{op: ‸}]}\n')
    cursor = cursor_at(clean, line, column)
    assert (cursor.role, cursor.path, column) == ("value", ("actions", "a", "effect", 0, "op"), 32)


def test_a_cursor_deep_in_a_long_entry_reads_only_the_nearest_entry():
    actions = "".join(f"  a{i}:\n    effect:\n      - {{op: set, var: x, value: {i}}}\n" for i in range(200))
    clean, line, column = marked("actions:\n" + actions + "  last:\n    effect:\n      - {op: set, ‸}\n")
    cursor = cursor_at(clean, line, column)
    assert (cursor.role, cursor.path) == ("key", ("actions", "last", "effect", 0))
    assert cursor.data == {"actions": {"last": {"effect": [{"op": "set"}]}}}
