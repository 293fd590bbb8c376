"""Places in tactic files: unknown ones as findings with a fix, the model read from its editor
buffer, and renaming an action across a model and its tactics."""

from pathlib import Path

import pytest

from tabletwin.editor import Snapshot, completions, prepare_rename, rename
from tabletwin.editor.fixes import Diagnostic, Edit
from tabletwin.editor.places import find_model, model_places
from tabletwin.editor.tactic_places import place_findings, place_fixes
from tabletwin.errors import Span
from tabletwin.modelfile import load_yaml

from .helpers import DATA, arena, at, edit

ROOT = Path(__file__).resolve().parents[2]
MODEL = arena()
MODEL_PATH = str(DATA / "arena.yaml")
TACTIC = (DATA / "arena-basic.yaml").read_text(encoding="utf-8")
TACTIC_PATH = str(DATA / "arena-basic.yaml")
TYPOS_PATH = str(DATA / "typos.yaml")  # not on disk: its folder holds the model
TYPOS = """\
tactic: arena-typos
game: arena
rules:
  - {at: action pnch, max_x: "o['power']"}
  - at: [step act, "action punch · 1", acton punch]
    pick: rest
  - {at: trigger x*, pick: use}
  - {at: triger *, pick: use}
  - {at: 'trigger count?r', pick: use}
search:
  at: step ac
"""


def findings(text: str, path: str = TYPOS_PATH, text_of=None):
    loaded = load_yaml(text)
    model = find_model(path, loaded.data.get("game"), text_of)
    return [(f.message, (f.span.line, f.span.column, f.span.end_line, f.span.end_column), f.severity, f.path, f.data)
            for f in place_findings(loaded, text.split("\n"), model)]


def only(model_text: str):
    """A ``text_of`` that has the arena model open with ``model_text``."""
    return lambda path: model_text if Path(path).resolve() == Path(MODEL_PATH).resolve() else None


@pytest.mark.parametrize("tactic", sorted((ROOT / "examples" / "tactics").glob("*.yaml"))
                         + [ROOT / "tests" / "fixtures" / "pig100-hold-at-20.yaml", DATA / "arena-basic.yaml"],
                         ids=lambda path: path.name)
def test_the_places_of_every_example_tactic_exist(tactic: Path):
    text = tactic.read_text(encoding="utf-8")
    assert find_model(str(tactic), load_yaml(text).data["game"]) is not None
    assert findings(text, str(tactic)) == []


def test_unknown_places_are_warnings_at_their_own_characters_with_a_close_place():
    assert findings(TYPOS) == [
        ("no place 'action pnch' in arena.yaml: the rule is never used there (did you mean 'action punch'?)",
         (3, 9, 3, 20), "warning", "rules[0].at", {"place": "action pnch", "suggestion": "action punch"}),
        ("no place 'action punch · 1' in arena.yaml: tactics match a subset choice at its place without ' · 1' "
         "(did you mean 'action punch'?)",
         (4, 20, 4, 36), "warning", "rules[1].at[1]", {"place": "action punch · 1", "suggestion": "action punch"}),
        ("no place 'acton punch' in arena.yaml: the rule is never used there (did you mean 'action punch'?)",
         (4, 39, 4, 50), "warning", "rules[1].at[2]", {"place": "acton punch", "suggestion": "action punch"}),
        ("no place matches 'trigger x*' in arena.yaml: the rule is never used there",
         (6, 9, 6, 19), "warning", "rules[2].at", {"place": "trigger x*"}),
        ("no place matches 'triger *' in arena.yaml: the rule is never used there (did you mean 'trigger *'?)",
         (7, 9, 7, 17), "warning", "rules[3].at", {"place": "triger *", "suggestion": "trigger *"}),
        ("no place 'step ac' in arena.yaml: look-ahead never happens there (did you mean 'step act'?)",
         (10, 6, 10, 13), "warning", "search.at", {"place": "step ac", "suggestion": "step act"}),
    ]


def test_a_far_place_gets_no_suggestion_and_an_escaped_one_is_marked_whole():
    text = edit(TYPOS, "{at: action pnch,", '{at: "window \\u00e9",')
    first = findings(text)[0]
    assert first[:2] == ("no place 'window é' in arena.yaml: the rule is never used there", (3, 9, 3, 24))
    assert first[4] == {"place": "window é"}


def test_no_findings_without_the_model_or_while_it_does_not_parse():
    assert findings(edit(TYPOS, "game: arena", "game: chess")) == []
    assert findings(edit(TYPOS, "game: arena\n", "")) == []
    assert findings(TYPOS, "/nonexistent/folder/typos.yaml") == []
    assert findings(TYPOS, text_of=only(MODEL + "\nactions: [\n")) == []


def test_the_places_follow_the_model_buffer_not_the_disk():
    renamed = MODEL.replace("[punch, rest]", "[strike, rest]").replace("  punch:\n", "  strike:\n")
    text = "tactic: t\ngame: arena\nrules:\n  - {at: action strike, pick: x}\n  - {at: action punch, pick: y}\n"
    never = "the rule is never used there"
    assert [f[0] for f in findings(text, text_of=only(renamed))] == [f"no place 'action punch' in arena.yaml: {never}"]
    assert [f[0] for f in findings(text)] == [f"no place 'action strike' in arena.yaml: {never}"]
    snap, line, column = at(edit(TACTIC, "at: action punch", "at: ‸action punch"), TACTIC_PATH)
    snap.text_of = only(renamed)
    assert [item.label for item in completions(snap, line, column) if item.kind == "place"][:3] == [
        "step act", "action draw_card", "action strike"]
    assert snap.model().path == MODEL_PATH


def test_a_model_whose_game_line_names_another_game_is_not_loaded():
    other = MODEL.replace("game: arena", "game: boxing")
    assert find_model(TYPOS_PATH, "arena", only(other)) is None
    assert find_model(TYPOS_PATH, "boxing", only(other)).path == MODEL_PATH


def test_a_trigger_without_an_id_is_the_place_the_engine_names():
    data = load_yaml("flow: {id: t, kind: step, do: a}\ntriggers:\n  - {event: e, optional: true}\n").data
    assert [place.name for place in model_places(data)] == ["trigger None"]


def test_the_quick_fix_replaces_the_place_with_the_suggestion():
    snap = Snapshot(TYPOS, 1, TYPOS_PATH)
    diagnostics = [Diagnostic(Span(3, 9, 3, 20), "no place", {"place": "action pnch", "suggestion": "action punch"}),
                   Diagnostic(Span(6, 9, 6, 19), "no place", {"place": "trigger x*"}),
                   Diagnostic(Span(7, 9, 7, 17), "no place", {"place": "moved", "suggestion": "trigger *"})]
    (fix,) = place_fixes(snap, diagnostics)
    assert (fix.title, fix.edits, fix.diagnostics, fix.preferred) == (
        "Change 'action pnch' to 'action punch'", [Edit(Span(3, 9, 3, 20), "action punch")], [0], True)


# ---- rename ------------------------------------------------------------------------------------


def spans(edits):
    return [(e.span.line, e.span.column, e.span.end_column, e.text) for e in edits]


def test_renaming_an_action_in_the_model_edits_the_tactics_that_play_it():
    tactic = Snapshot(TACTIC, 1, TACTIC_PATH)
    elsewhere = Snapshot(TACTIC, 1, "/nonexistent/folder/arena-basic.yaml")
    snap, line, column = at(edit(MODEL, "  punch:\n", "  pu‸nch:\n"), MODEL_PATH)
    result = rename(snap, line, column, "strike", tactics=[tactic, elsewhere])
    assert spans(result.edits) == [(37, 51, 56, "strike"), (43, 2, 7, "strike")]
    assert [(other.path, spans(other.edits)) for other in result.others] == [
        (TACTIC_PATH, [(6, 16, 21, "strike")])]
    assert result.others[0].lines == tactic.lines


def test_an_option_label_is_renamed_only_where_the_options_are_actions():
    text = TACTIC + ("  - {at: step act, options: [punch, rest], pick: rest}\n"
                     "  - {at: [step act, action punch], pick: rest}\n"
                     "  - {at: trigger counter, pick: rest}\n"
                     "  - {at: 'action punch (cost)', pick: rest}\n")
    snap, line, column = at(edit(MODEL, "  rest:\n", "  re‸st:\n"), MODEL_PATH)
    result = rename(snap, line, column, "wait", tactics=[Snapshot(text, 1, TACTIC_PATH)])
    assert spans(result.others[0].edits) == [(5, 40, 44, "wait"), (7, 36, 40, "wait"), (7, 49, 53, "wait")]


def test_renaming_from_a_place_in_a_tactic_edits_the_model_and_the_tactics():
    snap, line, column = at(edit(TACTIC, "at: action punch", "at: action pun‸ch"), TACTIC_PATH)
    assert prepare_rename(snap, line, column) == Span(6, 16, 6, 21)
    variant = Snapshot(TACTIC.replace("tactic: arena-basic", "tactic: arena-variant")
                       + "search: {at: ['action punch · hit', action p*]}\n", 1, str(DATA / "variant.yaml"))
    result = rename(snap, line, column, "strike", tactics=[snap, variant])
    assert spans(result.edits) == [(6, 16, 21, "strike")]
    assert [(Path(other.path).name, spans(other.edits)) for other in result.others] == [
        ("arena.yaml", [(37, 51, 56, "strike"), (43, 2, 7, "strike")]),
        ("variant.yaml", [(6, 16, 21, "strike"), (7, 22, 27, "strike")])]


def test_renaming_from_a_tactic_uses_the_model_buffer():
    moved = "\n\n" + MODEL
    snap, line, column = at(edit(TACTIC, "at: action punch", "at: action pun‸ch"), TACTIC_PATH)
    snap.text_of = only(moved)
    result = rename(snap, line, column, "strike")
    assert spans(result.others[0].edits) == [(39, 51, 56, "strike"), (45, 2, 7, "strike")]
    assert result.others[0].lines == moved.split("\n")


def test_rename_in_a_tactic_is_refused_with_a_reason():
    snap, line, column = at(edit(TACTIC, "at: step act", "at: st‸ep act"), TACTIC_PATH)
    assert prepare_rename(snap, line, column) is None
    assert rename(snap, line, column, "x") == "in a tactic, only the action of a place 'action <name>' can be renamed"
    snap, line, column = at(edit(TACTIC, "at: action punch", "at: action pun‸ch"), TACTIC_PATH)
    assert rename(snap, line, column, "rest") == "'rest' is already an action"
    assert rename(snap, line, column, "1x") == "'1x' is not a valid name for an action"
    snap, line, column = at(edit(TACTIC, "at: action punch", "at: action kic‸k"), TACTIC_PATH)
    assert prepare_rename(snap, line, column) is None
    assert rename(snap, line, column, "x") == "the model has no action 'kick'"
    snap, line, column = at(edit(TACTIC, "at: action punch", "at: action pun‸ch"), "/nonexistent/folder/t.yaml")
    assert rename(snap, line, column, "x") == (
        "the model of this tactic was not found (a model with its game in this folder or its parent)")


def test_a_place_written_with_escapes_is_counted_not_renamed():
    text = TACTIC + '  - {at: "action p\\u0075nch", pick: x}\n'
    snap, line, column = at(edit(MODEL, "  punch:\n", "  pu‸nch:\n"), MODEL_PATH)
    result = rename(snap, line, column, "strike", tactics=[Snapshot(text, 1, TACTIC_PATH)])
    assert (spans(result.others[0].edits), result.skipped) == ([(6, 16, 21, "strike")], 1)
