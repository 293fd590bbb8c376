"""Zone ops (reference §11: place, create, move, destroy, draw, shuffle, look, search, reveal)
and the order of a shuffled zone (reference §8, engine.md "Deck order")."""

import pytest

from .scripting import asked, drive, ended, fails, observed, play, stopped

THIRD = pytest.approx([1 / 3] * 3)

DECK = """
    state:
      vars: {out: {init: null}}
      zones:
        deck: {shuffled: true, visibility: hidden, init_x: "['a', 'b', 'c']"}
        hand: {owner: player, visibility: owner}
        table: {}
        pile: {visibility: hidden}
"""


def deck_game(effect: str, *labels, more: str = ""):
    """A game whose action ``a`` has ``effect`` (YAML flow list), on the zones of DECK."""
    return play(DECK + more + f"""
    actions:
      a:
        effect: {effect}
    """, *labels)


def deck_error(effect: str, *labels, more: str = ""):
    return stopped(DECK + more + f"""
    actions:
      a:
        effect: {effect}
    """, *labels)


def chance_over(game) -> list:
    """The outcomes of the current chance, sorted (the order of unknown cards is not specified)."""
    request = game.request
    assert request.kind == "chance" and request.where == "action a", (request.kind, request.where)
    n = len(request.options)
    assert request.probabilities == pytest.approx([1 / n] * n)
    return sorted(request.options)


def pile(game, name="deck"):
    zone = game.state.zones[name]
    return list(zone), zone.top, zone.bottom


# -- place -----------------------------------------------------------------------------------

def test_place_appends_at_the_bottom_of_an_unshuffled_zone():
    game = deck_game("""[{op: place, what_x: "'x'", to: table}, {op: place, what: 5, to: table},
                        {op: place, what_x: "'y'", to: table}]""")
    assert game.value("table") == ["x", 5, "y"]


def test_place_position_top_and_bottom_in_an_unshuffled_zone():
    game = deck_game("""[{op: place, what_x: "'x'", to: table}, {op: place, what_x: "'t'", to: table, position: top},
                        {op: place, what_x: "'b'", to: table, position: bottom}]""")
    assert game.value("table") == ["t", "x", "b"]


def test_place_at_replaces_an_element():
    game = play("""
    state:
      zones: {grid: {init_x: "['.', '.', '.', '.']"}}
    actions:
      a:
        effect:
          - {op: place, what_x: "'X'", to: grid, at: 1}
          - {op: place, what_x: "'O'", to: grid, at_x: "-1"}
          - {op: let, bind: sq, value: 0}
          - {op: place, what_x: "'Z'", to: grid, at_x: sq}
    """)
    assert game.value("grid") == ["Z", "X", ".", "O"]


def test_place_what_as_text_is_not_executable():
    error = deck_error("[{op: place, what: gold, to: table}]")
    assert fails(error, "NotExecutable", "action a: field 'what' is text without what_x")


def test_place_at_as_text_is_not_executable():
    error = deck_error("""[{op: place, what_x: "'x'", to: table, at: "the middle"}]""")
    assert fails(error, "NotExecutable", "action a: field 'at' is text without at_x")


def test_place_unknown_position_is_an_error():
    deck_error("""[{op: place, what_x: "'x'", to: table, position: middle}]""")


def test_place_does_not_make_an_instance():
    game = play("""
    constants: {GEM: {id: gem, worth: 2}}
    state: {zones: {table: {}}}
    actions:
      a: {effect: [{op: place, what_x: GEM, to: table}]}
    """)
    placed = game.value("table")[0]
    assert "uid" not in placed and "origin" not in placed
    assert placed == {"id": "gem", "worth": 2}


def test_place_keeps_model_data_read_only():
    error = stopped("""
    constants: {GEM: {id: gem, worth: 2}}
    state: {zones: {table: {}}}
    actions:
      a:
        effect:
          - {op: place, what_x: GEM, to: table}
          - {op: set, of_x: "table[0]", attr: worth, value: 3}
    """)
    assert fails(error, "ExprError", "'gem' is model data; make an instance with create first")


def test_place_into_player_zone_needs_an_index():
    error = deck_error("""[{op: place, what_x: "'x'", to: hand}]""")
    assert fails(error, "ExprError", "zone 'hand' belongs to a player; write hand[player]")


def test_place_into_undeclared_zone():
    error = deck_error("""[{op: place, what_x: "'x'", to: nowhere}]""")
    assert fails(error, "ExprError", "zone 'nowhere' not declared")


def test_place_into_a_player_zone_by_index():
    game = deck_game("""[{op: place, what_x: "'x'", to: "hand[1]"}, {op: place, what_x: "'y'", to: "hand[actor]"}]""")
    assert game.value("hand") == [["y"], ["x"]]


# -- create ----------------------------------------------------------------------------------

def test_create_from_model_data_copies_simple_fields_and_keeps_origin():
    game = play("""
    content:
      units:
        archer: {id: archer, label: Archer, hp: 3, ranged: true, note: null, effect: [{op: set, var: x, value: 1}],
                 stats: {range: 4}}
    state:
      vars: {out: {init: null}}
      zones: {army: {}}
    actions:
      a:
        effect:
          - {op: create, what_x: "content['units']['archer']", to: army, bind: u}
          - {op: set, var: out, value_x: "[u['uid'], u['origin']['id'], 'effect' in u, 'stats' in u, u['origin']['stats']['range']]"}
    """)
    unit = game.value("army")[0]
    assert {k: v for k, v in unit.items() if k != "origin"} == {
        "id": "archer", "label": "Archer", "hp": 3, "ranged": True, "note": None, "uid": 1}
    assert unit["origin"] is game.model.content["units"]["archer"]
    assert game.value("out") == [1, "archer", False, False, 4]


def test_create_from_an_expression_dict_copies_it_whole():
    game = play("""
    state: {zones: {army: {}}}
    actions:
      a: {effect: [{op: create, what_x: "{'id': 'golem', 'parts': [1, 2], 'gear': {'hat': 1}}", to: army}]}
    """)
    assert game.value("army") == [{"id": "golem", "parts": [1, 2], "gear": {"hat": 1}, "uid": 1}]


def test_create_n_copies_with_x_and_bind_to_the_last():
    game = play("""
    constants: {WOUND: {id: wound}}
    state:
      vars: {out: {init: null}}
      zones: {wounds: {owner: player}}
    actions:
      a:
        effect:
          - {op: create, what_x: WOUND, to: "wounds[actor]", n: 3, with_x: "{'damage': 0}", bind: w}
          - {op: add, of_x: w, attr: damage, amount: 2}
          - {op: set, var: out, value_x: "w['uid']"}
    """)
    wounds = game.value("wounds")[0]
    assert [w["uid"] for w in wounds] == [1, 2, 3]
    assert [w["damage"] for w in wounds] == [0, 0, 2]
    assert game.value("out") == 3
    assert wounds[0] is not wounds[1]


def test_create_n_x():
    game = play("""
    state:
      vars: {k: {init: 2}}
      zones: {tokens: {}}
    actions:
      a: {effect: [{op: create, what_x: "{'id': 't'}", to: tokens, n_x: "k + 1"}]}
    """)
    assert len(game.value("tokens")) == 3


def test_create_uids_continue_after_the_initial_instances():
    game = play("""
    state:
      zones: {army: {init_x: "[{'id': 'a'}, {'id': 'b'}]"}, other: {init_x: "[{'id': 'c'}]"}}
    actions:
      a: {effect: [{op: create, what_x: "{'id': 'd'}", to: army}]}
    """)
    assert [u["uid"] for u in game.value("army")] == [1, 2, 4]
    assert game.value("other")[0]["uid"] == 3


def test_create_text_is_placed_as_is():
    game = play("""
    state: {zones: {tokens: {}}}
    actions:
      a: {effect: [{op: create, what_x: "'coin'", to: tokens, n: 2}]}
    """)
    assert game.value("tokens") == ["coin", "coin"]


def test_create_what_as_text_is_not_executable():
    error = deck_error("[{op: create, what: a soldier, to: table}]")
    assert fails(error, "NotExecutable", "action a: field 'what' is text without what_x")


def test_create_n_as_text_is_not_executable():
    error = deck_error("""[{op: create, what_x: "'x'", to: table, n: two}]""")
    assert fails(error, "NotExecutable", "action a: field 'n' is text without n_x")


def test_create_position_top_and_bottom():
    game = deck_game("""[{op: create, what_x: "{'id': 't'}", to: table},
                        {op: create, what_x: "{'id': 'u'}", to: table, position: top}]""")
    assert [u["id"] for u in game.value("table")] == ["u", "t"]


# -- move ------------------------------------------------------------------------------------

def test_move_takes_the_first_equal_element():
    game = play("""
    state:
      zones:
        hand: {owner: player, init_x: "[['a', 'b', 'a'], []]"}
        discard: {init_x: "['z']"}
    actions:
      a: {effect: [{op: move, what_x: "'a'", from: "hand[actor]", to: discard}]}
    """)
    assert game.value("hand") == [["b", "a"], []]
    assert game.value("discard") == ["z", "a"]


def test_move_deep_equality_and_lists_of_items():
    game = play("""
    state:
      zones:
        src: {init_x: "[{'k': 1}, 'x', [1, 2], 'y']"}
        dst: {}
    actions:
      a:
        effect:
          - {op: move, what_x: "[[1, 2], 'y']", from: src, to: dst}
          - {op: move, what_x: "{'k': 1, 'uid': 1}", from: src, to: dst, position: top}
    """)
    assert game.value("src") == ["x"]
    assert game.value("dst") == [{"k": 1, "uid": 1}, [1, 2], "y"]


def test_move_an_item_that_is_not_there():
    error = stopped("""
    state:
      zones:
        hand: {owner: player, init_x: "[['a'], ['b']]"}
        discard: {}
    actions:
      a: {effect: [{op: move, what_x: "'b'", from: "hand[actor]", to: discard}]}
    """)
    assert fails(error, "ExprError", "action a: move: 'b' is not in hand[actor]")


def test_move_what_as_text_is_not_executable():
    error = deck_error("[{op: move, what: the card, from: deck, to: table}]")
    assert fails(error, "NotExecutable", "action a: field 'what' is text without what_x")


def test_move_instance_by_identity_keeps_its_state():
    game = play("""
    state:
      zones: {army: {init_x: "[{'id': 'u', 'hp': 2}]"}, graveyard: {}}
    actions:
      a:
        effect:
          - {op: let, bind: u, value_x: "army[0]"}
          - {op: add, of_x: u, attr: hp, amount: -2}
          - {op: move, what_x: u, from: army, to: graveyard}
    """)
    assert game.value("army") == []
    assert game.value("graveyard") == [{"id": "u", "hp": 0, "uid": 1}]


# -- destroy ---------------------------------------------------------------------------------

def test_destroy_from_a_zone_adds_the_event():
    game = play("""
    content: {cards: {bolt: {id: bolt, label: Lightning Bolt}}}
    state:
      zones: {table: {}, other: {}}
    actions:
      a:
        effect:
          - {op: create, what_x: "content['cards']['bolt']", to: table, bind: c}
          - {op: place, what_x: "'rock'", to: other}
          - {op: destroy, what_x: c, from: table}
          - {op: destroy, what_x: "'rock'", from: other}
    """)
    assert game.value("table") == [] and game.value("other") == []
    assert game.events == ["destroy:Lightning Bolt", "destroy:rock"]


def test_destroy_without_from_uses_the_first_zone_that_holds_it():
    game = play("""
    state:
      zones:
        first: {init_x: "['x']"}
        hand: {owner: player, init_x: "[['y'], ['x', 'y']]"}
        last: {init_x: "['y', 'x']"}
    actions:
      a:
        effect:
          - {op: destroy, what_x: "'y'"}
          - {op: destroy, what_x: "'x'"}
          - {op: destroy, what_x: "'x'"}
    """)
    assert game.value("first") == []
    assert game.value("hand") == [[], ["y"]]
    assert game.value("last") == ["y", "x"]
    assert game.events == ["destroy:y", "destroy:x", "destroy:x"]


def test_destroy_not_found_is_an_error():
    error = deck_error("""[{op: destroy, what_x: "'zz'", from: table}]""")
    assert "'zz'" in error.message


def test_destroy_not_found_anywhere_is_an_error():
    error = deck_error("""[{op: destroy, what_x: "'zz'"}]""")
    assert "'zz'" in error.message


# -- draw from an unshuffled zone ------------------------------------------------------------

def test_draw_from_an_unshuffled_zone_takes_the_top_without_chance():
    game = play("""
    state:
      zones: {deck: {init_x: "['a', 'b', 'c']"}, hand: {owner: player, visibility: owner, init_x: "[['h'], []]"}}
    actions:
      a: {effect: [{op: draw, from: deck, to: "hand[actor]", n: 2}]}
    """)
    assert ended(game)
    assert game.value("deck") == ["c"]
    assert game.value("hand") == [["h", "a", "b"], []]
    assert observed(game, "draw") == [("action a", "draw", "a", [0]), ("action a", "draw", "b", [0])]


def test_draw_stops_early_when_the_source_is_empty():
    game = play("""
    state:
      zones: {deck: {init_x: "['a', 'b']"}, table: {}}
    actions:
      a: {effect: [{op: draw, from: deck, to: table, n: 5}]}
    """)
    assert game.value("deck") == [] and game.value("table") == ["a", "b"]


def test_draw_from_an_empty_zone_does_nothing():
    game = deck_game("[{op: draw, from: table, to: pile}]")
    assert ended(game) and game.value("pile") == []


def test_draw_position_top_into_an_unshuffled_zone():
    game = play("""
    state:
      zones: {deck: {init_x: "['a', 'b']"}, table: {init_x: "['t']"}}
    actions:
      a: {effect: [{op: draw, from: deck, to: table, n: 2, position: top}]}
    """)
    assert game.value("table") == ["b", "a", "t"]


def test_draw_visibility_by_destination_zone():
    game = play("""
    state:
      zones:
        deck: {init_x: "['a', 'b', 'c', 'd', 'e']"}
        open: {}
        secret: {visibility: hidden}
        hand: {owner: player, visibility: owner}
    actions:
      a:
        effect:
          - {op: draw, from: deck, to: open}
          - {op: draw, from: deck, to: secret}
          - {op: draw, from: deck, to: "hand[1]"}
          - {op: draw, from: deck, to: "hand[0]", visible_to_x: "[0, 1]"}
          - {op: draw, from: deck, to: open, visible_to_x: "1"}
    """)
    assert [(o[2], o[3]) for o in observed(game, "draw")] == [
        ("a", "all"), ("b", []), ("c", [1]), ("d", [0, 1]), ("e", [1])]


def test_draw_n_as_text_is_not_executable():
    error = deck_error("[{op: draw, from: deck, to: table, n: a few}]")
    assert fails(error, "NotExecutable", "action a: field 'n' is text without n_x")


def test_draw_into_player_zone_needs_an_index():
    error = deck_error("[{op: draw, from: deck, to: hand}]")
    assert fails(error, "ExprError", "zone 'hand' belongs to a player; write hand[player]")


def test_draw_from_undeclared_zone():
    error = deck_error("[{op: draw, from: stock, to: table}]")
    assert fails(error, "ExprError", "zone 'stock' not declared")


# -- draw from a shuffled zone (§8) ----------------------------------------------------------

def test_draw_from_a_shuffled_zone_is_a_uniform_chance_over_the_unknown_cards():
    game = deck_game("""[{op: draw, from: deck, to: "hand[actor]"}]""")
    assert asked(game)[:3] == ("chance", None, "action a")
    assert chance_over(game) == ["a", "b", "c"]
    assert game.request.probabilities == THIRD
    assert game.request.visible_to == [0]
    drive(game, "b")
    assert ended(game)
    assert game.value("hand") == [["b"], []]
    assert sorted(game.value("deck")) == ["a", "c"]
    assert observed(game, "draw") == [("action a", "draw", "b", [0])]


def test_draw_chance_visible_to_follows_the_destination():
    game = deck_game("[{op: draw, from: deck, to: table}]")
    assert game.request.visible_to == "all"
    game = deck_game("[{op: draw, from: deck, to: pile}]")
    assert game.request.visible_to == []
    game = deck_game("""[{op: draw, from: deck, to: pile, visible_to_x: "[1]"}]""")
    assert game.request.visible_to == [1]


def test_draw_each_card_of_n_is_its_own_chance():
    game = deck_game("""[{op: draw, from: deck, to: table, n: 3}]""")
    assert chance_over(game) == ["a", "b", "c"]
    drive(game, "c")
    assert chance_over(game) == ["a", "b"]
    drive(game, "a")
    # one unknown card left: taken without a chance
    assert ended(game)
    assert game.value("table") == ["c", "a", "b"]
    assert game.value("deck") == []


def test_draw_of_the_only_card_of_a_shuffled_zone_is_no_chance():
    game = play("""
    state:
      zones: {deck: {shuffled: true, init_x: "['a']"}, table: {}}
    actions:
      a: {effect: [{op: draw, from: deck, to: table}]}
    """)
    assert ended(game) and game.value("table") == ["a"]


@pytest.mark.parametrize("op", [
    """{op: place, what_x: "'x'", to: deck, position: top}""",
    """{op: create, what_x: "'x'", to: deck, position: top}""",
    """{op: move, what_x: "'x'", from: table, to: deck, position: top}""",
    """{op: draw, from: table, to: deck, position: top}""",
])
def test_known_top_after_insert_at_top_is_drawn_without_chance(op):
    game = play(DECK + f"""
    actions:
      a:
        effect:
          - {{op: place, what_x: "'x'", to: table}}
          - {op}
          - {{op: set, var: out, value_x: "[len(deck), deck[0]]"}}
          - {{op: draw, from: deck, to: "hand[actor]"}}
    """)
    assert game.value("out") == [4, "x"]
    assert ended(game)
    assert game.value("hand") == [["x"], []]
    assert pile(game)[1:] == (0, 0)


@pytest.mark.parametrize("op", [
    """{op: place, what_x: "'z'", to: deck, position: bottom}""",
    """{op: create, what_x: "'z'", to: deck, position: bottom}""",
    """{op: move, what_x: "'z'", from: table, to: deck, position: bottom}""",
    """{op: draw, from: table, to: deck, position: bottom}""",
])
def test_known_bottom_is_drawn_only_after_the_unknown_cards(op):
    game = play(DECK + f"""
    actions:
      a:
        effect:
          - {{op: place, what_x: "'z'", to: table}}
          - {op}
          - {{op: draw, from: deck, to: "hand[actor]", n: 4}}
    """)
    # the first chance is only over the unknown cards, never over z
    assert chance_over(game) == ["a", "b", "c"]
    drive(game, "a")
    assert chance_over(game) == ["b", "c"]
    drive(game, "c")
    assert ended(game)
    assert game.value("hand") == [["a", "c", "b", "z"], []]
    assert pile(game) == ([], 0, 0)


def test_known_counts_after_top_and_bottom_inserts():
    game = deck_game("""[{op: place, what_x: "'t1'", to: deck, position: top},
                        {op: place, what_x: "'t2'", to: deck, position: top},
                        {op: place, what_x: "'b1'", to: deck, position: bottom},
                        {op: place, what_x: "'b2'", to: deck, position: bottom}]""")
    contents, top, bottom = pile(game)
    assert (top, bottom) == (2, 2)
    assert contents[:2] == ["t2", "t1"] and contents[-2:] == ["b1", "b2"]
    assert sorted(contents[2:-2]) == ["a", "b", "c"]


def test_draw_takes_known_top_then_unknown_then_known_bottom_in_order():
    game = deck_game("""[{op: place, what_x: "'t1'", to: deck, position: top},
                        {op: place, what_x: "'t2'", to: deck, position: top},
                        {op: place, what_x: "'b1'", to: deck, position: bottom},
                        {op: place, what_x: "'b2'", to: deck, position: bottom},
                        {op: draw, from: deck, to: table, n: 7}]""")
    # t2 and t1 are known: no chance until the unknown middle
    assert chance_over(game) == ["a", "b", "c"]
    assert game.value("table") == ["t2", "t1"]
    assert pile(game)[1:] == (0, 2)
    drive(game, "b")
    assert chance_over(game) == ["a", "c"]
    drive(game, "c")
    assert ended(game)
    assert game.value("table") == ["t2", "t1", "b", "c", "a", "b1", "b2"]


def test_draw_with_known_top_and_one_unknown_needs_no_chance():
    game = play("""
    state:
      zones: {deck: {shuffled: true, init_x: "['a']"}, table: {}}
    actions:
      a:
        effect:
          - {op: place, what_x: "'b'", to: deck, position: bottom}
          - {op: place, what_x: "'t'", to: deck, position: top}
          - {op: draw, from: deck, to: table, n: 3}
    """)
    assert ended(game)
    assert game.value("table") == ["t", "a", "b"]


@pytest.mark.parametrize("position", ["", ", position: random"])
def test_insert_without_position_goes_among_the_unknown_cards(position):
    game = deck_game(f"""[{{op: place, what_x: "'t'", to: deck, position: top}},
                         {{op: place, what_x: "'z'", to: deck, position: bottom}},
                         {{op: place, what_x: "'y'", to: deck{position}}},
                         {{op: create, what_x: "'w'", to: deck{position}}},
                         {{op: draw, from: deck, to: table, n: 7}}]""")
    assert pile(game)[1:] == (0, 1)
    assert game.value("table") == ["t"]
    assert chance_over(game) == ["a", "b", "c", "w", "y"]


def test_insert_without_position_into_shuffled_zone_keeps_known_bottom_last():
    game = deck_game("""[{op: place, what_x: "'z'", to: deck, position: bottom},
                        {op: place, what_x: "'y'", to: deck}]""")
    contents, top, bottom = pile(game)
    assert (top, bottom) == (0, 1)
    assert contents[-1] == "z"
    assert sorted(contents) == ["a", "b", "c", "y", "z"]


def test_draw_position_top_into_a_shuffled_zone_is_known_top():
    game = play("""
    state:
      zones: {src: {init_x: "['p', 'q']"}, deck: {shuffled: true, init_x: "['a', 'b']"}}
    actions:
      a: {effect: [{op: draw, from: src, to: deck, n: 2, position: top}]}
    """)
    assert pile(game) == (["q", "p", "a", "b"], 2, 0)


def test_moving_a_known_top_card_out_keeps_the_counts_right():
    game = deck_game("""[{op: place, what_x: "'t'", to: deck, position: top},
                        {op: place, what_x: "'z'", to: deck, position: bottom},
                        {op: move, what_x: "'t'", from: deck, to: table},
                        {op: move, what_x: "'z'", from: deck, to: table},
                        {op: move, what_x: "'b'", from: deck, to: table}]""")
    contents, top, bottom = pile(game)
    assert (top, bottom) == (0, 0)
    assert sorted(contents) == ["a", "c"]
    assert game.value("table") == ["t", "z", "b"]


# -- shuffle ---------------------------------------------------------------------------------

def test_shuffle_forgets_known_top_and_bottom():
    game = deck_game("""[{op: place, what_x: "'t'", to: deck, position: top},
                        {op: place, what_x: "'z'", to: deck, position: bottom},
                        {op: shuffle, zone: deck},
                        {op: draw, from: deck, to: table}]""")
    assert chance_over(game) == ["a", "b", "c", "t", "z"]
    assert pile(game)[1:] == (0, 0)


def test_shuffle_forgets_what_look_saw():
    game = deck_game("""[{op: look, from: deck, n: 2}, {op: shuffle, zone: deck},
                        {op: draw, from: deck, to: table}]""", "c", "a")
    assert chance_over(game) == ["a", "b", "c"]


def test_shuffle_does_not_reorder_anything():
    game = deck_game("""[{op: place, what_x: "'t'", to: deck, position: top},
                        {op: set, var: out, value_x: "list(deck)"},
                        {op: shuffle, zone: deck}]""")
    assert list(game.value("deck")) == game.value("out")


def test_shuffle_of_an_unshuffled_zone_does_nothing():
    game = play("""
    state:
      zones: {deck: {init_x: "['a', 'b', 'c']"}, table: {}}
    actions:
      a: {effect: [{op: shuffle, zone: deck}, {op: draw, from: deck, to: table}]}
    """)
    assert ended(game)
    assert game.value("table") == ["a"] and game.value("deck") == ["b", "c"]


def test_shuffle_without_zone_does_nothing():
    game = deck_game("""[{op: place, what_x: "'t'", to: deck, position: top}, {op: shuffle}]""")
    assert ended(game) and pile(game)[1:] == (1, 0)


# -- look ------------------------------------------------------------------------------------

def test_look_at_an_unshuffled_zone_binds_the_top_cards():
    game = play("""
    state:
      vars: {out: {init: null}}
      zones: {deck: {visibility: hidden, init_x: "['a', 'b', 'c']"}}
    actions:
      a: {effect: [{op: look, from: deck, n: 2, bind: seen}, {op: set, var: out, value_x: seen}]}
    """)
    assert ended(game)
    assert game.value("out") == ["a", "b"]
    assert game.value("deck") == ["a", "b", "c"]
    looks = observed(game, "look")
    assert len(looks) == 1 and looks[0][0] == "action a" and looks[0][3] == [0]


def test_look_default_n_is_one_and_n_beyond_the_zone_takes_all():
    game = play("""
    state:
      vars: {out: {init: null}}
      zones: {deck: {init_x: "['a', 'b']"}}
    actions:
      a:
        effect:
          - {op: look, from: deck, bind: one}
          - {op: look, from: deck, n: 9, bind: all}
          - {op: set, var: out, value_x: "[one, all]"}
    """)
    assert game.value("out") == [["a"], ["a", "b"]]


def test_look_at_a_shuffled_zone_is_a_chance_per_unknown_card_and_makes_them_known_top():
    game = deck_game("""[{op: look, from: deck, n: 2, bind: seen}, {op: set, var: out, value_x: seen}]""")
    assert chance_over(game) == ["a", "b", "c"]
    assert game.request.visible_to == [0]
    drive(game, "c")
    assert chance_over(game) == ["a", "b"]
    drive(game, "a")
    assert ended(game)
    assert game.value("out") == ["c", "a"]
    contents, top, bottom = pile(game)
    assert (top, bottom) == (2, 0) and contents == ["c", "a", "b"]


def test_after_look_the_seen_cards_are_drawn_without_chance_in_order():
    game = deck_game("""[{op: look, from: deck, n: 2}, {op: draw, from: deck, to: table, n: 3}]""", "b", "c")
    assert ended(game)
    assert game.value("table") == ["b", "c", "a"]


def test_look_again_at_known_top_needs_no_chance():
    game = deck_game("""[{op: look, from: deck, n: 1}, {op: look, from: deck, n: 2, bind: seen},
                        {op: set, var: out, value_x: seen}]""", "b")
    # b is known; only the second card is a chance, over the two unknown ones
    assert chance_over(game) == ["a", "c"]
    drive(game, "c")
    assert ended(game) and game.value("out") == ["b", "c"]


def test_look_with_one_unknown_card_needs_no_chance():
    game = play("""
    state:
      vars: {out: {init: null}}
      zones: {deck: {shuffled: true, init_x: "['a', 'b']"}}
    actions:
      a:
        effect:
          - {op: place, what_x: "'t'", to: deck, position: top}
          - {op: look, from: deck, n: 3, bind: seen}
          - {op: set, var: out, value_x: seen}
    """, "b")
    # t known, then a chance over a and b, then the last unknown card without chance
    assert ended(game) and game.value("out") == ["t", "b", "a"]


def test_look_reaching_the_known_bottom_needs_no_chance():
    game = play("""
    state:
      vars: {out: {init: null}}
      zones: {deck: {shuffled: true, init_x: "['a']"}}
    actions:
      a:
        effect:
          - {op: place, what_x: "'z'", to: deck, position: bottom}
          - {op: look, from: deck, n: 2, bind: seen}
          - {op: set, var: out, value_x: seen}
    """)
    assert ended(game)
    assert game.value("out") == ["a", "z"]
    contents, top, bottom = pile(game)
    assert contents == ["a", "z"] and top + bottom == 2


def test_look_visible_to_actor_x_and_visible_to_x():
    game = deck_game("""[{op: look, from: table, actor_x: "1"}, {op: look, from: table, visible_to_x: "[0, 1]"}]""")
    assert [o[3] for o in observed(game, "look")] == [[1], [0, 1]]
    game = deck_game("""[{op: look, from: deck, actor_x: "1"}]""")
    assert game.request.visible_to == [1]


def test_look_without_an_actor_is_seen_by_everyone():
    game = play(DECK + """
    flow: {id: s, kind: step, do: a}
    actions:
      a: {effect: [{op: look, from: deck, n: 1}]}
    """)
    assert game.request.visible_to == "all"
    drive(game, "a")
    assert [o[3] for o in observed(game, "look")] == ["all"]


def test_look_n_as_text_is_not_executable():
    error = deck_error("[{op: look, from: deck, n: some}]")
    assert fails(error, "NotExecutable", "action a: field 'n' is text without n_x")


# -- search ----------------------------------------------------------------------------------

SEARCH = """
    state:
      vars: {out: {init: null}}
      zones:
        deck: {shuffled: true, visibility: hidden, init_x: "[{'id': 'orc', 'type': 'foe'}, {'id': 'elf', 'type': 'ally'}, {'id': 'dwarf', 'type': 'ally'}]"}
        hand: {owner: player, visibility: owner}
"""


def test_search_sees_the_whole_zone_and_chooses_secretly_among_the_matches():
    game = play(SEARCH + """
    actions:
      a:
        effect:
          - {op: search, from: deck, filter_x: "it['type'] == 'ally'", bind: found}
          - {op: set, var: out, value_x: "found['id']"}
    """)
    assert asked(game) == ("decision", 0, "action a", ["elf", "dwarf"])
    assert game.request.visible_to == [0]
    searches = observed(game, "search")
    assert len(searches) == 1 and searches[0][0] == "action a" and searches[0][3] == [0]
    drive(game, "dwarf")
    assert ended(game)
    assert game.value("out") == "dwarf"
    # search moves and shuffles nothing
    assert [c["id"] for c in game.value("deck")] == ["orc", "elf", "dwarf"]


def test_search_with_as_and_one_match_needs_no_decision():
    game = play(SEARCH + """
    actions:
      a:
        effect:
          - {op: search, from: deck, as: card, filter_x: "card['type'] == 'foe'", bind: found}
          - {op: set, var: out, value_x: "found['id']"}
    """)
    assert ended(game) and game.value("out") == "orc"


def test_search_without_a_match_binds_none():
    game = play(SEARCH + """
    actions:
      a:
        effect:
          - {op: search, from: deck, filter_x: "it['type'] == 'dragon'", bind: found}
          - {op: set, var: out, value_x: "[found]"}
    """)
    assert ended(game) and game.value("out") == [None]


def test_search_with_min_max_binds_a_list():
    game = play(SEARCH + """
    actions:
      a:
        effect:
          - {op: search, from: deck, filter_x: "it['type'] == 'ally'", bind: found, min: 0, max: 2}
          - {op: set, var: out, value_x: "[c['id'] for c in found]"}
    """)
    assert asked(game) == ("decision", 0, "action a · 1", ["elf", "dwarf", "done"])
    drive(game, "elf")
    assert asked(game) == ("decision", 0, "action a · 2", ["dwarf", "done"])
    drive(game, "dwarf")
    assert ended(game) and game.value("out") == ["elf", "dwarf"]


def test_search_with_min_max_and_no_match_binds_an_empty_list():
    game = play(SEARCH + """
    actions:
      a:
        effect:
          - {op: search, from: deck, filter_x: "False", bind: found, max: 2}
          - {op: set, var: out, value_x: found}
    """)
    assert ended(game) and game.value("out") == []


def test_search_filter_as_text_is_ignored():
    game = play(SEARCH + """
    actions:
      a:
        effect:
          - {op: search, from: deck, filter: only allies, bind: found}
          - {op: set, var: out, value_x: "found['id']"}
    """)
    assert asked(game)[3] == ["orc", "elf", "dwarf"]


def test_search_visible_to_x_and_actor_x():
    game = play(SEARCH + """
    actions:
      a: {effect: [{op: search, from: deck, bind: found, actor_x: "1", visible_to_x: "[0, 1]"}]}
    """)
    assert asked(game)[:2] == ("decision", 1)
    assert game.request.visible_to == [0, 1]
    assert observed(game, "search")[0][3] == [1]


def test_search_then_move_and_shuffle():
    game = play(SEARCH + """
    actions:
      a:
        effect:
          - {op: look, from: deck, n: 1}
          - {op: search, from: deck, filter_x: "it['type'] == 'ally'", bind: found}
          - {op: move, what_x: found, from: deck, to: "hand[actor]"}
          - {op: shuffle, zone: deck}
    """, "elf", "dwarf")
    assert ended(game)
    assert [c["id"] for c in game.value("hand")[0]] == ["dwarf"]
    assert pile(game)[1:] == (0, 0)


def test_search_without_bind():
    error = stopped(SEARCH + """
    actions:
      a: {effect: [{op: search, from: deck}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'bind' is missing")


# -- reveal ----------------------------------------------------------------------------------

def test_reveal_adds_an_observation_for_everyone_or_visible_to():
    game = play("""
    state:
      zones: {hand: {owner: player, visibility: owner, init_x: "[[{'id': 'ace', 'label': 'Ace'}], []]"}}
    actions:
      a:
        effect:
          - {op: reveal, what_x: "hand[0][0]"}
          - {op: reveal, what_x: "hand[0][0]", visible_to_x: "[1]"}
          - {op: reveal, what: 7}
    """)
    assert observed(game, "reveal") == [("action a", "reveal", "Ace", "all"),
                                        ("action a", "reveal", "Ace", [1]),
                                        ("action a", "reveal", "7", "all")]
    assert game.model.zones["hand"].visibility == "owner"
    assert game.value("hand")[0][0]["id"] == "ace"


def test_reveal_what_as_text_is_not_executable():
    error = deck_error("[{op: reveal, what: the top card}]")
    assert fails(error, "NotExecutable", "action a: field 'what' is text without what_x")


def test_draw_chance_is_uniform_over_cards_even_with_equal_labels():
    game = play("""
    state:
      zones: {deck: {shuffled: true, init_x: "['a', 'a', 'b']"}, table: {}}
    actions:
      a: {effect: [{op: draw, from: deck, to: table}]}
    """)
    assert sorted(game.request.options) == ["a", "a", "b"]
    assert game.request.probabilities == THIRD


def test_move_takes_the_first_equal_element_even_if_a_later_one_is_the_same_object():
    # reference §11 move: "the first equal element (deep equality) in from is removed"
    game = play("""
    state:
      vars: {out: {init: null}}
      zones: {src: {}, dst: {}}
    actions:
      a:
        effect:
          - {op: place, what_x: "{'k': 1}", to: src}
          - {op: place, what_x: "{'k': 1}", to: src}
          - {op: let, bind: second, value_x: "src[1]"}
          - {op: move, what_x: second, from: src, to: dst}
          - {op: set, of_x: second, attr: marked, value: true}
          - {op: set, var: out, value_x: "[src, dst]"}
    """)
    assert game.value("out") == [[{"k": 1, "marked": True}], [{"k": 1}]]
