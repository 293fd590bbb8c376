"""Whatever the text, loading gives data or one YamlError: never another exception."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletwin.errors import NotAModelError, YamlError
from tabletwin.modelfile import check_is_model, load_yaml

MODEL = """\
game: demo
defaults: &d
  label: Base
  amount: 1
flow:
  id: game
  kind: loop
  over_x: players
  as: current
  children:
    - {id: turn, kind: step, actor_x: current, do: [roll, stop]}
actions:
  roll:
    <<: *d
    pre_x: "pot > 0"
    effect:
      - {op: roll, die: [1, 2, 3], bind: r}
      - {op: add, var: "score[actor]", amount: 1}
    note: |
      Two lines
      of text.
  stop:
    effect: [{op: set, var: pot, value: 0}]
content:
  cards:
    bolt: {id: bolt, text: 'Deal 3 damage.', flags: {rare: yes}}
    time: 1:30
end: [{id: w, if_x: "True"}]
"""

# libyaml rejects ``:`` inside plain scalars in flow collections: such text takes the fallback.
FALLBACK_MODEL = MODEL + "links: [http://example.com, {at: 1:30}]\n"

FRAGMENTS = [
    ":", ": ", "-", "- ", "[", "]", "{", "}", ",", "&a ", "*a", "*d", "!", "!!int ", "!!str ",
    "!foo ", "|", ">", "'", '"', "#", "?", "%", "@", "`", "\t", "\n", "\r\n", " ", "  ", "\\",
    "<<: *d\n", "<<", "~", "yes", "010", "1:30", "---\n", "...\n", "\x00", "\x07", "\x85",
    "\u2028", "\ufeff", "\ud800", "é", "😀", "on: ", "y: ", "a: &x [*x]", "{a: 1, a: 2}",
    "[" * 300, "}" * 3, "a:b", "{x: 1:30}", "[http://x]",
]

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def load_or_yaml_error(text: str) -> None:
    try:
        loaded = load_yaml(text)
    except YamlError as error:
        assert error.span is not None
        assert error.message and "\n" not in error.message
        return
    try:
        check_is_model(loaded)
    except NotAModelError as error:
        assert error.span is not None
    positions = loaded.positions
    for path, _ in [positions.nearest(("flow", "children", 0, "id")),
                    positions.nearest(("actions", "roll", "effect", 1, "amount"))]:
        assert positions.span(path) is not None


@SETTINGS
@given(st.text())
def test_random_text(text):
    load_or_yaml_error(text)


@st.composite
def mutated_model(draw):
    text = draw(st.sampled_from([MODEL, FALLBACK_MODEL]))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=3)))
        if kind == "insert":
            text = text[:at] + piece + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)):]
        else:
            text = text[:at] + piece + text[at + len(piece):]
    return text


@SETTINGS
@given(mutated_model())
def test_mutated_model(text):
    load_or_yaml_error(text)


def test_the_unmutated_models_load():
    loaded = load_yaml(MODEL)
    check_is_model(loaded)
    assert loaded.data["actions"]["roll"]["amount"] == 1
    assert loaded.data["content"]["cards"]["time"] == 90
    assert load_yaml(FALLBACK_MODEL).data["links"] == ["http://example.com", {"at": 90}]
