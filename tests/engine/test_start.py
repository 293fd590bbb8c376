"""Start of a game (engine.md): constants, variables in order, zones, instances."""

import pytest

from tabletwin import ExprError, Game

from .flowkit import model_of, start

BASE = """
    flow: {id: s, kind: step, do: noop}
    actions: {noop: {effect: []}}
    end: [{id: done, if_x: "True", result: draw}]
"""


def test_variables_in_declaration_order_with_per_player_copies():
    game = start("""
    num_players: 3
    constants: {START: 5, PAIR: [1, 2]}
    state:
      vars:
        a: {init: 1}
        b: {init_x: "a + START"}
        score: {scope: player, init: 0}
        given: {scope: player, init: [7, 8, 9]}
        bag: {scope: player, init: {gold: 0}}
        nothing: {}
        sized: {init_x: "2 * n_players + len(players)"}
    """, base=BASE)
    assert game.value("b") == 6
    assert game.value("score") == [0, 0, 0]
    assert game.value("given") == [7, 8, 9]
    bags = game.value("bag")
    assert bags == [{"gold": 0}] * 3 and bags[0] is not bags[1]
    assert game.value("nothing") is None
    assert game.value("sized") == 9


def test_variable_init_x_sees_only_variables_above():
    with pytest.raises(ExprError) as info:
        start("""
        state:
          vars:
            a: {init_x: "b + 1"}
            b: {init: 1}
        """, base=BASE)
    assert info.value.message == "error evaluating 'b + 1': NameError: name 'b' is not defined"


def test_variable_init_x_sees_no_zones():
    with pytest.raises(ExprError) as info:
        start("""
        state:
          zones: {deck: {init_x: "[1]"}}
          vars: {a: {init_x: "len(deck)"}}
        """, base=BASE)
    assert "NameError: name 'deck' is not defined" in info.value.message


def test_zones_see_every_variable_and_dicts_become_instances():
    game = start("""
    constants:
      CARDS: [{id: ace, value: 1, tags: [x]}, {id: king, value: 13}]
    state:
      vars: {copies: {init: 2}}
      zones:
        deck: {init_x: "list(CARDS) * copies"}
        hand: {owner: player, init_x: "[[{'id': 'mine'}], []]"}
        empty: {owner: player}
    """, base=BASE)
    deck = game.value("deck")
    assert [card["uid"] for card in deck] == [1, 2, 3, 4]
    ace = deck[0]
    assert ace["id"] == "ace" and ace["value"] == 1 and "tags" not in ace
    assert ace["origin"]["tags"] == ["x"]
    assert game.value("hand") == [[{"id": "mine", "uid": 5}], []]
    assert game.value("empty") == [[], []]


def test_writing_model_data_is_an_error():
    with pytest.raises(ExprError) as info:
        start("""
        constants: {UNIT: {id: archer, hp: 2}}
        flow: {id: s, kind: step, do: hurt}
        actions:
          hurt: {effect: [{op: set, of_x: UNIT, attr: hp, value: 1}]}
        end: [{id: done, if_x: "True", result: draw}]
        """)
    assert info.value.message == "'archer' is model data; make an instance with create first"


def test_player_zone_init_needs_one_list_per_player():
    with pytest.raises(ExprError) as info:
        start("""
        state: {zones: {hand: {owner: player, init_x: "[[1]]"}}}
        """, base=BASE)
    assert info.value.message == "zone hand: init_x must give one list per player"
