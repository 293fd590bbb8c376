"""``choose`` (single and subset choices) and ``roll`` (reference §11, §12; engine.md "Requests")."""

import pytest

from .scripting import asked, drive, ended, fails, observed, play, stopped

OUT = """
    state:
      vars: {out: {init: null}}
"""


def choose_game(choose: str, *labels, flow: str = 'flow: {id: s, kind: step, actor_x: "0", do: a}', more: str = ""):
    return play(OUT + more + f"""
    {flow}
    actions:
      a:
        effect:
          - {choose}
          - {{op: set, var: out, value_x: pick}}
    """, *labels)


def choose_error(choose: str, *labels, flow: str = 'flow: {id: s, kind: step, actor_x: "0", do: a}', more: str = ""):
    return stopped(OUT + more + f"""
    {flow}
    actions:
      a:
        effect:
          - {choose}
          - {{op: set, var: out, value_x: pick}}
    """, *labels)


# -- choose ----------------------------------------------------------------------------------

def test_choose_asks_the_actor_and_binds_the_value():
    game = choose_game("{op: choose, options: [red, green, blue], bind: pick}")
    assert asked(game) == ("decision", 0, "action a", ["red", "green", "blue"])
    assert game.request.visible_to == "all"
    drive(game, "green")
    assert ended(game)
    assert game.value("out") == "green"
    assert ("action a", "decision", "green", "all") in observed(game)


def test_choose_options_x_and_values_keep_their_type():
    game = choose_game("""{op: choose, options_x: "[1, 2.5, None, True, [1, 2], (3, 'x')]", bind: pick}""")
    assert asked(game)[3] == ["1", "2.5", "None", "True", "[1, 2]", "(3, 'x')"]
    drive(game, "[1, 2]")
    assert game.value("out") == [1, 2]


def test_choose_over_other_iterables():
    game = choose_game("""{op: choose, options_x: "range(2, 5)", bind: pick}""", "3")
    assert game.value("out") == 3


def test_choose_labels_of_dicts():
    game = choose_game("""{op: choose, options_x: "[{'label': 'Ace', 'id': 'a'}, {'id': 'k'}, {'uid': 7}, {'x': 1}]", bind: pick}""")
    assert asked(game)[3] == ["Ace", "k", "7", "?"]
    drive(game, "k")
    assert game.value("out") == {"id": "k"}


def test_choose_one_option_is_taken_without_asking():
    game = choose_game("{op: choose, options: [only], bind: pick}")
    assert ended(game)
    assert game.value("out") == "only"
    assert ("action a", "automatic", "only", "all") in observed(game)


def test_choose_one_option_needs_no_actor():
    game = choose_game("{op: choose, options: [only], bind: pick}", flow="flow: {id: s, kind: step, do: a}")
    assert ended(game) and game.value("out") == "only"


def test_choose_no_options_is_an_error():
    error = choose_error("{op: choose, options: [], bind: pick}")
    assert error.kind == "ExprError"


def test_choose_without_an_actor():
    error = choose_error("{op: choose, options: [x, y], bind: pick}", flow="flow: {id: s, kind: step, do: a}")
    assert fails(error, "NotExecutable", "action a: choose without actor_x and without an actor on the step")


def test_choose_actor_x_decides_who_chooses():
    game = choose_game("""{op: choose, options: [x, y], bind: pick, actor_x: "1"}""",
                       flow="flow: {id: s, kind: step, do: a}")
    assert asked(game) == ("decision", 1, "action a", ["x", "y"])


def test_choose_actor_x_sees_the_local_names():
    game = play(OUT + """
    num_players: 3
    actions:
      a:
        effect:
          - {op: let, bind: who, value: 2}
          - {op: choose, options: [x, y], bind: pick, actor_x: who}
    """)
    assert asked(game)[1] == 2


def test_choose_secret_and_visible_to_x():
    game = choose_game("{op: choose, options: [x, y], bind: pick, secret: true}")
    assert game.request.visible_to == [0]
    drive(game, "y")
    assert ("action a", "decision", "y", [0]) in observed(game)
    game = choose_game("""{op: choose, options: [x, y], bind: pick, visible_to_x: "[1]"}""")
    assert game.request.visible_to == [1]


def test_choose_in_cost_has_the_cost_place():
    game = play(OUT + """
    actions:
      a:
        cost: [{op: choose, options: [x, y], bind: pick}]
        effect: [{op: set, var: out, value_x: pick}]
    """)
    assert asked(game) == ("decision", 0, "action a (cost)", ["x", "y"])
    drive(game, "x")
    assert game.value("out") == "x"


def test_choose_options_as_text_is_not_executable():
    error = choose_error("{op: choose, options: the cards in hand, bind: pick}")
    assert fails(error, "NotExecutable", "action a: field 'options' is text without options_x")


def test_choose_without_bind():
    error = choose_error("{op: choose, options: [x, y]}")
    assert fails(error, "NotExecutable", "action a: field 'bind' is missing")


def test_choose_without_options():
    error = choose_error("{op: choose, bind: pick}")
    assert fails(error, "NotExecutable", "action a: field 'options' is missing")


def test_choose_yaml_yes_no_options_are_booleans():
    game = choose_game("{op: choose, options: [yes, no], bind: pick}")
    assert asked(game)[3] == ["True", "False"]
    drive(game, "False")
    assert game.value("out") is False


# -- subset choices --------------------------------------------------------------------------

def test_subset_picks_in_order_of_the_options_with_done():
    game = choose_game("{op: choose, options: [a, b, c, d], bind: pick, min: 0, max: 2}")
    assert asked(game) == ("decision", 0, "action a · 1", ["a", "b", "c", "d", "done"])
    drive(game, "b")
    # only the elements after the last one picked
    assert asked(game) == ("decision", 0, "action a · 2", ["c", "d", "done"])
    drive(game, "d")
    # max reached: no further question
    assert ended(game)
    assert game.value("out") == ["b", "d"]


def test_subset_done_at_once_gives_an_empty_list():
    game = choose_game("{op: choose, options: [a, b], bind: pick, min: 0, max: 2}", "done")
    assert ended(game) and game.value("out") == []


def test_subset_stops_when_no_candidates_are_left():
    game = choose_game("{op: choose, options: [a, b, c], bind: pick, max: 3}", "c")
    assert ended(game) and game.value("out") == ["c"]


def test_subset_min_offers_only_elements_that_can_still_reach_min():
    game = choose_game("{op: choose, options: [a, b, c, d], bind: pick, min: 2}")
    # two still needed: d cannot be first; no done before min
    assert asked(game) == ("decision", 0, "action a · 1", ["a", "b", "c"])
    drive(game, "b")
    assert asked(game) == ("decision", 0, "action a · 2", ["c", "d"])
    drive(game, "c")
    # min reached, max defaults to the number of options
    assert asked(game) == ("decision", 0, "action a · 3", ["d", "done"])
    drive(game, "done")
    assert game.value("out") == ["b", "c"]


def test_subset_forced_picks_are_taken_without_asking():
    game = choose_game("{op: choose, options: [a, b, c], bind: pick, min: 2}", "b")
    # after b, only c can still reach min 2: taken automatically; then nothing is left
    assert ended(game)
    assert game.value("out") == ["b", "c"]
    assert ("action a · 2", "automatic", "c", "all") in observed(game)


def test_subset_only_max_defaults_min_to_zero():
    game = choose_game("{op: choose, options: [a, b, c], bind: pick, max: 1}")
    assert asked(game)[3] == ["a", "b", "c", "done"]
    drive(game, "a")
    assert ended(game) and game.value("out") == ["a"]


def test_subset_only_min_defaults_max_to_all_options():
    game = choose_game("{op: choose, options: [a, b], bind: pick, min: 1}", "a", "b")
    assert ended(game) and game.value("out") == ["a", "b"]


def test_subset_min_x_and_max_x():
    game = choose_game("""{op: choose, options: [a, b, c], bind: pick, min_x: "n - 1", max_x: "n"}""",
                       more="    constants: {n: 2}\n")
    assert asked(game)[3] == ["a", "b", "c"]
    drive(game, "a")
    assert asked(game)[3] == ["b", "c", "done"]
    drive(game, "c")
    assert ended(game) and game.value("out") == ["a", "c"]


def test_subset_min_as_text_is_not_executable():
    error = choose_error("{op: choose, options: [a, b], bind: pick, min: one}")
    assert fails(error, "NotExecutable", "action a: field 'min' is text without min_x")


def test_subset_without_options_and_min_zero_binds_an_empty_list():
    game = choose_game("{op: choose, options: [], bind: pick, min: 0}")
    assert ended(game) and game.value("out") == []
    game = choose_game("{op: choose, options_x: \"[]\", bind: pick, max: 3}", flow="flow: {id: s, kind: step, do: a}")
    assert ended(game) and game.value("out") == []


def test_subset_with_fewer_options_than_min_is_an_error():
    error = choose_error("{op: choose, options: [a], bind: pick, min: 2}")
    assert error.kind == "ExprError"


def test_subset_decision_knows_items_pool_and_chosen():
    game = choose_game("""{op: choose, options_x: "[{'id': 'x'}, {'id': 'y'}, {'id': 'z'}]", bind: pick, max: 2}""")
    request = game.request
    assert request.items == [{"id": "x"}, {"id": "y"}, {"id": "z"}, None]
    assert request.pool == [{"id": "x"}, {"id": "y"}, {"id": "z"}]
    assert request.chosen == []
    drive(game, "x")
    request = game.request
    assert request.where == "action a · 2"
    assert request.options == ["y", "z", "done"]
    assert request.items == [{"id": "y"}, {"id": "z"}, None]
    assert request.pool == [{"id": "x"}, {"id": "y"}, {"id": "z"}]
    assert request.chosen == [{"id": "x"}]


def test_subset_without_an_actor():
    error = choose_error("{op: choose, options: [a, b], bind: pick, max: 1}", flow="flow: {id: s, kind: step, do: a}")
    assert fails(error, "NotExecutable", "action a: choose without actor_x and without an actor on the step")


def test_subset_secret_applies_to_every_element():
    game = choose_game("{op: choose, options: [a, b, c], bind: pick, max: 2, secret: true}")
    assert game.request.visible_to == [0]
    drive(game, "a")
    assert game.request.visible_to == [0]


def test_subset_in_cost_suffix():
    game = play(OUT + """
    actions:
      a:
        cost: [{op: choose, options: [a, b], bind: pick, max: 1}]
        effect: [{op: set, var: out, value_x: pick}]
    """)
    assert asked(game)[2] == "action a (cost) · 1"


# -- roll ------------------------------------------------------------------------------------

def test_roll_is_a_uniform_chance_and_binds_the_face():
    game = play(OUT + """
    actions:
      a:
        effect:
          - {op: roll, die: [1, 2, 3, 4, 5, 6], bind: pips}
          - {op: set, var: out, value_x: "pips * 10"}
    """)
    assert asked(game) == ("chance", None, "action a", ["1", "2", "3", "4", "5", "6"])
    assert game.request.probabilities == pytest.approx([1 / 6] * 6)
    assert game.request.visible_to == "all"
    drive(game, "4")
    assert ended(game)
    assert game.value("out") == 40
    assert ("action a", "chance", "4", "all") in observed(game)


def test_roll_faces_may_repeat_and_be_dicts():
    game = play(OUT + """
    actions:
      a:
        effect:
          - {op: roll, die_x: "['hit', 'hit', {'id': 'crit', 'power': 2}]", bind: face}
          - {op: set, var: out, value_x: face}
    """)
    assert asked(game)[3] == ["hit", "hit", "crit"]
    assert game.request.probabilities == pytest.approx([1 / 3] * 3)
    drive(game, "crit")
    assert game.value("out") == {"id": "crit", "power": 2}


def test_roll_a_random_card_from_a_hand():
    game = play("""
    state:
      vars: {out: {init: null}}
      zones: {hand: {owner: player, init_x: "[['p', 'q'], ['r']]"}}
    actions:
      a:
        effect:
          - {op: roll, die_x: "hand[1 - actor]", bind: card}
          - {op: set, var: out, value_x: card}
    """)
    assert ended(game) and game.value("out") == "r"


def test_roll_one_face_is_no_request():
    game = play(OUT + """
    actions:
      a: {effect: [{op: roll, die: [6], bind: p}, {op: set, var: out, value_x: p}]}
    """)
    assert ended(game) and game.value("out") == 6


def test_roll_visible_to_x():
    game = play(OUT + """
    actions:
      a: {effect: [{op: roll, die: [1, 2], bind: p, visible_to_x: "[actor]"}]}
    """)
    assert game.request.visible_to == [0]
    drive(game, "2")
    assert ("action a", "chance", "2", [0]) in observed(game)


def test_roll_without_bind_still_asks_chance():
    game = play(OUT + """
    actions:
      a: {effect: [{op: roll, die: [1, 2]}]}
    """)
    assert asked(game)[:3] == ("chance", None, "action a")
    drive(game, "1")
    assert ended(game)


def test_roll_needs_no_actor():
    game = play(OUT + """
    flow: {id: s, kind: step, do: a}
    actions:
      a: {effect: [{op: roll, die: [1, 2], bind: p}, {op: set, var: out, value_x: p}]}
    """, "2")
    assert game.value("out") == 2


def test_roll_die_as_text_is_not_executable():
    error = stopped(OUT + """
    actions:
      a: {effect: [{op: roll, die: d6, bind: p}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'die' is text without die_x")
