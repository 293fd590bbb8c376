"""Lint: one warning per mistake, on its token, with its code; none on valid models."""

import pytest

from tabletwin.lint import CODES, lint_model
from tabletwin.lint.finding import MAX_SUGGESTIONS, SUGGESTION_CUTOFF, suggestions
from tabletwin.modelfile import check_is_model, load_yaml
from tabletwin.validate import validate

from .models import SPEC, SPEC_FIXTURES, clean_models, pig_with, spec_blocks


def lint_text(text: str) -> list[tuple[str, int, int, str]]:
    return [(f.data["code"], *f.span.human(), f.message) for f in lint_model(load_yaml(text))]


@pytest.mark.parametrize("path", clean_models(), ids=lambda p: p.name)
def test_no_warning_on_valid_models(path):
    assert lint_text(path.read_text(encoding="utf-8")) == []


def test_the_spec_fixtures_hold_every_whole_model_of_the_spec():
    if not SPEC.is_dir():
        pytest.skip("the specification is not next to this checkout")
    whole = {}
    for name, text in spec_blocks():
        try:
            check_is_model(load_yaml(text))
        except Exception:  # noqa: BLE001 - a fragment, not a model
            continue
        whole[name] = text
    assert whole, "no whole model found in the spec"
    assert {p.stem: p.read_text(encoding="utf-8") for p in SPEC_FIXTURES.glob("*.yaml")} == whole


def test_a_name_nothing_binds_at_its_place():
    assert lint_text(pig_with(('cond_x: "pips == 1"', 'cond_x: "pip == 1"'))) == [
        ("undefined-name", 60, 18, "'pip' is not defined here (did you mean 'pips'?)")]


def test_a_name_bound_by_a_later_op_is_not_in_scope_yet():
    text = pig_with(("{op: roll, die_x: DIE, bind: pips}", "{op: roll, die_x: \"DIE[:pips]\", bind: pips}"))
    assert lint_text(text) == [("undefined-name", 58, 33, "'pips' is not defined here")]


def test_a_var_path_whose_variable_is_not_declared():
    text = pig_with(("{op: set, var: turn_over, value: false}", "{op: set, var: turn_overr, value: false}"))
    assert lint_text(text) == [("undeclared-variable", 54, 24, "variable 'turn_overr' is not declared in state.vars "
                                "(did you mean 'turn_over' or 'turn_total'?)")]


def test_a_per_player_variable_added_to_without_an_index():
    text = pig_with(('{op: add, var: "score[actor]", amount_x: turn_total}', "{op: add, var: score, amount_x: turn_total}"))
    assert lint_text(text) == [("missing-index", 71, 24, "variable 'score' belongs to a player; write score[actor] "
                                "or score[player index]")]


def test_a_per_player_zone_without_an_index():
    text = pig_with(("  vars:\n", "  zones:\n    hand: {owner: player}\n    pile: {}\n  vars:\n"),
                    ("      - {op: set, var: turn_total, value: 0}\n      - {op: set, var: turn_over, value: false}",
                     "      - {op: set, var: turn_total, value: 0}\n      - {op: set, var: turn_over, value: false}\n"
                     "      - {op: move, what_x: 1, from: pile, to: hand}"))
    assert lint_text(text) == [("missing-index", 58, 47, "zone 'hand' belongs to a player; write hand[actor] "
                                "or hand[player index]")]


def test_wrong_numbers_of_arguments():
    text = pig_with(('pre_x: "turn_total > 0"', 'pre_x: "max() > 0 and len(DIE, 2) and double(1, 2) and double()"'),
                    ("state:\n", "functions:\n  double: {params: [x, \"y?\"], x: \"x * 2\"}\n\nstate:\n"))
    assert lint_text(text) == [
        ("wrong-arity", 72, 13, "builtin max() needs at least 1 argument, given 0"),
        ("wrong-arity", 72, 27, "builtin len() takes 1 argument, given 2"),
        ("wrong-arity", 72, 60, "function double() needs 1 to 2 arguments, given 0")]


def test_a_builtin_hidden_by_a_variable_is_not_checked():
    text = pig_with(("    turn_over: {type: bool, init: false}\n", "    turn_over: {type: bool, init: false}\n"
                     "    len: {init: 0}\n"), ('pre_x: "turn_total > 0"', 'pre_x: "turn_total > len"'))
    assert lint_text(text) == []


def test_an_about_path_that_names_nothing():
    assert lint_text(pig_with(("about: actions.hold", "about: actions.hodl"), ("about: end.reached_goal", "about: end.won"))) == [
        ("unknown-about", 81, 12, "about 'actions.hodl': the model has no 'actions.hodl' (did you mean 'actions.hold'?)"),
        ("unknown-about", 86, 12, "about 'end.won': the model has no 'end.won'")]


def test_an_about_topic_is_not_a_path():
    assert lint_text(pig_with(("about: actions.hold", "about: setup"), ("about: end.reached_goal", "about: rules.v2"))) == []


@pytest.mark.parametrize("op, wanted", [("{op: draw, to: x}", "draw needs 'from' to run"),
                                        ("{op: set, value: 0}", "set needs 'var' or 'attr' to run"),
                                        ("{op: choose, bind: x}", "choose needs 'options' to run"),
                                        ("{op: set, attr: hp, value: 0}", "set needs 'of' to run")])
def test_an_op_missing_a_field_it_needs(op, wanted):
    text = pig_with(("      - {op: set, var: turn_over, value: false}\n  roll:",
                     f"      - {{op: set, var: turn_over, value: false}}\n      - {op}\n  roll:"))
    assert lint_text(text) == [("missing-field", 55, 14, wanted)]


def test_a_null_value_is_a_written_field():
    text = pig_with(("      - {op: set, var: turn_over, value: false}\n  roll:",
                     "      - {op: set, var: turn_over, value: null}\n  roll:"))
    assert lint_text(text) == []


def test_lint_never_changes_ok_and_lands_in_the_report():
    report = validate(pig_with(('cond_x: "pips == 1"', 'cond_x: "pip == 1"')), games=0)
    assert report.ok and report.errors == []
    assert [f.data["code"] for f in report.lint] == ["undefined-name"]
    assert report.as_json()["lint"] == [{"code": "undefined-name", "message": "'pip' is not defined here (did you mean "
                                         "'pips'?)", "path": "actions.roll.effect[1].cond_x", "line": 60, "column": 18}]


def test_every_code_is_documented():
    from .models import ROOT

    page = (ROOT / "docs" / "validating.md").read_text(encoding="utf-8")
    for code in CODES:
        assert f'<a id="{code}"></a>' in page, code


def test_suggestions_are_bounded_and_close():
    names = [f"score{i}" for i in range(10)]
    assert len(suggestions("score", names)) == MAX_SUGGESTIONS
    assert suggestions("zzz", ["score"]) == []
    assert SUGGESTION_CUTOFF == 0.6


def test_the_editor_and_lint_share_the_index_of_one_load():
    from tabletwin.editor import Snapshot
    from tabletwin.editor.loads import shared_load
    from tabletwin.editor.indexes import KEPT_INDEXES, shared_index

    text = pig_with(('cond_x: "pips == 1"', 'cond_x: "pip == 1"'))
    loaded = shared_load(text)
    lint_model(loaded)
    snap = Snapshot(text, 1)
    assert snap.loaded is loaded
    assert snap.index is shared_index(loaded, [])
    others = [load_yaml(f"flow: {{id: s{i}, kind: step}}\n") for i in range(KEPT_INDEXES)]
    for other in others:
        shared_index(other, [])
    assert shared_index(loaded, text.split("\n")) is not snap.index  # built again once pushed out


def test_every_builtin_has_its_numbers_of_arguments():
    from tabletwin.expr.builtins import BUILTIN_NAMES
    from tabletwin.lint.names import BUILTIN_ARITY

    assert set(BUILTIN_ARITY) == set(BUILTIN_NAMES)


def test_a_missing_field_below_an_added_line_moves_with_it():
    """Inside one run of kept results (as the server checks each version), the op list an edit
    left alone gives its last findings, moved by the line added above it."""
    from tabletwin.checks.reuse import reusing
    from tabletwin.editor.loads import forget_loads, shared_load

    text = pig_with(("      - {op: set, var: turn_over, value: false}\n  roll:",
                     "      - {op: set, var: turn_over, value: false}\n      - {op: draw, to: x}\n  roll:"))
    above = text.rindex("\n", 0, text.index("\n", text.index("actions:"))) + 1
    edited = text[:above] + "# a comment line\n" + text[above:]
    forget_loads()
    found = []
    for version in (text, edited, text):
        loaded = shared_load(version)
        with reusing(loaded):
            found.append([(f.data["code"], *f.span.human(), f.message) for f in lint_model(loaded)])
    assert found == [[("missing-field", 55, 14, "draw needs 'from' to run")],
                     [("missing-field", 56, 14, "draw needs 'from' to run")],
                     [("missing-field", 55, 14, "draw needs 'from' to run")]]
    assert found[1] == lint_text(edited)
