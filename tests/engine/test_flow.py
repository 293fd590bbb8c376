"""The flow (reference §9, engine.md "Running the flow"): every node kind and the step's stages."""

import pytest

from tabletwin import ExprError, Game, NotExecutable

from .flowkit import answer, model_of, start


def test_loop_over_players_sets_the_as_variable_and_stops_with_until():
    game = start("""
    state: {vars: {current: {init: -1}, log: {init: []}, rounds: {init: 0}}}
    flow:
      id: game
      kind: loop
      over_x: players
      as: current
      until_x: "rounds >= 2"
      children:
        - {id: turn, kind: step, do: note}
        - {id: count, kind: step, do: tick}
    actions:
      note: {effect: [{op: add, var: log, amount_x: "[current]"}]}
      tick: {pre_x: "current == 1", effect: [{op: add, var: rounds, amount: 1}]}
    end: []
    """)
    assert game.request.reason == "flow finished without an end condition"
    assert game.request.payoffs == [0, 0]
    assert game.value("log") == [0, 1, 0, 1]


def test_over_x_is_evaluated_at_the_start_of_each_round():
    game = start("""
    state: {vars: {who: {init: null}, seen: {init: []}, order: {init: [1, 0]}}}
    flow:
      id: game
      kind: loop
      over_x: order
      as: who
      until_x: "len(seen) >= 4"
      children: [{id: turn, kind: step, do: note}]
    actions:
      note: {effect: [{op: add, var: seen, amount_x: "[who]"}, {op: set, var: order, value_x: "[0]"}]}
    end: []
    """)
    assert game.value("seen") == [1, 0, 0, 0]


def test_once_runs_one_round_and_the_window_and_end_event_come_after_the_whole_loop():
    game = start("""
    state: {vars: {p: {init: 0}, log: {init: []}}}
    flow:
      id: game
      kind: loop
      over_x: players
      as: p
      once: true
      end_event: [done_a, done_b]
      children: [{id: turn, kind: step, do: note}]
    actions:
      note: {effect: [{op: add, var: log, amount_x: "['turn ' + str(p)]"}]}
    triggers:
      - {id: a, event: done_a, do: [{op: add, var: log, amount_x: "[event]"}]}
      - {id: b, event: done_b, do: [{op: add, var: log, amount_x: "[event]"}]}
    end: []
    """)
    assert game.value("log") == ["turn 0", "turn 1", "done_a", "done_b"]
    assert game.events == ["done_a", "done_b"]


def test_a_loop_that_never_ends_is_an_error_after_10000_rounds():
    with pytest.raises(ExprError) as info:
        start("""
        flow: {id: spin, kind: loop, children: []}
        actions: {}
        end: []
        """)
    assert str(info.value) == "ExprError: flow spin: loop does not end"


def test_loop_over_and_until_as_text_are_ignored():
    with pytest.raises(ExprError) as info:
        start("""
        flow: {id: spin, kind: loop, over: each player, until: someone wins, children: []}
        actions: {}
        end: []
        """)
    assert info.value.message == "flow spin: loop does not end"


def test_branch_runs_the_first_true_case_only():
    game = start("""
    state: {vars: {x: {init: 2}, log: {init: []}}}
    flow:
      id: pick
      kind: branch
      cases:
        - {when_x: "x > 5", children: [{id: big, kind: step, do: big}]}
        - {when_x: "x > 1", children: [{id: mid, kind: step, do: mid}]}
        - {when_x: "True", children: [{id: other, kind: step, do: big}]}
    actions:
      big: {effect: [{op: add, var: log, amount_x: "['big']"}]}
      mid: {effect: [{op: add, var: log, amount_x: "['mid']"}]}
    end: []
    """)
    assert game.value("log") == ["mid"]


def test_a_case_without_when_x_is_not_executable():
    with pytest.raises(NotExecutable) as info:
        start("""
        flow:
          id: pick
          kind: branch
          cases:
            - {when: the dice show six, children: []}
        actions: {}
        end: []
        """)
    assert str(info.value) == "NotExecutable: branch pick: case 1 when is text without when_x"


def test_step_stages_skip_automatic_and_decision():
    model = model_of("""
    state: {vars: {gold: {scope: player, init: 0}}}
    flow:
      id: game
      kind: sequence
      children:
        - {id: nothing, kind: step, actor_x: "0", do: [rich]}
        - {id: only, kind: step, actor_x: "0", do: [earn, rich]}
        - {id: both, kind: step, actor_x: "1", do: [earn, spend], secret: true}
    actions:
      earn: {effect: [{op: add, var: "gold[actor]", amount: 2}]}
      spend: {effect: [{op: add, var: "gold[actor]", amount: -1}]}
      rich: {pre_x: "gold[actor] > 5", effect: []}
    end: [{id: any_gold, if_x: "sum(gold) > 100", result: draw}]
    """)
    game = Game(model)
    request = game.request
    assert (request.kind, request.player, request.where, request.options, request.visible_to) == (
        "decision", 1, "step both", ["earn", "spend"], [1])
    assert game.observations[0].where == "step only" and game.observations[0].kind == "automatic"
    assert game.observations[0].label == "earn"
    answer(game, "spend")
    assert game.value("gold") == [2, -1]
    assert game.request.reason == "flow finished without an end condition"


def test_a_choice_without_actor_is_not_executable():
    with pytest.raises(NotExecutable) as info:
        start("""
        flow: {id: turn, kind: step, do: [a, b]}
        actions: {a: {effect: []}, b: {effect: []}}
        end: []
        """)
    assert str(info.value) == "NotExecutable: step turn: choice between actions without actor_x"


def test_an_action_with_pre_but_no_pre_x_is_not_executable():
    with pytest.raises(NotExecutable) as info:
        start("""
        flow: {id: turn, kind: step, actor_x: "0", do: [a, b]}
        actions: {a: {pre: when it rains, effect: []}, b: {effect: []}}
        end: []
        """)
    assert str(info.value) == "NotExecutable: action a: pre is text without pre_x"


def test_visible_to_x_names_who_sees_the_choice():
    game = start("""
    num_players: 3
    flow: {id: turn, kind: step, actor_x: "0", visible_to_x: "[0, 2]", do: [a, b]}
    actions: {a: {effect: []}, b: {effect: []}}
    end: []
    """)
    assert game.request.visible_to == [0, 2]


def test_a_skipped_step_has_no_end_check():
    game = start("""
    state: {vars: {flag: {init: true}}}
    flow:
      id: game
      kind: sequence
      children:
        - {id: skipped, kind: step, do: never}
        - {id: ran, kind: step, do: lower}
    actions:
      never: {pre_x: "False", effect: []}
      lower: {effect: [{op: set, var: flag, value: false}]}
    end: [{id: early, if_x: flag, result: draw}]
    """)
    assert game.request.reason == "flow finished without an end condition"


def test_subflow_clears_its_result_and_scoped_conditions_end_only_it():
    game = start("""
    num_players: 1
    state: {vars: {n: {init: 0}, before: {init: null}, during: {init: []}}}
    flows:
      round:
        id: round
        kind: loop
        children: [{id: inc, kind: step, do: inc}]
    flow:
      id: game
      kind: loop
      children:
        - {id: remember, kind: step, do: remember}
        - {id: play, kind: subflow, ref: round}
    actions:
      remember: {effect: [{op: set, var: before, value_x: "results.get('round')"}]}
      inc: {effect: [{op: add, var: n, amount: 1}, {op: add, var: during, amount_x: "[results.get('round')]"}]}
    end:
      - {id: round_won, scope: round, if_x: "n % 3 == 0", result: win}
      - {id: enough, if_x: "n >= 6", result: score, returns_x: "[n]"}
    """)
    assert game.request.reason == "enough"
    assert game.request.payoffs == [6]
    assert game.value("before") == "win"
    assert game.value("during") == [None] * 6
    assert game.value("results") == {"round": "win"}
    assert game.events == ["round:win", "round:win"]


def test_subflow_to_a_missing_flow():
    with pytest.raises(NotExecutable) as info:
        start("""
        flow: {id: game, kind: subflow, ref: nowhere}
        actions: {}
        end: []
        """)
    assert info.value.message == "subflow game: flow 'nowhere' does not exist"


def test_unknown_kind():
    with pytest.raises(NotExecutable) as info:
        start("""
        flow: {id: game, kind: parallel}
        actions: {}
        end: []
        """)
    assert info.value.message == "flow game: unknown kind 'parallel'"
