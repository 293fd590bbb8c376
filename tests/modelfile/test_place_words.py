"""Model paths as the words a person reads."""

import pytest

from tabletwin.modelfile import load_yaml
from tabletwin.modelfile.place_words import path_words

MODEL = load_yaml("""\
flow:
  id: game
  kind: loop
  children:
    - {id: turn, kind: step, do: roll}
    - {kind: step, do: roll}
flows:
  bonus: {id: extra, kind: sequence, children: [{id: again, kind: step, do: roll}]}
actions:
  roll: {effect: [{op: roll, die: d6}, {op: add, var: score, amount_x: pips}]}
triggers:
  - {id: thorns, event: hit, do: []}
  - {event: hit, do: []}
end:
  - {id: won, if_x: "True", result: win}
state:
  vars: {score: {init: 0}}
  zones: {deck: {}}
priority: {windows: {main: {}}}
""").data


@pytest.mark.parametrize(("path", "words"), [
    ((), "the top level"),
    (("flow",), "loop game"),
    (("flow", "children", 0, "do"), "step turn's do"),
    (("flow", "children", 1, "do"), "loop game's child 2's do"),
    (("flows", "bonus", "children", 0, "do"), "step again's do"),
    (("actions", "roll", "effect", 1, "amount_x"), "action roll's effect, op 2, amount_x"),
    (("actions", "roll", "effect", 0), "action roll's effect, op 1"),
    (("triggers", 0, "event"), "trigger thorns's event"),
    (("triggers", 1), "trigger 2"),
    (("end", 0, "if_x"), "end condition won's if_x"),
    (("state", "vars", "score", "init"), "variable score's init"),
    (("state", "zones", "deck"), "zone deck"),
    (("priority", "windows", "main"), "window main"),
    (("num_players",), "num_players"),
    (("actions", "missing", "effect", 3), "action missing's effect, op 4"),
])
def test_paths_in_words(path, words):
    assert path_words(MODEL, path) == words
