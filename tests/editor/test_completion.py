"""Completion candidates: exact lists at the places that matter."""

from tabletwin.editor import completions
from tabletwin.errors import Span

from .helpers import DATA, arena, at, edit

MODEL = arena()
TACTIC = (DATA / "arena-basic.yaml").read_text(encoding="utf-8")
TACTIC_PATH = str(DATA / "arena-basic.yaml")
BOARD = ["cells", "directions", "xy", "cell", "step", "leap", "ray", "neighbours", "distance", "path", "path_cost",
         "reachable", "line_of_sight", "shape"]
BUILTINS = ["len", "any", "all", "min", "max", "sum", "range", "abs", "round", "sorted", "list", "tuple", "set",
            "dict", "enumerate", "zip", "int", "float", "str", "bool", "sigmoid", "σ", "exp", "sqrt", "log"]
RESERVED = ["players", "n_players", "eliminated", "results", "content"]
GLOBALS = ["score", "current", "deck", "hand", "discard", "leader", "centre", "other", "GOAL", "CARDS"]


def labels(text: str, path: str | None = None) -> list[str]:
    snap, line, column = at(text, path)
    return [item.label for item in completions(snap, line, column)]


def items(text: str, path: str | None = None):
    snap, line, column = at(text, path)
    return completions(snap, line, column)


def test_keys_of_an_op_by_its_op_minus_those_written():
    text = edit(MODEL, '{op: draw, from: deck, to: "hand[actor]"}', '{op: draw, from: deck, ‸}')
    found = items(text)
    assert [item.label for item in found] == ["to", "n", "n_x", "visible_to_x", "position", "note"]
    assert found[0].insert == "to: "
    assert found[0].detail == "op `draw`"
    assert found[0].documentation == "Zone path of the destination: `discard` or `hand[actor]`."


def test_keys_of_a_node_by_its_kind():
    text = edit(MODEL, "{id: draw, kind: step, actor_x: current, do: draw_card}",
                "{id: draw, kind: step, actor_x: current, do: draw_card, ‸}")
    assert labels(text) == ["label", "window", "end_event", "note", "actor", "secret", "visible_to_x"]


def test_top_level_keys_not_yet_written():
    assert labels(edit(MODEL, "flow:\n", "‸\nflow:\n")) == [
        "mode", "players", "summary", "demonstrates", "scope", "description", "utility", "flows", "modifiers",
        "priority", "outcomes", "agents", "code", "open_questions"]


def test_closed_values_from_the_schema():
    assert labels(edit(MODEL, "kind: loop\n", "kind: ‸\n")) == ["sequence", "loop", "branch", "step", "subflow"]
    assert labels(edit(MODEL, "result: win", "result: ‸")) == ["win", "loss", "draw", "score", "eliminate", "continue"]
    assert labels(edit(MODEL, "deck: {visibility: hidden,", "deck: {visibility: ‸,")) == ["public", "owner", "hidden"]
    op = items(edit(MODEL, "      - {op: choose,", "      - {op: ‸,"))
    assert [item.label for item in op][:4] == ["set", "add", "let", "place"]
    assert op[0].documentation.startswith("Gives a variable")


def test_names_a_field_refers_to():
    assert labels(edit(MODEL, "do: [punch, rest]", "do: [punch, ‸]")) == ["draw_card", "punch", "rest"]
    assert labels(edit(MODEL, "{op: draw, from: deck,", "{op: draw, from: ‸,")) == ["deck", "hand", "discard"]
    assert labels(edit(MODEL, "{id: counter, event: hit,", "{id: counter, event: ‸,")) == ["hit"]
    assert labels(edit(MODEL, '{op: add, var: "score[actor]"', '{op: add, var: ‸')) == ["score", "current"]


def test_names_in_an_op_expression_include_the_names_bound_before():
    text = edit(MODEL, '{op: move, what_x: card,', '{op: move, what_x: "ca‸",')
    assert labels(text) == (["actor", "card"] + GLOBALS + BOARD + RESERVED + ["modified"] + BUILTINS
                            + ["True", "False", "None"])
    local = items(text)[1]
    assert (local.kind, local.detail) == ("local", "bound by choose at effect[0]")
    assert local.replace == Span(48, 28, 48, 30)


def test_a_variable_init_sees_only_variables_above_it_and_no_zones():
    text = edit(MODEL, "    current: {init: 0}\n", '    current: {init: 0}\n    total: {init_x: "‸"}\n')
    assert labels(text) == (["score", "current", "other", "GOAL", "CARDS"] + BOARD + RESERVED + BUILTINS
                            + ["True", "False", "None"])


def test_a_trigger_sees_event_and_the_names_bound_where_its_event_is_emitted():
    text = edit(MODEL, 'controller_x: "other(actor)"', 'controller_x: "‸"')
    assert labels(text)[:3] == ["actor", "card", "event"]


def test_keys_of_content_items_after_a_quote_in_brackets():
    text = edit(MODEL, "amount_x: \"card['power']\"", "amount_x: \"card['‸']\"")
    assert labels(text) == ["id", "label", "power", "status"]
    text = edit(MODEL, "amount_x: \"card['power']\"", "amount_x: \"content['moves']['‸']\"")
    assert labels(text) == ["jab"]


def test_methods_after_a_dot():
    text = edit(MODEL, 'pre_x: "len(hand[actor]) > 0"', 'pre_x: "hand.‸"')
    assert labels(text) == ["count", "get", "index", "items", "keys", "values"]


def test_snippets_for_an_end_condition_and_an_action():
    found = items(edit(MODEL, "  - {id: won,", "  - ‸\n  - {id: won,"))
    assert [item.label for item in found][-1] == "end condition"
    assert found[-1].snippet and found[-1].insert.startswith("{id: ${1:won}, if_x:")
    found = items(edit(MODEL, "  rest:\n", "  ‸\n  rest:\n"))
    assert [item.label for item in found] == ["action with an effect"]
    assert found[0].insert.splitlines()[3] == "  effect:"


def test_half_typed_document_still_completes():
    text = MODEL.split("triggers:")[0] + "  broken: {op: [\n  more:\n    effect:\n      - {op: roll, ‸\n"
    assert labels(text) == ["die", "die_x", "bind", "visible_to_x", "note"]


def test_places_and_option_labels_in_a_tactic():
    found = items(edit(TACTIC, "at: step act,", "at: ‸,"), TACTIC_PATH)
    assert [item.label for item in found] == ["step act", "action draw_card", "action punch", "trigger counter",
                                              "step *", "action *", "window *", "trigger *", "content *"]
    assert [item.detail for item in found][:4] == ["decision", "chance only", "decision", "decision"]
    assert labels(edit(TACTIC, "pick: rest}", "pick: ‸}"), TACTIC_PATH) == ["punch", "rest"]


def test_names_in_a_tactic_expression():
    found = labels(edit(TACTIC, "max_x: \"o['power']\"", "max_x: \"‸\""), TACTIC_PATH)
    assert found[:9] == ["me", "opts", "labels", "pool", "chosen", "where", "ahead", "o", "i"]
    assert found[9:19] == GLOBALS
    assert labels(edit(TACTIC, "max_x: \"o['power']\"", "max_x: \"o['‸']\""), TACTIC_PATH) == [
        "id", "label", "power", "status"]


def test_other_yaml_gets_nothing():
    assert labels("name: ci\non: [push]\njobs: {x: ‸}\n") == []
