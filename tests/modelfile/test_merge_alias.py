"""``<<`` merge keys and aliases: the data they give and where their values are written."""

from __future__ import annotations

import time
import tracemalloc

import pytest

from tabletwin.errors import Span, YamlError
from tabletwin.modelfile import load_yaml
from tabletwin.modelfile.compose import MAX_ALIAS_VALUES

MERGED = """\
defaults: &d
  label: Base
  amount: 1
actions:
  roll:
    <<: *d
    amount: 2
  stop:
    note: first
    <<: *d
"""


def test_merge_adds_the_keys_the_mapping_lacks():
    data = load_yaml(MERGED).data
    assert data["actions"] == {
        "roll": {"label": "Base", "amount": 2},
        "stop": {"note": "first", "label": "Base", "amount": 1},
    }
    assert data["defaults"] == {"label": "Base", "amount": 1}


def test_merged_keys_come_where_the_merge_key_is_written():
    data = load_yaml(MERGED).data
    assert list(data["actions"]["roll"]) == ["label", "amount"]
    assert list(data["actions"]["stop"]) == ["note", "label", "amount"]


def test_keys_already_in_the_mapping_win():
    data = load_yaml("b: &b {a: 1, b: 2}\nm:\n  a: 0\n  <<: *b\n").data
    assert data["m"] == {"a": 0, "b": 2}


def test_merged_key_positions_are_where_they_are_written_in_the_anchor():
    positions = load_yaml(MERGED).positions
    assert positions.key_span(("actions", "roll", "label")) == Span(1, 2, 1, 7)
    assert positions.value_span(("actions", "roll", "label")) == Span(1, 9, 1, 13)
    assert positions.key_span(("actions", "stop", "amount")) == Span(2, 2, 2, 8)


def test_overriding_key_has_its_own_position():
    positions = load_yaml(MERGED).positions
    assert positions.key_span(("actions", "roll", "amount")) == Span(6, 4, 6, 10)
    assert positions.value_span(("actions", "roll", "amount")) == Span(6, 12, 6, 13)


def test_among_several_merged_mappings_the_first_wins():
    text = "x: &x {k: 1, only_x: 1}\ny: &y {k: 2, only_y: 2}\nm: {<<: [*x, *y], own: 0}\n"
    loaded = load_yaml(text)
    assert loaded.data["m"] == {"k": 1, "only_x": 1, "only_y": 2, "own": 0}
    assert loaded.positions.value_span(("m", "k")) == Span(0, 10, 0, 11)
    assert loaded.positions.key_span(("m", "only_y")) == Span(1, 13, 1, 19)
    assert loaded.positions.merges[("m",)] == [("x",), ("y",)]


def test_merge_of_an_inline_mapping():
    loaded = load_yaml("m:\n  <<: {a: 1, b: 2}\n  b: 3\n")
    assert loaded.data == {"m": {"a": 1, "b": 3}}
    assert loaded.positions.key_span(("m", "a")) == Span(1, 7, 1, 8)
    assert loaded.positions.key_span(("m", "b")) == Span(2, 2, 2, 3)


def test_merge_of_an_alias_to_a_list_of_mappings():
    loaded = load_yaml("maps: &ms [{a: 1}, {b: 2}]\nm: {<<: *ms}\n")
    assert loaded.data["m"] == {"a": 1, "b": 2}
    assert loaded.positions.value_span(("m", "b")) == Span(0, 23, 0, 24)


def test_merge_chains_resolve_to_the_original_text():
    text = (
        "base: &base {label: B}\ncard: &card\n  <<: *base\n  cost: 1\n"
        "deck:\n  - *card\n  - <<: *card\n    cost: 2\n"
    )
    loaded = load_yaml(text)
    assert loaded.data["deck"] == [{"label": "B", "cost": 1}, {"label": "B", "cost": 2}]
    assert loaded.positions.key_span(("deck", 0, "label")) == Span(0, 13, 0, 18)
    assert loaded.positions.key_span(("deck", 1, "label")) == Span(0, 13, 0, 18)
    assert loaded.positions.value_span(("deck", 0, "cost")) == Span(3, 8, 3, 9)
    assert loaded.positions.value_span(("deck", 1, "cost")) == Span(7, 10, 7, 11)


def test_merged_values_are_shared_not_copied():
    data = load_yaml("x: &x {effect: [{op: add}]}\ny: {<<: *x}\n").data
    assert data["y"]["effect"] is data["x"]["effect"]


def test_a_merged_key_may_be_overridden_once():
    with pytest.raises(YamlError) as caught:
        load_yaml("b: &b {a: 1}\nm:\n  <<: *b\n  a: 5\n  a: 6\n")
    assert caught.value.message == "duplicate key 'a' (first at line 4): a key appears once in a mapping; merge the two entries or rename one"
    assert caught.value.span == Span(4, 2, 4, 3)


def test_a_quoted_merge_key_is_an_ordinary_key():
    assert load_yaml("'<<': {a: 1}\n").data == {"<<": {"a": 1}}


def test_merged_index_keys_keep_the_model_key_order():
    assert list(load_yaml("m: {<<: {'2': x, b: y}, '1': z}\n").data["m"]) == ["1", "2", "b"]


ALIASED = """\
anchor: &p
  y: {z: 1}
  w: [a, b]
b:
  x: *p
"""


def test_aliases_share_the_anchored_object():
    data = load_yaml(ALIASED).data
    assert data["b"]["x"] is data["anchor"]


def test_alias_keeps_its_own_position():
    positions = load_yaml(ALIASED).positions
    assert positions.key_span(("b", "x")) == Span(4, 2, 4, 3)
    assert positions.value_span(("b", "x")) == Span(4, 5, 4, 7)


def test_positions_below_an_alias_resolve_through_the_anchor():
    positions = load_yaml(ALIASED).positions
    assert positions.aliases[("b", "x")] == ("anchor",)
    assert positions.key_span(("b", "x", "y")) == Span(1, 2, 1, 3)
    assert positions.value_span(("b", "x", "y")) == Span(1, 5, 1, 11)
    assert positions.value_span(("b", "x", "y", "z")) == Span(1, 9, 1, 10)
    assert positions.value_span(("b", "x", "w", 1)) == Span(2, 9, 2, 10)
    assert positions.value_span(("b", "x", "missing")) is None
    assert positions.nearest(("b", "x", "y", "missing")) == (("b", "x", "y"), Span(1, 2, 1, 3))


def test_scalar_alias():
    loaded = load_yaml("a: &n 3\nb: [*n, *n]\n")
    assert loaded.data == {"a": 3, "b": [3, 3]}
    assert loaded.positions.value_span(("b", 1)) == Span(1, 8, 1, 10)


def test_anchors_may_be_redefined():
    assert load_yaml("a: &x 1\nb: *x\nc: &x 2\nd: *x\n").data == {"a": 1, "b": 1, "c": 2, "d": 2}


def billion_laughs(levels: int) -> str:
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def test_shared_aliases_load_in_linear_time_and_memory():
    text = billion_laughs(5)  # 9**5 strings if aliases were copied, 74,682 values repeated
    tracemalloc.start()
    loaded = load_yaml(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # Compare small values only: pytest would print the data of a failed assertion.
    shared = loaded.data["l4"][8] is loaded.data["l3"]
    deepest = loaded.positions.value_span(("l4",) + (0,) * 4 + (8,))
    assert peak < 200_000
    assert shared
    assert deepest == Span(0, 65, 0, 70)


def test_billion_laughs_is_refused_at_the_alias_that_goes_beyond_the_limit():
    text = billion_laughs(30)  # 9**30 strings if aliases were copied
    tracemalloc.start()
    started = time.perf_counter()
    with pytest.raises(YamlError) as caught:
        load_yaml(text)
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # Each alias of level 4 repeats 66,429 values (66,430 less the alias itself), and the levels
    # below repeat 74,682 in all: the seventh alias on line 6 (column 40) is the first beyond 500,000.
    assert caught.value.message == ('with alias *l4 the aliases repeat more than 500,000 values; a model '
                                    'needs far fewer (is this a "billion laughs" document?)')
    assert caught.value.span == Span(5, 39, 5, 42)
    assert elapsed < 1.0
    assert peak < 1_000_000


def test_the_alias_limit_counts_every_repeated_value():
    assert MAX_ALIAS_VALUES == 500_000
    thousand = "big: &big [" + ", ".join(["1"] * 1000) + "]"  # an alias of it repeats 1,000 values
    at_limit = "\n".join([thousand, "one: &one [1]", "uses: [" + ", ".join(["*big"] * 500) + "]"])
    loaded = load_yaml(at_limit + "\n")
    assert len(loaded.data["uses"]) == 500 and loaded.data["uses"][499] is loaded.data["big"]
    with pytest.raises(YamlError) as caught:
        load_yaml(at_limit + "\nmore: *one\n")
    assert caught.value.span == Span(3, 6, 3, 10)
    assert caught.value.message.startswith("with alias *one the aliases repeat more than 500,000 values")


def test_scalar_aliases_repeat_nothing():
    text = "a: &a x\nb: [" + ", ".join(["*a"] * 600_000) + "]\n"
    assert len(load_yaml(text).data["b"]) == 600_000


def test_merges_count_the_values_they_bring():
    lines = ["m0: &m0 {" + ", ".join(f"k{i}: [{i}, {i}]" for i in range(9)) + "}"]
    for level in range(1, 30):
        sources = ", ".join([f"*m{level - 1}"] * 9)
        lines.append(f"m{level}: &m{level} {{<<: [{sources}], own{level}: *m{level - 1}}}")
    started = time.perf_counter()
    with pytest.raises(YamlError) as caught:
        load_yaml("\n".join(lines))
    assert time.perf_counter() - started < 1.0
    assert caught.value.message.startswith("with alias *m")


def test_merged_values_keep_the_place_they_are_written():
    lines = ["m0: &m0 {" + ", ".join(f"k{i}: {i}" for i in range(9)) + "}"]
    for level in range(1, 4):
        sources = ", ".join([f"*m{level - 1}"] * 9)
        lines.append(f"m{level}: &m{level} {{<<: [{sources}], own{level}: *m{level - 1}}}")
    loaded = load_yaml("\n".join(lines))
    value = loaded.data["m3"]["k3"]
    merged = loaded.positions.key_span(("m3", "k3"))
    through_alias = loaded.positions.key_span(("m3", "own3", "own2", "k3"))
    assert value == 3
    assert merged == through_alias == Span(0, 30, 0, 32)
