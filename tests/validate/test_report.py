"""Figures, gaps, the tree, test games, bad input: the rest of the validator's report."""

from pathlib import Path

import pytest

from tabletwin.validate import validate

from .kit import report

ROOT = Path(__file__).resolve().parent.parent.parent
MODELS = sorted((ROOT / "examples").glob("*.yaml")) + sorted((ROOT / "tests/fixtures/cheatsheet").glob("*.yaml"))


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_bundled_models_validate_clean_and_finish_every_test_game(path):
    result = validate(path.read_text())
    assert [f.message for f in result.errors] == []
    assert [f.message for f in result.warnings] == []
    assert result.figures.executable == 1.0
    assert (result.test_games.games, result.test_games.finished) == (20, 20)


def test_figures_and_gaps_of_a_hand_counted_model():
    result = report("""\
    code: {shuffle_tool: {kind: content, ref: "m:f"}}
    state: {vars: {x: {init: 0}}}
    flow:
      id: game
      kind: loop
      until: never
      children: [{id: turn, kind: step, do: [a, b], actor_x: "0"}]
    actions:
      a:
        pre: when it rains
        effect:
          - {op: add, var: x, amount: lots}
          - {op: set, var: x, value: open}
          - {op: call, code: shuffle_tool}
      b: {effect: [{op: choose, options_x: "[1, 2]", bind: c}, {op: say}]}
    content:
      cards:
        good: {id: good, status: verified, effect: [{op: set, var: x, value: 1}]}
        words: {id: words, status: verified, text: Draw two.}
        gone: {id: gone, status: missing}
    open_questions: [{id: q, question: "?"}]
    end:
      - {id: won, if_x: "x > 3", result: win}
    """)
    figures = result.figures
    # Rules slots: the step with two actions (ok), loop until, pre, add (text), set (a plain name: ok),
    # call, choose (ok), say, the end condition without who_x: 3 of 9.
    assert (figures.rules_ok, figures.rules_total) == (3, 9)
    assert (figures.content_ok, figures.content_total) == (1, 3)
    assert figures.as_json() == {"executable": round(4 / 12, 6), "rules": round(3 / 9, 6),
                                 "content": round(1 / 3, 6), "content_ok": 1, "content_total": 3, "steps": 1,
                                 "ops": 6, "code": round(1 / 6, 6), "open_questions": 1}
    assert [(g.kind, g.message) for g in figures.gaps] == [
        ("text", "loop game needs until_x"),
        ("text", "action a needs pre_x"),
        ("text", "action a: add needs amount_x"),
        ("code:content", "action a: call shuffle_tool is code outside the model"),
        ("language", "action b: say needs a language agent"),
        ("text", "end condition won needs who_x"),
        ("content:text", "content words has text but no behaviour"),
        ("content:text", "content gone is missing"),
    ]


def test_tree_with_markers():
    result = report("""\
    state:
      zones: {deck: {shuffled: true}, hand: {owner: player, visibility: owner}}
    flow:
      id: game
      kind: loop
      over_x: players
      as: p
      children:
        - {id: turn, kind: step, actor_x: p, do: [draw, pass_turn], end_event: turned}
    actions:
      draw: {effect: [{op: draw, from: deck, to: "hand[actor]"}]}
      pass_turn: {pre: never, effect: []}
    end: []
    """)
    assert result.tree.splitlines() == [
        "game: loop over players, as p",
        "  turn: step, actor p, end event turned [choice chance hidden]",
        "    action draw",
        "    action pass_turn  pre: never",
    ]


def test_test_games_report_where_games_stop_and_loop():
    stops = report("""\
    flow: {id: game, kind: step, do: a}
    actions: {a: {effect: [{op: add, var: missing, amount: 1}]}}
    end: []
    """, games=5)
    assert stops.test_games.as_json() == {"games": 5, "finished": 0, "avg_requests": 0, "reasons": {},
                                          "stopped": {"ExprError: variable 'missing' not declared": 5},
                                          "unfinished": 0}
    where = stops.as_json()["test_games"]["where"]
    assert where == [{"message": "ExprError: variable 'missing' not declared", "count": 5,
                      "path": "actions.a.effect[0]", "line": 2, "column": 24}]
    loops = report("""\
    flow: {id: game, kind: loop, children: [{id: t, kind: step, actor_x: "0", do: [a, b]}]}
    actions: {a: {effect: []}, b: {effect: []}}
    end: []
    """, games=2)
    assert loops.test_games.unfinished == 2
    assert loops.test_games.avg_requests == 5000


def test_bad_input_gives_findings_not_tracebacks():
    unreadable = validate("flow: [\n")
    assert not unreadable.readable and unreadable.errors[0].span.human() == (1, 7)
    assert validate("- 1\n").errors[0].message == "this is not a model: the document is a list, not a mapping with 'flow'"
    odd = validate("flow: 3\nactions: [1]\nstate: {vars: [a], zones: 7}\nend: {a: 1}\ntriggers: x\n"
                   "content: [1, {id: 2, abilities: 5}]\nfunctions: [1]\n", games=2)
    assert odd.readable
    assert [f.message for f in odd.errors] == ["a flow must be a flow node: a mapping with id and kind"]
    assert odd.test_games is None
    assert ("`actions` must be a mapping, like `actions: {name: value}` (not a list)"
            in [f.message for f in odd.warnings])


def test_python_api_takes_a_loaded_model_and_reports_board_errors():
    import tabletwin

    model = tabletwin.load_model("boards: {map: {kind: triangle, width: 3, height: 3}}\n"
                                 "flow: {id: g, kind: step, do: a}\nactions: {a: {effect: []}}\nend: []\n")
    result = tabletwin.validate(model, games=0)
    assert [(f.message, f.span.human()) for f in result.errors] == [
        ("board map: kind must be square or hex, not 'triangle'", (1, 22))]


def test_keywords_with_several_end_conditions():
    result = report("""\
    content: {cards: {a: {id: a, status: verified, keywords: Ranged, text: Shoots.}}}
    flow: {id: game, kind: step, do: a}
    actions: {a: {pre_x: "'Ranged' in 'x'", effect: []}}
    end: [{id: one, if_x: "False", result: draw}, {id: two, if_x: "False", result: draw}]
    """)
    assert (result.figures.content_ok, result.figures.content_total) == (1, 1)
