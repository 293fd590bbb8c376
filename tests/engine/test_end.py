"""End conditions (reference §19): order, results, payoffs and their errors."""

import pytest

from tabletwin import ExprError, NotExecutable

from tabletwin import Game

from .flowkit import model_of, start

FLOW = """
    state: {vars: {hp: {scope: player, init: [0, 3, 0]}, t: {init: 0}}}
    flow: {id: game, kind: loop, children: [{id: tick, kind: step, do: tick}]}
    actions: {tick: {effect: [{op: add, var: t, amount: 1}]}}
"""


def ended(end_yaml: str, mode: str = "competitive"):
    return Game(model_of(f"num_players: 3\nmode: {mode}\n", end_yaml, FLOW)).request


def test_first_condition_that_fires_wins_and_eliminate_and_continue_do_not_stop_the_scan():
    request = ended("""
    end:
      - {id: never, if_x: "False", result: win, who_x: "0"}
      - {id: nothing, if_x: "True", result: continue}
      - {id: out, if_x: "t >= 1", result: eliminate, who_x: "[p for p in players if hp[p] <= 0]"}
      - {id: skipped, if: text only, result: draw}
      - {id: last, if_x: "len(eliminated) == 2", result: win, who_x: "1"}
    """)
    assert (request.reason, request.payoffs) == ("last", [-1, 1, -1])


def test_eliminated_players_and_their_events():
    game = start("""
    end:
      - {id: out, if_x: "True", result: eliminate, who_x: "2"}
      - {id: stop, if_x: "t >= 2", result: draw}
    """, base=FLOW + "\n    num_players: 3")
    assert game.value("eliminated") == [2]
    assert game.events == ["eliminated:2"]
    assert game.request.payoffs == [0, 0, 0]


@pytest.mark.parametrize("result,mode,payoffs", [
    ("win", "competitive", [-1, 1, -1]),
    ("loss", "competitive", [1, -1, 1]),
    ("win", "cooperative", [1, 1, 1]),
    ("loss", "cooperative", [-1, -1, -1]),
    ("draw", "competitive", [0, 0, 0]),
])
def test_payoffs(result, mode, payoffs):
    request = ended(f"""
    end: [{{id: e, if_x: "True", result: {result}, who_x: "1"}}]
    """, mode)
    assert request.payoffs == payoffs


def test_score_returns_one_number_per_player():
    request = ended("""
    end: [{id: tally, if_x: "t >= 3", result: score, returns_x: "[t, -t, 0.5]"}]
    """)
    assert (request.reason, request.payoffs) == ("tally", [3, -3, 0.5])


def test_score_with_the_wrong_length():
    with pytest.raises(ExprError) as info:
        ended("""
        end: [{id: tally, if_x: "True", result: score, returns_x: "[1]"}]
        """)
    assert str(info.value) == "ExprError: end condition tally: returns_x gives 1 values, expected 3"


def test_competitive_win_needs_one_index():
    with pytest.raises(ExprError) as info:
        ended("""
        end: [{id: both, if_x: "True", result: win, who_x: "[0, 1]"}]
        """)
    assert info.value.message.startswith(
        "end condition both: who_x gives a list ([0, 1]); a competitive win needs one player index")


def test_competitive_win_without_who_x():
    with pytest.raises(NotExecutable) as info:
        ended("""
        end: [{id: won, if_x: "True", result: win, who: the best player}]
        """)
    assert str(info.value) == "NotExecutable: end condition won: a competitive game needs who_x"


def test_end_conditions_see_no_local_names():
    with pytest.raises(ExprError) as info:
        ended("""
        end: [{id: mine, if_x: "actor == 0", result: draw}]
        """)
    assert info.value.message == "error evaluating 'actor == 0': NameError: name 'actor' is not defined"


def test_a_scope_equal_to_the_main_flow_means_the_whole_game():
    request = ended("""
    end: [{id: over, scope: game, if_x: "t >= 2", result: win, who_x: "0"}]
    """)
    assert (request.reason, request.payoffs) == ("over", [1, -1, -1])
