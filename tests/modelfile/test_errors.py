"""Every way text can fail to load gives one YamlError with an exact message and span."""

from __future__ import annotations

import pytest

from tabletwin.errors import NotAModelError, Span, YamlError
from tabletwin.modelfile import check_is_model, load_yaml
from tabletwin.modelfile.compose import MAX_DEPTH


def error(text: str) -> YamlError:
    with pytest.raises(YamlError) as caught:
        load_yaml(text)
    return caught.value


def assert_error(text: str, message: str, span: Span) -> None:
    found = error(text)
    assert (found.message, found.span) == (message, span)


# Keys that are not text.


@pytest.mark.parametrize(
    ("text", "message", "span"),
    [
        ("on: x\n", "key true is not text; put it in quotes", Span(0, 0, 0, 2)),
        ("game: g\nevent: a\noff: b\n", "key false is not text; put it in quotes",
         Span(2, 0, 2, 3)),
        ("1: a\n", "key 1 is not text; put it in quotes", Span(0, 0, 0, 1)),
        ("a:\n  010: x\n", "key 8 is not text; put it in quotes", Span(1, 2, 1, 5)),
        ("1.5: a\n", "key 1.5 is not text; put it in quotes", Span(0, 0, 0, 3)),
        ("2.0: a\n", "key 2 is not text; put it in quotes", Span(0, 0, 0, 3)),
        ("~: a\n", "key null is not text; put it in quotes", Span(0, 0, 0, 1)),
        ("null: a\n", "key null is not text; put it in quotes", Span(0, 0, 0, 4)),
        ("a: {x: 1, yes: 2}\n", "key true is not text; put it in quotes", Span(0, 10, 0, 13)),
        ("- {op: add, 1: 2}\n", "key 1 is not text; put it in quotes", Span(0, 12, 0, 13)),
        ("[1, 2]: x\n", "key [1, 2] is not text; put it in quotes", Span(0, 0, 0, 6)),
        ("a:\n  {b: 1}: x\n", "key {b: 1} is not text; put it in quotes", Span(1, 2, 1, 8)),
        ("? - a\n  - b\n: x\n", "key - a - b is not text; put it in quotes", Span(0, 2, 1, 5)),
        ("a: &n 3\n*n : x\n", "key 3 is not text; put it in quotes", Span(1, 0, 1, 2)),
        ("a: &l [1]\n*l : x\n", "key *l is not text; put it in quotes", Span(1, 0, 1, 2)),
        ("!!int '7': x\n", "key 7 is not text; put it in quotes", Span(0, 0, 0, 9)),
        ("{" + "1" * 4400 + ": x}\n", f"key {'1' * 37}... is not text; put it in quotes", Span(0, 1, 0, 4401)),
        ("{" + "1:" * 200 + "1: x}\n", f"key {'1:' * 18}1... is not text; put it in quotes", Span(0, 1, 0, 402)),
        ("{.inf: x}\n", "key .inf is not text; put it in quotes", Span(0, 1, 0, 5)),
    ],
)
def test_key_is_not_text(text, message, span):
    assert_error(text, message, span)


def test_quoted_keys_are_text():
    assert load_yaml('"on": x\n\'1\': a\n"010": b\n').data == {"1": "a", "on": "x", "010": "b"}


# Duplicate keys.


def test_duplicate_key_in_block_mapping_points_at_the_second():
    assert_error("game: g\nflow: a\nlabel: x\nflow: b\n",
                 "duplicate key 'flow' (first at line 2): a key appears once in a mapping; merge the two entries or rename one", Span(3, 0, 3, 4))


def test_duplicate_key_nested():
    assert_error("a:\n  b: 1\n  c: 2\n  b: 3\n", "duplicate key 'b' (first at line 2): a key appears once in a mapping; merge the two entries or rename one",
                 Span(3, 2, 3, 3))


def test_duplicate_key_in_flow_mapping():
    assert_error("effect:\n  - {op: add, amount: 1, op: set}\n",
                 "duplicate key 'op' (first at line 2): a key appears once in a mapping; merge the two entries or rename one", Span(1, 25, 1, 27))


def test_duplicate_key_quoted_and_plain():
    assert_error('a: 1\n"a": 2\n', "duplicate key 'a' (first at line 1): a key appears once in a mapping; merge the two entries or rename one", Span(1, 0, 1, 3))


def test_same_key_in_different_mappings_is_fine():
    assert load_yaml("a: {x: 1}\nb: {x: 2}\n").data == {"a": {"x": 1}, "b": {"x": 2}}


# Tags.


@pytest.mark.parametrize(
    ("text", "message", "span"),
    [
        ("a: !!int x\n", "'x' is not a valid !!int", Span(0, 3, 0, 10)),
        ("a: !!int 1.5\n", "'1.5' is not a valid !!int", Span(0, 3, 0, 12)),
        ("a: !!float x\n", "'x' is not a valid !!float", Span(0, 3, 0, 12)),
        ("a: !!bool y\n", "'y' is not a valid !!bool", Span(0, 3, 0, 11)),
        ("a: !!null 0\n", "'0' is not a valid !!null", Span(0, 3, 0, 11)),
        ("a: !!python/object:os.system x\n", "unsupported tag !!python/object:os.system",
         Span(0, 3, 0, 30)),
        ("a: !!python/object/apply:os.system [ls]\n",
         "unsupported tag !!python/object/apply:os.system", Span(0, 3, 0, 36)),
        ("a: !foo x\n", "unsupported tag !foo", Span(0, 3, 0, 9)),
        ("a: !!binary aGk=\n", "unsupported tag !!binary", Span(0, 3, 0, 16)),
        ("a: !!set {x}\n", "unsupported tag !!set", Span(0, 3, 0, 10)),
        ("a: !!omap\n  - b: 1\n", "unsupported tag !!omap", Span(0, 3, 1, 2)),
        ("a: !!timestamp 2024-01-01\n", "unsupported tag !!timestamp", Span(0, 3, 0, 25)),
        ("a: !!map [1]\n", "tag !!map cannot be used on a list", Span(0, 3, 0, 10)),
        ("a: !!str {b: 1}\n", "tag !!str cannot be used on a mapping", Span(0, 3, 0, 10)),
        ("a: !!seq x\n", "tag !!seq cannot be used on a scalar", Span(0, 3, 0, 10)),
        ("!foo\nb: 1\n", "unsupported tag !foo", Span(0, 0, 1, 0)),
    ],
)
def test_tags(text, message, span):
    assert_error(text, message, span)


# Aliases and merge keys.


@pytest.mark.parametrize(
    ("text", "message", "span"),
    [
        ("a: *nope\n", "found undefined alias 'nope'", Span(0, 3, 0, 8)),
        ("a: &x [1, *x]\n", "alias *x is inside its own anchor; recursive data is not allowed",
         Span(0, 10, 0, 12)),
        ("<<: 1\n", "<< takes a mapping or a list of mappings, not a number", Span(0, 4, 0, 5)),
        ("a: &s text\nb:\n  <<: *s\n", "<< takes a mapping or a list of mappings, not text",
         Span(2, 6, 2, 8)),
        ("<<: [{a: 1}, [2]]\n", "<< merges mappings; this is a list", Span(0, 13, 0, 16)),
        ("x: &a {k: 1}\ny: {<<: *a, <<: *a}\n", "duplicate key '<<' (first at line 2): a key appears once in a mapping; merge the two entries or rename one",
         Span(1, 12, 1, 14)),
    ],
)
def test_alias_and_merge_errors(text, message, span):
    assert_error(text, message, span)


# Text that is not YAML: our words, at the line that is wrong (modelfile/yaml_words.py).

_MORE = "this line is indented more than the key above it (line {}): keys of one mapping must line up"
_LIST_ITEM = ("a list item where the mapping above expects a key: put the item under a key of its own, or "
              "write every entry of this block as a list item")
_TAB = "a tab character: YAML indents with spaces only; replace the tab with spaces"


@pytest.mark.parametrize(
    ("text", "message", "span"),
    [
        ("a: b: c\n", "a second ':' on this line: a value that holds ': ' must be in quotes", Span(0, 4, 0, 5)),
        # One space too many: the parser stops at the colon; the line itself is the mistake.
        ("game: x\nflow:\n  id: a\n   kind: b\n", _MORE.format(3), Span(3, 3, 3, 7)),
        ("a:\n  b: 1\n   c: 2\n", _MORE.format(2), Span(2, 3, 2, 4)),
        ("actions:\n  roll:\n    label: x\n     effect: []\n", _MORE.format(3), Span(3, 5, 3, 11)),
        ("a:\n  - x: 1\n    y: 2\n     z: 3\n", _MORE.format(3), Span(3, 5, 3, 6)),
        # A block scalar's lines and a bracket over several lines are not keys.
        ("a: |\n  text\n     more\nb:\n  c: 1\n   d: 2\n", _MORE.format(5), Span(5, 3, 5, 4)),
        ("a: {b: 1,\n  c: 2}\nd:\n  e: 1\n   f: 2\n", _MORE.format(4), Span(4, 3, 4, 4)),
        # One space too few: reported where the parser noticed, with the indents that fit.
        ("a:\n  b: 1\n c: 2\n", "this line lines up with no key above it: indent it by 0 or 2 spaces, as the "
         "keys of the mapping it belongs to", Span(2, 1, 2, 2)),
        ("flow:\n  kind: sequence\n  children:\n    - id: a\n      kind: step\n     do: [x]\n",
         "this line lines up with no key above it: indent it by 4 or 6 spaces, as the keys of the mapping it "
         "belongs to", Span(5, 5, 5, 7)),
        ("é😀: x: y\n", "a second ':' on this line: a value that holds ': ' must be in quotes", Span(0, 5, 0, 6)),
        ("a:\n\tb: 1\n", _TAB, Span(1, 0, 1, 1)),
        ("a:\n  b: 1\n\tc: 2\n", _TAB, Span(2, 0, 2, 0 + 1)),
        ("a:\n  result:win\n  b: 1\n", "'result:win' has no space after the colon, so YAML reads it as one "
         "text, not a key and its value: write 'result: win'", Span(1, 2, 1, 12)),
        ("a: {b: 1\nc: 2\n", "this { is not closed where expected (reading stopped at line 2): close the mapping "
         "with } and separate its entries with commas", Span(0, 3, 0, 4)),
        ("a: {b: 1", "this { is not closed where expected (reading stopped at line 2): close the mapping with } "
         "and separate its entries with commas", Span(0, 3, 0, 4)),
        ("a: [1, 2\nb: 3\n", "this [ is not closed where expected (reading stopped at line 2): close the list "
         "with ] and separate its entries with commas", Span(0, 3, 0, 4)),
        ("a: 'x", "this quote is never closed: end the text with ' (a quote inside it is written '')",
         Span(0, 3, 0, 4)),
        ('a: "x\nb: 2\n', 'this quote is never closed: end the text with " (a quote inside it is written \\")',
         Span(0, 3, 0, 4)),
        ("key: value\n- item\n", _LIST_ITEM, Span(1, 0, 1, 1)),
        ("a:\n  b: 1\n  - c\n", _LIST_ITEM, Span(2, 2, 2, 3)),
        ("a:\n  - 1\n  b: 2\n", "a key where the list above expects an item: start the line with '- ', or "
         "indent it under the item above", Span(2, 2, 2, 3)),
        ("flow: [\n", "this [ is never closed: the text ends before its ]", Span(0, 6, 0, 7)),
        # A key typed without its colon: at the key, not on the line after it.
        ("a:\n  b: 1\n  lab\n  c: 2\n", "'lab' has no ':' after it: a key is written 'lab: value' (a text on a "
         "line of its own cannot sit among keys)", Span(2, 2, 2, 5)),
        ('a: "x" y\n', "text after the closing quote: put the whole value inside the quotes", Span(0, 7, 0, 8)),
        ("a: [1, 2]]\n", "a closing ] with nothing open before it: remove it", Span(0, 9, 0, 10)),
        ("a: [b,,c]", "a value is missing here (two commas in a row, or a comma before the end?)",
         Span(0, 6, 0, 7)),
        ("a: {x: [1, 2}\n", "expected ',' or ']' here: separate the entries of the list that starts at column 8 "
         "with commas, and close it with ]", Span(0, 12, 0, 13)),
        ("a: - b\n", "a list item on the same line as its key: start the list on the next line, indented, or "
         "write it in brackets like [a, b]", Span(0, 3, 0, 4)),
        ("a: @x\n", "found character that cannot start any token (this is not readable YAML)", Span(0, 3, 0, 4)),
        ('a: "\\q"\n', "found unknown escape character (this is not readable YAML)", Span(0, 4, 0, 5)),
        ("[a, b]]\n", "more text after the end of the document: a closing bracket too many, or a line indented "
         "less than the first key?", Span(0, 6, 0, 7)),
        ("%YAML 2.0\n---\n", "found incompatible YAML document (this is not readable YAML)", Span(0, 0, 0, 1)),
    ],
)
def test_not_yaml(text, message, span):
    assert_error(text, message, span)


def test_several_documents():
    assert_error("a: 1\n---\nb: 2\n",
                 "expected a single document in the stream, but found another document",
                 Span(1, 0, 1, 1))


def test_nul_byte():
    assert_error("a: 1\nb: x\x00y\n",
                 "unacceptable character #x0000: control characters are not allowed",
                 Span(1, 4, 1, 5))


def test_control_character_after_wide_characters_is_placed_in_code_points():
    assert_error("a: é😀\x07\n",
                 "unacceptable character #x0007: control characters are not allowed",
                 Span(0, 5, 0, 6))


def test_lone_surrogate():
    assert_error("a: 1\nb: x\ud800\n", "the text is not valid unicode: lone surrogate U+D800",
                 Span(1, 4, 1, 5))


def test_unclosed_deep_nesting_is_an_error_not_a_crash():
    assert_error("[" * 10_000, f"the document nests deeper than {MAX_DEPTH} levels",
                 Span(0, MAX_DEPTH, 0, MAX_DEPTH + 1))


def test_closed_deep_nesting_is_an_error_not_a_crash():
    found = error("a: " + "{b: " * 100_000 + "1" + "}" * 100_000)
    assert found.message == f"the document nests deeper than {MAX_DEPTH} levels"


def test_nesting_up_to_the_limit_loads():
    data = load_yaml("[" * MAX_DEPTH + "]" * MAX_DEPTH).data
    for _ in range(MAX_DEPTH - 1):
        data = data[0]
    assert data == []


def test_located_form_is_one_based():
    assert error("a: 1\nb: c: d\n").located("m.yaml") == (
        "m.yaml:2:5: error: a second ':' on this line: a value that holds ': ' must be in quotes")


# Loading what is YAML but not a model.


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n", "~\n"])
def test_empty_documents_load_as_none(text):
    assert load_yaml(text).data is None


@pytest.mark.parametrize(
    ("text", "message", "span"),
    [
        ("", "this is not a model: the document is empty", Span(0, 0, 0, 0)),
        ("# nothing\n", "this is not a model: the document is empty", Span(0, 0, 1, 0)),
        ("- flow\n", "this is not a model: the document is a list, not a mapping with 'flow'",
         Span(0, 0, 1, 0)),
        ("flow\n", "this is not a model: the document is text, not a mapping with 'flow'",
         Span(0, 0, 1, 0)),
        ("3", "this is not a model: the document is a number, not a mapping with 'flow'",
         Span(0, 0, 0, 1)),
        ("yes\n", "this is not a model: the document is true/false, not a mapping with 'flow'",
         Span(0, 0, 1, 0)),
        ("game: x\nactions: {}\n", "this is not a model: no top-level 'flow'", Span(0, 0, 2, 0)),
        ("game:\n  flow: x\n", "this is not a model: no top-level 'flow'", Span(0, 0, 2, 0)),
    ],
)
def test_not_a_model(text, message, span):
    loaded = load_yaml(text)
    with pytest.raises(NotAModelError) as caught:
        check_is_model(loaded)
    assert (caught.value.message, caught.value.span) == (message, span)


def test_a_model_passes():
    check_is_model(load_yaml("game: x\nflow: {id: game, kind: sequence}\n"))
    check_is_model(load_yaml("flow:\n"))


def test_long_collection_keys_are_quoted_shortened():
    key = "[" + ", ".join(f"item{i}" for i in range(20)) + "]"
    assert_error(f"{key}: x\n",
                 "key [item0, item1, item2, item3, item4, i... is not text; put it in quotes",
                 Span(0, 0, 0, len(key)))
