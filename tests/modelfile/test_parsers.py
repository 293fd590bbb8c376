"""libyaml and the fallback parser give the same data and positions.

libyaml (``ruamel.yaml.clib``) reads every model; ruamel's pure-Python parser reads only the
text libyaml refuses for a ``:`` inside a plain scalar in a flow collection, which YAML 1.1
allows (``{at: 1:30}``, ``[http://example.com]``).
"""

from __future__ import annotations

import pytest

from tabletwin.errors import Span, YamlError
from tabletwin.modelfile import load_yaml
from tabletwin.modelfile.compose import compose

from .test_fuzz import MODEL as FUZZ_MODEL
from .test_merge_alias import ALIASED, MERGED
from .test_positions import MODEL as POSITIONS_MODEL

TEXTS = [
    POSITIONS_MODEL,
    FUZZ_MODEL,
    MERGED,
    ALIASED,
    'emoji: {icon: 😀é, n: 2}\n"é😀": [ü, 😀😀, x]\n',
    "a: 1\r\nb: |\r\n  x\r\n\r\nc: [2]\r\n",
    "a: |+\n  x\n\n\nb: >\n  folded\n  text\n",
    "a: &x !!str 10\nb: &y\n  c: 1\n",
    "plain\n  multi\n\n  line\n",
]


@pytest.mark.parametrize("text", TEXTS)
def test_both_parsers_agree(text):
    fast_data, fast = compose(text)
    pure_data, pure = compose(text, pure=True)
    assert fast_data == pure_data
    assert dict(fast.items()) == dict(pure.items())
    assert (fast.aliases, fast.merges) == (pure.aliases, pure.merges)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("at: {t: 1:30}\n", {"at": {"t": 90}}),
        ("links: [http://example.com, x]\n", {"links": ["http://example.com", "x"]}),
        ("- {event: card:played}\n", [{"event": "card:played"}]),
    ],
)
def test_colon_inside_flow_scalars_loads(text, expected):
    assert load_yaml(text).data == expected


def test_fallback_positions():
    positions = load_yaml("effect:\n  - {op: emit, event: card:played, n: 2}\n").positions
    assert positions.value_span(("effect", 0, "event")) == Span(1, 22, 1, 33)
    assert positions.key_span(("effect", 0, "n")) == Span(1, 35, 1, 36)


def test_fallback_keeps_model_rules():
    with pytest.raises(YamlError) as caught:
        load_yaml("a: {t: 1:30, t: 2}\n")
    assert (caught.value.message, caught.value.span) == (
        "duplicate key 't' (first at line 1): a key appears once in a mapping; merge the two entries or rename one", Span(0, 13, 0, 14))


def test_fallback_reports_its_own_syntax_errors():
    with pytest.raises(YamlError) as caught:
        load_yaml("a: [b:c, d: e: f]\n")
    assert (caught.value.message, caught.value.span) == (
        "a second ':' inside [...]: a value that holds ':' must be in quotes", Span(0, 13, 0, 14))


def test_fallback_places_control_characters_in_code_points():
    text = "é" * 10 + ": [a:b]\n" + "".join(f"k{i}: v\n" for i in range(5_000)) + "z: \x00\n"
    with pytest.raises(YamlError) as caught:
        load_yaml(text)
    assert caught.value.message.startswith("unacceptable character #x0000: ")
    assert caught.value.span == Span(5_001, 3, 5_001, 4)


def test_the_slow_parser_reads_only_small_texts():
    from tabletwin.modelfile.load import MAX_PURE_PARSE_CHARS

    assert MAX_PURE_PARSE_CHARS == 50_000
    head = "at: {time: 1:30}\n"  # libyaml refuses the ':' in the flow mapping; YAML 1.1 allows it
    padding = "# " + "x" * (MAX_PURE_PARSE_CHARS - len(head) - 3) + "\n"
    assert len(head + padding) == MAX_PURE_PARSE_CHARS
    assert load_yaml(head + padding).data == {"at": {"time": 90}}
    with pytest.raises(YamlError) as caught:
        load_yaml(head + padding + "\n")
    assert caught.value.message == ("found unexpected ':' inside [...] or {...}; put the value in quotes (a text of "
                                    "more than 50,000 characters is read by the fast parser, which needs them)")
    assert caught.value.span == Span.point(0, 12)
