"""Quick fixes: each applied to the text, and the result checked."""

from tabletwin.editor import Diagnostic, Snapshot, code_actions
from tabletwin.errors import Span
from tabletwin.modelfile import load_yaml

from .helpers import arena, at, edit

MODEL = arena()


def apply(text: str, edits) -> str:
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for change in sorted(edits, key=lambda e: (e.span.line, e.span.column), reverse=True):
        start = offsets[change.span.line] + change.span.column
        end = offsets[change.span.end_line] + change.span.end_column
        text = text[:start] + change.text + text[end:]
    return text


def fixes(text: str, diagnostics=()):
    snap, line, column = at(text)
    return snap, code_actions(snap, Span(line, column, line, column), list(diagnostics))


def test_did_you_mean_for_an_unknown_key_from_the_validator():
    text = edit(MODEL, "    label: Punch\n", "    label: Punch\n    prex: x‸\n")
    diagnostic = Diagnostic(Span(45, 4, 45, 8), "unknown key 'prex' at actions.punch",
                            {"path": "actions.punch.prex", "key": "prex", "suggestion": "pre"})
    snap, found = fixes(text, [diagnostic])
    assert [(f.title, f.diagnostics, f.preferred) for f in found] == [("Change 'prex' to 'pre'", [0], True)]
    assert apply(snap.text, found[0].edits).split("\n")[45] == "    pre: x"


def test_did_you_mean_for_unknown_names():
    snap, found = fixes(edit(MODEL, "do: [punch, rest]", "do: [pun‸sh, rest]"))
    assert [f.title for f in found] == ["Change 'punsh' to 'punch'"]
    assert "do: [punch, rest]" in apply(snap.text, found[0].edits)
    snap, found = fixes(edit(MODEL, "amount_x: \"card['power']\"", "amount_x: \"cad‸['power']\""))
    assert [f.title for f in found] == ["Change 'cad' to 'card'", "Change 'cad' to 'discard'"]
    assert "amount_x: \"card['power']\"" in apply(snap.text, found[0].edits)


def test_add_the_missing_twin_in_block_and_flow_mappings():
    snap, found = fixes(edit(MODEL, "    pre_x: \"len(hand[actor]) > 0\"\n", "    pre: the player has a ca‸rd\n"))
    assert [f.title for f in found] == ["Add pre_x (the expression the engine runs for 'pre')"]
    fixed = apply(snap.text, found[0].edits)
    assert "    pre: the player has a card\n    pre_x: \"\"\n    effect:" in fixed
    snap, found = fixes(edit(MODEL, 'if_x: "score[current] >= GOAL", result: win',
                             "i‸f: someone has enough, result: win"))
    fixed = apply(snap.text, found[0].edits)
    assert "{id: won, if: someone has enough, if_x: \"\", result: win, who_x: current}" in fixed


def test_no_twin_fix_where_the_text_field_is_a_literal_or_the_twin_exists():
    _snap, found = fixes(edit(MODEL, "{op: add, var: \"score[other(actor)]\", amount: 1}",
                              "{op: add, var: \"score[other(actor)]\", amo‸unt: 1}"))
    assert found == []


def test_declare_a_loop_variable():
    text = edit(MODEL, "    current: {init: 0}\n", "").replace("  as: current", "  as: cur‸rent")
    snap, found = fixes(text)
    assert [f.title for f in found] == ["Declare the loop variable 'current' in state.vars"]
    fixed = apply(snap.text, found[0].edits)
    assert "    score: {scope: player, init: 0}\n    current: {init: null}\n  derived:" in fixed
    assert load_yaml(fixed).data["state"]["vars"]["current"] == {"init": None}


def test_declare_a_loop_variable_without_state():
    text = "flow: {id: g, kind: loop, over_x: players, as: c‸ur, children: []}\nactions: {}\nend: []\n"
    snap, found = fixes(text)
    fixed = apply(snap.text, found[0].edits)
    assert fixed.startswith("state:\n  vars:\n    cur: {init: null}\nflow:")


def test_quote_a_yaml_11_boolean_key():
    text = "flow: {id: t, kind: step, do: a}\nactions:\n  a: {effect: []}\n‸on: 1\nend: []\n"
    diagnostic = Diagnostic(Span(3, 0, 3, 2), "key true is not text; put it in quotes")
    snap, found = fixes(text, [diagnostic])
    assert [(f.title, f.diagnostics) for f in found] == [("Quote the key on (YAML 1.1 reads it as true/false)", [0])]
    assert apply(snap.text, found[0].edits).split("\n")[3] == '"on": 1'
    snap, found = fixes(edit(MODEL, "{id: counter, event: hit,", "{id: counter, Y‸es: hit,"))
    assert [e.text for e in found[0].edits] == ['"Yes"']


def test_tactic_and_other_files_get_only_the_text_fixes():
    snap = Snapshot("name: ci\non: [push]\n")
    assert code_actions(snap, Span(1, 0, 1, 0)) == []
