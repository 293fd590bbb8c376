"""Definition, references, rename and the outline."""

from tabletwin.editor import definition, document_symbols, prepare_rename, references, rename
from tabletwin.editor.navigation import Edit, Location
from tabletwin.errors import Span

from .helpers import DATA, arena, at, edit

MODEL = arena()
TACTIC = (DATA / "arena-basic.yaml").read_text(encoding="utf-8")
TACTIC_PATH = str(DATA / "arena-basic.yaml")
MODEL_PATH = str((DATA / "arena.yaml").resolve())


def spans(locations):
    return [(loc.span.line, loc.span.column, loc.span.end_column) for loc in locations]


def test_definition_of_an_action_in_do():
    snap, line, column = at(edit(MODEL, "do: [punch, rest]", "do: [pu‸nch, rest]"))
    assert definition(snap, line, column) == [Location(None, Span(43, 2, 43, 7))]


def test_definition_of_a_name_in_an_expression_and_in_a_zone_path():
    snap, line, column = at(edit(MODEL, 'if_x: "score[current] >= GOAL"', 'if_x: "score[current] >= GO‸AL"'))
    assert spans(definition(snap, line, column)) == [(6, 2, 6)]
    snap, line, column = at(edit(MODEL, '{op: draw, from: deck, to: "hand[actor]"}', '{op: draw, from: deck, to: "ha‸nd[actor]"}'))
    assert spans(definition(snap, line, column)) == [(21, 4, 8)]


def test_events_go_from_trigger_to_emit_and_back():
    snap, line, column = at(edit(MODEL, "{id: counter, event: hit,", "{id: counter, event: h‸it,"))
    assert spans(definition(snap, line, column)) == [(50, 15, 18)]
    snap, line, column = at(edit(MODEL, "event: hit\n", "event: h‸it\n"))
    assert spans(definition(snap, line, column)) == [(56, 25, 28)]


def test_references_of_a_zone_everywhere_it_is_named():
    snap, line, column = at(edit(MODEL, "    hand: {owner", "    ha‸nd: {owner"))
    assert spans(references(snap, line, column)) == [(21, 4, 8), (42, 36, 40), (45, 16, 20), (47, 33, 37),
                                                     (48, 40, 44), (64, 67, 71)]
    assert spans(references(snap, line, column, include_declaration=False))[0] == (42, 36, 40)


def test_rename_a_variable_in_declaration_loop_and_expressions():
    snap, line, column = at(edit(MODEL, "    current: {init: 0}", "    cur‸rent: {init: 0}"))
    assert prepare_rename(snap, line, column) == Span(25, 4, 25, 11)
    result = rename(snap, line, column, "turn")
    assert [(e.span.line, e.span.column, e.span.end_column) for e in result.edits] == [
        (25, 4, 11), (34, 6, 13), (36, 38, 45), (37, 37, 44), (63, 27, 34), (63, 66, 73)]
    assert {e.text for e in result.edits} == {"turn"}
    assert result.skipped == 0
    renamed = snap.lines[34][:6] + "turn" + snap.lines[34][13:]
    assert renamed == "  as: turn"


def test_rename_refuses_clashes_bad_names_and_other_kinds():
    snap, line, column = at(edit(MODEL, "    current: {init: 0}", "    cur‸rent: {init: 0}"))
    assert rename(snap, line, column, "score") == "'score' is already a variable"
    assert rename(snap, line, column, "1x") == "'1x' is not a valid name for a variable"
    snap, line, column = at(edit(MODEL, "GOAL: 5", "GO‸AL: 5"))
    assert prepare_rename(snap, line, column) is None
    assert rename(snap, line, column, "X") == "only actions, zones, variables, step ids, windows and triggers can be renamed"


def test_rename_skips_uses_whose_characters_do_not_map_one_to_one():
    text = edit(MODEL, '    pre_x: "len(hand[actor]) > 0"', '    pre_x: "len(hand[actor]) > \\x30"')
    snap, line, column = at(edit(text, "    hand: {owner", "    ha‸nd: {owner"))
    result = rename(snap, line, column, "cards")
    assert result.skipped == 1
    assert Edit(Span(45, 16, 45, 20), "cards") not in result.edits


def test_rename_an_action_in_do_lists():
    snap, line, column = at(edit(MODEL, "  rest:\n", "  re‸st:\n"))
    result = rename(snap, line, column, "wait")
    assert [(e.span.line, e.span.column) for e in result.edits] == [(37, 58), (52, 2)]


def test_a_place_in_a_tactic_leads_into_the_model_file():
    snap, line, column = at(edit(TACTIC, "at: step act,", "at: step a‸ct,"), TACTIC_PATH)
    assert definition(snap, line, column) == [Location(MODEL_PATH, Span(37, 11, 37, 14))]
    snap, line, column = at(edit(TACTIC, "score[me] >", "sc‸ore[me] >"), TACTIC_PATH)
    assert definition(snap, line, column) == [Location(MODEL_PATH, Span(24, 4, 24, 9))]
    snap, line, column = at(edit(TACTIC, "when_x: ahead", "when_x: ah‸ead"), TACTIC_PATH)
    assert definition(snap, line, column) == [Location(None, Span(3, 2, 3, 7))]


def test_outline_of_a_model():
    snap, _line, _column = at(MODEL + "‸")
    symbols = {symbol.name: symbol for symbol in document_symbols(snap)}
    assert list(symbols) == ["game", "label", "num_players", "constants", "boards", "functions", "state", "flow",
                             "actions", "triggers", "content", "end"]
    flow = symbols["flow"].children[0]
    assert (flow.name, flow.detail) == ("game", "loop")
    assert [(c.name, c.detail) for c in flow.children] == [("draw", "step: draw_card"), ("act", "step: punch, rest")]
    assert [c.name for c in symbols["state"].children] == ["zones", "vars", "derived"]
    assert [c.name for c in symbols["state"].children[1].children] == ["score", "current"]
    assert [(c.name, c.detail) for c in symbols["actions"].children] == [("draw_card", ""), ("punch", "Punch"),
                                                                        ("rest", "")]
    assert [(c.name, c.detail) for c in symbols["end"].children] == [("won", "win"), ("spent", "draw")]
    assert symbols["actions"].children[1].span == Span(43, 2, 51, 75)


SMALL = """flow: {id: g, kind: step, actor_x: "0", do: shoot, window: duel}
actions:
  shoot:
    effect:
      - {op: sample, model: shot}
      - {op: let, bind: card, value_x: "content['moves']['jab']"}
priority:
  windows:
    duel: {allows: [fast]}
outcomes:
  shot:
    outcomes:
      - {id: hit, p: half, p_x: "0.5"}
      - {id: miss, p: half, p_x: "0.5"}
content:
  moves:
    jab: {id: jab, label: Jab}
end: []
"""


def test_definitions_of_a_window_an_outcome_model_and_a_content_item():
    snap, line, column = at(edit(SMALL, "window: duel}", "window: du‸el}"))
    assert spans(definition(snap, line, column)) == [(8, 4, 8)]
    snap, line, column = at(edit(SMALL, "model: shot}", "model: sh‸ot}"))
    assert spans(definition(snap, line, column)) == [(10, 2, 6)]
    snap, line, column = at(edit(SMALL, "['jab']", "['ja‸b']"))
    assert spans(definition(snap, line, column)) == [(16, 14, 17)]
