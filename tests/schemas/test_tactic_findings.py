"""Schema findings on tactic files."""

import textwrap

from tabletwin.checks.schema import schema_findings
from tabletwin.modelfile import load_yaml


def findings(text):
    loaded = load_yaml(textwrap.dedent(text))
    return [(f.message, f.path, (f.span.line, f.span.column, f.span.end_line, f.span.end_column), f.data)
            for f in schema_findings(loaded, kind="tactic")]


def test_a_complete_tactic_gives_nothing():
    assert findings("""\
    # yaml-language-server: $schema=../schemas/tactic.schema.json
    tactic: pig-hold-at-8
    game: pig
    label: Hold at 8
    summary: Keep rolling until the pot is 8.
    note: measured against random
    default: first
    let:
      enough: "pot >= 8 or score[me] + pot >= GOAL"
      margin: 2
    rules:
      - at: step choice
        when_x: enough
        pick: stop
        note: bank it
      - {at: [trigger guard_dog, "trigger *"], options: [use, skip], pick: use}
      - {at: action attack, max_x: "(o['damage'], -o['cost'])"}
      - {at: "window *", min_x: i}
      - {at: action play, take_x: "o['uid'] in chosen"}
      - {at: step choice, pick_x: "labels[0]"}
    search:
      at: [action commit, step defend]
      rollouts: 8
      max_rollouts: 32
      z: 2
    """) == []


def test_a_variant_with_extends_needs_no_rules():
    assert findings("tactic: lotr-quest-wide\ngame: lotr-lcg\nextends: lotr-standard.yaml\n"
                    "let: {quest_margin: \"5\"}\n") == []


def test_a_broken_tactic():
    assert findings("""\
    tactic: t
    rulez: []
    rules:
      - {at: step x, pik: b, pick: a}
      - at: 3
        pick_x: [1]
    default: best
    search: {at: x, rollouts: 0, zz: 1}
    """) == [
        ("unknown key 'rulez' at the top level", "rulez", (1, 0, 1, 5), {"key": "rulez"}),
        ("unknown key 'pik' at rules[0]", "rules[0].pik", (3, 17, 3, 20), {"key": "pik", "suggestion": "pick_x"}),
        ("rules, item 2: `at` must be text or a list, like `at: some text` (not a number)", "rules[1].at", (4, 8, 4, 9), None),
        ("rules, item 2: `pick_x` must be text, a number or true/false, like `pick_x: some text` (not a list)", "rules[1].pick_x",
         (5, 12, 5, 15), None),
        ("`default` must be one of random, first (not 'best')", "default", (6, 9, 6, 13), None),
        ("search: `rollouts` must be at least 1 (not 0)", "search.rollouts", (7, 26, 7, 27), None),
        ("unknown key 'zz' at search", "search.zz", (7, 29, 7, 31), {"key": "zz", "suggestion": "z"}),
    ]


def test_required_keys_of_a_tactic():
    assert findings("game: pig\nlabel: nothing else\n") == [
        ("missing key 'rules' or 'extends' at the top level", "", (0, 0, 0, 4), None),
        ("missing key 'tactic' at the top level", "", (0, 0, 0, 4), None),
    ]


def test_model_keys_are_unknown_in_a_tactic_and_never_raise_on_other_documents():
    assert [message for message, *_ in findings("tactic: t\nrules: []\nflow: {}\n")] == [
        "unknown key 'flow' at the top level"]
    assert [message for message, *_ in findings("- 1\n")] == ["the model must be a mapping (not a list)"]
