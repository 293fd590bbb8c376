"""Quick fixes for lint warnings and clear validator errors: each applied, and the model it gives
has fewer findings (errors, warnings and lint) than before, never more."""

import pytest

from tabletwin.editor import Diagnostic, Snapshot, code_actions
from tabletwin.editor.fixall import fix_all
from tabletwin.validate import validate

from ..lint.models import PIG, pig_with
from .test_fixes import apply


def findings(text: str) -> list:
    report = validate(text, games=0)
    return report.errors + report.warnings + report.lint


def diagnostics_of(text: str) -> list[Diagnostic]:
    return [Diagnostic(f.span, f.message, ({"path": f.path} | (f.data or {})) if f.path else f.data)
            for f in findings(text) if f.span is not None]


def fixes_for(text: str, wanted: str):
    """The fixes offered for the first finding whose message contains ``wanted``."""
    diagnostics = [d for d in diagnostics_of(text) if wanted in d.message]
    assert diagnostics, findings(text)
    snap = Snapshot(text, 1)
    return snap, code_actions(snap, diagnostics[0].span, diagnostics[:1])


def applied(snap, fix) -> str:
    return apply(snap.text, fix.edits)


def assert_fewer(before: str, after: str) -> None:
    assert len(findings(after)) < len(findings(before)), [f.message for f in findings(after)]


@pytest.mark.parametrize("old, new, wanted, title, result", [
    ('cond_x: "pips == 1"', 'cond_x: "pip == 1"', "'pip' is not defined", "Change 'pip' to 'pips'", 'cond_x: "pips == 1"'),
    ("{op: set, var: turn_over, value: false}", "{op: set, var: turn_overr, value: false}", "turn_overr",
     "Change 'turn_overr' to 'turn_over'", "{op: set, var: turn_over, value: false}"),
    ('{op: add, var: "score[actor]", amount_x: turn_total}', "{op: add, var: score, amount_x: turn_total}",
     "belongs to a player", "Write '\"score[actor]\"'", '{op: add, var: "score[actor]", amount_x: turn_total}'),
    ('cond_x: "pips == 1"', 'cond_x: "pips = 1"', "assignment", "Use == (compare; the language has no assignment)",
     'cond_x: "pips == 1"'),
    ("{op: roll, die_x: DIE, bind: pips}", "{op: rol, die_x: DIE, bind: pips}", "unknown op", "Change 'rol' to 'roll'",
     "{op: roll, die_x: DIE, bind: pips}"),
    ("about: actions.hold", "about: actions.hodl", "hodl", "Change 'actions.hodl' to 'actions.hold'",
     "about: actions.hold"),
    ("result: win, who_x", "result:win, who_x", "result:win", "Add a space after 'result:'", "result: win, who_x"),
])
def test_a_preferred_fix_gives_the_model_back(old, new, wanted, title, result):
    text = pig_with((old, new))
    snap, found = fixes_for(text, wanted)
    fix = next(f for f in found if f.title == title)
    assert fix.preferred and fix.diagnostics == [0]
    after = applied(snap, fix)
    assert result in after
    assert_fewer(text, after)
    if result == old:
        assert after == PIG


def test_result_win_keeps_its_value():
    text = pig_with(("result: win, who_x", "result:win, who_x"))
    snap, found = fixes_for(text, "result:win")
    assert [f.title for f in found] == ["Add a space after 'result:'"]  # never "Change 'result:win' to 'result'"


def test_declare_a_variable_in_state_vars():
    text = pig_with(("{op: set, var: turn_over, value: false}", "{op: set, var: fresh, value: false}"))
    snap, found = fixes_for(text, "fresh")
    fix = next(f for f in found if f.title == "Declare the variable 'fresh' in state.vars")
    after = applied(snap, fix)
    assert "    turn_over: {type: bool, init: false}\n    fresh: {init: null}\n" in after
    assert_fewer(text, after)


def test_declare_a_zone_where_state_has_none():
    text = pig_with(("      - {op: set, var: turn_over, value: false}\n  roll:",
                     "      - {op: set, var: turn_over, value: false}\n      - {op: shuffle, zone: deck}\n  roll:"))
    snap, found = fixes_for(text, "zone 'deck' is not declared")
    fix = next(f for f in found if f.title == "Declare the zone 'deck' in state.zones")
    after = applied(snap, fix)
    assert "turn_over: {type: bool, init: false}\n  zones:\n    deck: {}\n" in after
    assert_fewer(text, after)


def test_use_equals_leaves_keyword_arguments_alone():
    text = pig_with(('cond_x: "pips == 1"', 'cond_x: "max(DIE, key=abs) = 1"'))
    snap, found = fixes_for(text, "assignment")
    fix = next(f for f in found if f.title.startswith("Use =="))
    assert 'cond_x: "max(DIE, key=abs) == 1"' in applied(snap, fix)


def test_the_twin_fix_lands_the_cursor_between_the_quotes():
    text = pig_with(('    pre_x: "turn_total > 0"\n', ""))
    snap = Snapshot(text, 1)
    line = text.split("\n").index("    pre: something is at stake")
    (fix,) = [f for f in code_actions(snap, _span(line, 5)) if f.title.startswith("Add pre_x")]
    assert fix.edits[0].text == '\n    pre_x: ""'
    assert fix.snippet[0].text == '\n    pre_x: "$0"' and fix.snippet[0].span == fix.edits[0].span


def test_fix_all_applies_every_preferred_fix_at_once():
    text = pig_with(('cond_x: "pips == 1"', 'cond_x: "pip = 1"'), ("about: actions.hold", "about: actions.hodl"),
                    ('{op: add, var: "score[actor]", amount_x: turn_total}', "{op: add, var: score, amount_x: turn_total}"))
    before = findings(text)
    snap = Snapshot(text, 1)
    after = apply(text, fix_all(snap, diagnostics_of(text), snap.index))
    assert len(findings(after)) < len(before)
    assert 'cond_x: "pip == 1"' in after and "about: actions.hold" in after and 'var: "score[actor]"' in after
    again = apply(after, fix_all(Snapshot(after, 2), diagnostics_of(after)))
    assert 'cond_x: "pips == 1"' in again
    assert findings(again) == []


def _span(line, column):
    from tabletwin.errors import Span

    return Span(line, column, line, column)
