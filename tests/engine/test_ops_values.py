"""The ops ``set``, ``add`` and ``let`` (reference §11, §1 literals, §7 instances)."""

from .scripting import ended, fails, play, stopped


# -- set -------------------------------------------------------------------------------------

def test_set_literal_number_bool_and_list():
    game = play("""
    state:
      vars: {n: {init: 0}, flag: {init: false}, xs: {init: []}, answer: {init: null}}
    actions:
      a:
        effect:
          - {op: set, var: n, value: 7}
          - {op: set, var: flag, value: true}
          - {op: set, var: xs, value: [1, 2]}
          - {op: set, var: answer, value: yes}
    """)
    assert ended(game)
    assert game.value("n") == 7
    assert game.value("flag") is True
    assert game.value("xs") == [1, 2]
    assert game.value("answer") is True  # YAML 1.1: yes is a boolean


def test_set_text_value_is_a_literal_string():
    game = play("""
    state:
      vars: {phase: {init: start}, formula: {init: 0}, x: {init: 4}}
    actions:
      a:
        effect:
          - {op: set, var: phase, value: combat}
          - {op: set, var: formula, value: "x + 1"}
    """)
    assert game.value("phase") == "combat"
    assert game.value("formula") == "x + 1"


def test_set_value_x_is_an_expression_and_wins_over_value():
    game = play("""
    state:
      vars: {x: {init: 4}, y: {init: 0}, z: {init: 0}}
    actions:
      a:
        effect:
          - {op: set, var: y, value_x: "x * 2 + actor"}
          - {op: set, var: z, value: 100, value_x: "x + 1"}
    """)
    assert game.value("y") == 8
    assert game.value("z") == 5


def test_set_value_x_number_is_evaluated():
    game = play("""
    state:
      vars: {y: {init: 0}}
    actions:
      a: {effect: [{op: set, var: y, value_x: 3}]}
    """)
    assert game.value("y") == 3


def test_set_indexed_paths_of_player_and_dict_variables():
    game = play("""
    num_players: 3
    state:
      vars:
        score: {scope: player, init: 0}
        pieces: {init: {e4: none}}
        current: {init: 2}
    flow: {id: s, kind: step, actor_x: "1", do: a}
    actions:
      a:
        effect:
          - {op: set, var: "score[actor]", value: 5}
          - {op: set, var: "score[current]", value_x: "score[actor] + 1"}
          - {op: set, var: "pieces['e4']", value: pawn}
          - {op: set, var: "pieces['d5']", value: queen}
    """)
    assert game.value("score") == [0, 5, 6]
    assert game.value("pieces") == {"e4": "pawn", "d5": "queen"}


def test_set_path_index_sees_the_local_names():
    game = play("""
    state:
      vars: {score: {scope: player, init: 0}}
    actions:
      a:
        effect:
          - {op: let, bind: who, value: 1}
          - {op: set, var: "score[who]", value: 9}
    """)
    assert game.value("score") == [0, 9]


def test_set_attribute_of_an_instance():
    game = play("""
    constants: {UNIT: {id: archer, hp: 3}}
    state:
      vars: {seen: {init: null}}
      zones: {army: {}}
    actions:
      a:
        effect:
          - {op: create, what_x: UNIT, to: army, bind: u}
          - {op: set, of_x: u, attr: exhausted, value: true}
          - {op: set, of_x: u, attr: hp, value_x: "u['hp'] - 1"}
          - {op: set, of_x: u, attr: mood, value: angry}
          - {op: set, var: seen, value_x: "army[0]['exhausted']"}
    """)
    unit = game.value("army")[0]
    assert unit["exhausted"] is True and unit["hp"] == 2 and unit["mood"] == "angry"
    assert game.value("seen") is True


def test_set_attribute_of_model_data_is_an_error():
    error = stopped("""
    constants: {UNIT: {id: archer, hp: 3}}
    actions:
      a: {effect: [{op: set, of_x: UNIT, attr: hp, value: 1}]}
    """)
    assert fails(error, "ExprError", "'archer' is model data; make an instance with create first")


def test_set_attribute_of_content_item_is_an_error():
    error = stopped("""
    content: {cards: {bolt: {id: bolt, label: Lightning Bolt, power: 3}}}
    actions:
      a: {effect: [{op: set, of_x: "content['cards']['bolt']", attr: power, value: 1}]}
    """)
    assert fails(error, "ExprError", "'Lightning Bolt' is model data; make an instance with create first")


def test_set_undeclared_variable():
    error = stopped("""
    actions:
      a: {effect: [{op: set, var: nowhere, value: 1}]}
    """)
    assert fails(error, "ExprError", "variable 'nowhere' not declared")


def test_set_without_value():
    error = stopped("""
    state: {vars: {x: {init: 0}}}
    actions:
      a: {effect: [{op: set, var: x}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'value' is missing")


def test_set_of_as_text_without_of_x():
    error = stopped("""
    state: {vars: {x: {init: 0}}}
    actions:
      a: {effect: [{op: set, of: the unit, attr: hp, value: 1}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'of' is text without of_x")


def test_set_in_cost_has_the_cost_place():
    error = stopped("""
    state: {vars: {x: {init: 0}}}
    actions:
      a: {cost: [{op: add, var: x, amount: some}], effect: []}
    """)
    assert fails(error, "NotExecutable", "action a (cost): field 'amount' is text without amount_x")


def test_set_value_x_failure_names_the_expression():
    error = stopped("""
    state: {vars: {x: {init: 0}}}
    actions:
      a: {effect: [{op: set, var: x, value_x: "missing + 1"}]}
    """)
    assert fails(error, "ExprError", "error evaluating 'missing + 1': NameError: name 'missing' is not defined")


# -- add -------------------------------------------------------------------------------------

def test_add_literal_negative_and_expression_amounts():
    game = play("""
    state:
      vars: {gold: {scope: player, init: 10}, pot: {init: 1}}
    flow: {id: s, kind: step, actor_x: "1", do: a}
    actions:
      a:
        effect:
          - {op: add, var: "gold[actor]", amount: -3}
          - {op: add, var: pot, amount_x: "gold[actor] * 2"}
          - {op: add, var: pot, amount: 0.5}
    """)
    assert game.value("gold") == [10, 7]
    assert game.value("pot") == 15.5


def test_add_to_a_list_variable_concatenates():
    game = play("""
    state:
      vars: {log: {init: [a]}}
    actions:
      a:
        effect:
          - {op: add, var: log, amount: [b]}
          - {op: add, var: log, amount_x: "['c', 'd']"}
    """)
    assert game.value("log") == ["a", "b", "c", "d"]


def test_add_a_list_literal_as_the_first_thing_evaluated():
    # no expression has run before this add (no actor_x on the step)
    game = play("""
    state:
      vars: {log: {init: []}}
    flow: {id: s, kind: step, do: a}
    actions:
      a: {effect: [{op: add, var: log, amount: [x]}]}
    """)
    assert ended(game)
    assert game.value("log") == ["x"]


def test_add_to_an_attribute_missing_or_falsy_counts_as_zero():
    game = play("""
    state:
      zones: {army: {init_x: "[{'id': 'x', 'damage': None}, {'id': 'y', 'damage': 2}]"}}
    actions:
      a:
        effect:
          - {op: add, of_x: "army[0]", attr: damage, amount: 2}
          - {op: add, of_x: "army[0]", attr: wounds, amount: 1}
          - {op: add, of_x: "army[1]", attr: damage, amount_x: "army[0]['damage']"}
    """)
    army = game.value("army")
    assert army[0]["damage"] == 2 and army[0]["wounds"] == 1
    assert army[1]["damage"] == 4


def test_add_amount_as_text_without_amount_x():
    error = stopped("""
    state: {vars: {x: {init: 0}}}
    actions:
      a: {effect: [{op: add, var: x, amount: "three"}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'amount' is text without amount_x")


def test_add_numeric_looking_text_is_still_text():
    error = stopped("""
    state: {vars: {x: {init: 0}}}
    actions:
      a: {effect: [{op: add, var: x, amount: "3"}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'amount' is text without amount_x")


def test_add_without_amount():
    error = stopped("""
    state: {vars: {x: {init: 0}}}
    actions:
      a: {effect: [{op: add, var: x}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'amount' is missing")


def test_add_to_model_data_is_an_error():
    error = stopped("""
    constants: {UNIT: {id: archer, hp: 3}}
    actions:
      a: {effect: [{op: add, of_x: UNIT, attr: hp, amount: 1}]}
    """)
    assert fails(error, "ExprError", "'archer' is model data; make an instance with create first")


def test_add_undeclared_variable():
    error = stopped("""
    actions:
      a: {effect: [{op: add, var: "score[0]", amount: 1}]}
    """)
    assert fails(error, "ExprError", "variable 'score' not declared")


# -- let -------------------------------------------------------------------------------------

def test_let_binds_a_local_name_for_the_rest_of_the_effect():
    game = play("""
    state:
      vars: {out: {init: null}, word: {init: null}, formula: {init: null}}
      zones: {hand: {init_x: "['k', 'q']"}}
    actions:
      a:
        effect:
          - {op: let, bind: target, value_x: "hand[0]"}
          - {op: let, bind: w, value: open}
          - {op: let, bind: f, value: "x + 1"}
          - {op: let, bind: n, value: 3}
          - {op: set, var: out, value_x: "[target, n, actor]"}
          - {op: set, var: word, value_x: w}
          - {op: set, var: formula, value_x: f}
    """)
    assert game.value("out") == ["k", 3, 0]
    assert game.value("word") == "open"
    assert game.value("formula") == "x + 1"


def test_let_can_rebind_a_name():
    game = play("""
    state:
      vars: {out: {init: null}}
    actions:
      a:
        effect:
          - {op: let, bind: n, value: 1}
          - {op: let, bind: n, value_x: "n + 10"}
          - {op: set, var: out, value_x: n}
    """)
    assert game.value("out") == 11


def test_let_in_cost_is_seen_by_the_effect():
    game = play("""
    state:
      vars: {out: {init: null}}
    actions:
      a:
        cost: [{op: let, bind: paid, value: 2}]
        effect: [{op: set, var: out, value_x: "paid * 3"}]
    """)
    assert game.value("out") == 6


def test_let_names_are_gone_in_the_next_action():
    error = stopped("""
    state:
      vars: {out: {init: null}}
    flow:
      id: f
      kind: sequence
      children:
        - {id: s1, kind: step, actor_x: "0", do: a}
        - {id: s2, kind: step, actor_x: "0", do: b}
    actions:
      a: {effect: [{op: let, bind: kept, value: 1}]}
      b: {effect: [{op: set, var: out, value_x: kept}]}
    end: [{id: done, if_x: "out is not None", result: draw}]
    """)
    assert fails(error, "ExprError", "error evaluating 'kept': NameError: name 'kept' is not defined")


def test_let_local_name_hides_a_variable():
    game = play("""
    state:
      vars: {x: {init: 1}, out: {init: null}}
    actions:
      a:
        effect:
          - {op: let, bind: x, value: 50}
          - {op: set, var: out, value_x: "x + 1"}
    """)
    assert game.value("out") == 51
    assert game.value("x") == 1


def test_let_without_bind():
    error = stopped("""
    actions:
      a: {effect: [{op: let, value: 1}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'bind' is missing")


def test_let_without_value():
    error = stopped("""
    actions:
      a: {effect: [{op: let, bind: v}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'value' is missing")
