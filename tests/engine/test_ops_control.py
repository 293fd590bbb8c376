"""Control ops: ``if``, ``for_each``, ``repeat``, ``run``, ``call``, ``say`` (reference §11, engine.md
"Effects and ops")."""

from .scripting import asked, drive, ended, fails, play, stopped

VARS = """
    state:
      vars: {out: {init: null}, log: {init: []}, n: {init: 0}}
"""


def effect_game(effect: str, *labels, more: str = ""):
    return play(VARS + more + f"""
    actions:
      a:
        effect:
{effect}
    """, *labels)


def effect_error(effect: str, *labels, more: str = ""):
    return stopped(VARS + more + f"""
    actions:
      a:
        effect:
{effect}
    """, *labels)


# -- if --------------------------------------------------------------------------------------

def test_if_runs_then_or_else():
    game = effect_game("""
          - {op: if, cond_x: "n == 0", then: [{op: add, var: log, amount: [then1]}], else: [{op: add, var: log, amount: [else1]}]}
          - {op: if, cond_x: "n == 1", then: [{op: add, var: log, amount: [then2]}], else: [{op: add, var: log, amount: [else2]}]}
          - {op: if, cond_x: "False", then: [{op: add, var: log, amount: [then3]}]}
          - {op: if, cond_x: "[]", then: [{op: add, var: log, amount: [then4]}], else: []}
    """)
    assert game.value("log") == ["then1", "else2"]


def test_if_shares_the_local_names():
    game = effect_game("""
          - {op: let, bind: v, value: 1}
          - {op: if, cond_x: "v == 1", then: [{op: let, bind: v, value: 2}, {op: let, bind: w, value: 3}]}
          - {op: set, var: out, value_x: "[v, w]"}
    """)
    assert game.value("out") == [2, 3]


def test_if_keeps_the_place_of_its_parent():
    game = effect_game("""
          - {op: if, cond_x: "True", then: [{op: choose, options: [x, y], bind: c}]}
    """)
    assert asked(game) == ("decision", 0, "action a", ["x", "y"])


def test_if_cond_as_text_is_not_executable():
    error = effect_error("""
          - {op: if, cond: the player is rich, then: []}
    """)
    assert fails(error, "NotExecutable", "action a: field 'cond' is text without cond_x")


def test_if_without_cond():
    error = effect_error("""
          - {op: if, then: []}
    """)
    assert fails(error, "NotExecutable", "action a: field 'cond' is missing")


# -- for_each --------------------------------------------------------------------------------

def test_for_each_runs_the_body_per_item_with_it():
    game = effect_game("""
          - {op: for_each, items: [1, 2, 3], body: [{op: add, var: n, amount_x: it}]}
          - {op: for_each, items_x: "['x', 'y']", as: p, body: [{op: add, var: log, amount_x: "[p + str(actor)]"}]}
    """)
    assert game.value("n") == 6
    assert game.value("log") == ["x0", "y0"]


def test_for_each_body_works_on_a_copy_of_the_local_names():
    game = effect_game("""
          - {op: let, bind: v, value: outer}
          - op: for_each
            items: [1, 2]
            body:
              - {op: add, var: log, amount_x: "[v]"}
              - {op: let, bind: v, value: inner}
              - {op: let, bind: w, value: 1}
          - {op: set, var: out, value_x: v}
    """)
    # each item starts from the surrounding names; the rebinding is gone afterwards
    assert game.value("log") == ["outer", "outer"]
    assert game.value("out") == "outer"


def test_for_each_names_bound_inside_are_gone_afterwards():
    error = effect_error("""
          - {op: for_each, items: [1], body: [{op: let, bind: w, value: 1}]}
          - {op: set, var: out, value_x: w}
    """)
    assert fails(error, "ExprError", "error evaluating 'w': NameError: name 'w' is not defined")


def test_for_each_as_name_is_gone_afterwards():
    error = effect_error("""
          - {op: for_each, items: [1], as: p, body: []}
          - {op: set, var: out, value_x: p}
    """)
    assert fails(error, "ExprError", "error evaluating 'p': NameError: name 'p' is not defined")


def test_for_each_items_are_evaluated_once_at_the_start():
    game = effect_game("""
          - {op: set, var: log, value: [a, b]}
          - {op: for_each, items_x: "list(log)", body: [{op: add, var: log, amount: [c]}, {op: add, var: n, amount: 1}]}
    """)
    assert game.value("n") == 2
    assert game.value("log") == ["a", "b", "c", "c"]


def test_for_each_over_a_zone_that_the_body_empties_skips_items():
    # reference §11 for_each: "If items_x is a zone itself (hand[actor]) and the body moves things
    # out of that zone, the loop skips items. Loop over a copy: items_x: list(hand[actor])".
    game = play("""
    state:
      zones: {hand: {owner: player, init_x: "[['a', 'b', 'c', 'd'], []]"}, discard: {}}
    actions:
      a:
        effect:
          - {op: for_each, items_x: "hand[actor]", as: card, body: [{op: move, what_x: card, from: "hand[actor]", to: discard}]}
    """)
    assert game.value("discard") == ["a", "c"]
    assert game.value("hand") == [["b", "d"], []]


def test_for_each_over_a_copy_of_a_zone_moves_everything():
    game = play("""
    state:
      zones: {hand: {owner: player, init_x: "[['a', 'b', 'c', 'd'], []]"}, discard: {}}
    actions:
      a:
        effect:
          - {op: for_each, items_x: "list(hand[actor])", as: card, body: [{op: move, what_x: card, from: "hand[actor]", to: discard}]}
    """)
    assert game.value("discard") == ["a", "b", "c", "d"]


def test_for_each_keeps_the_place_and_asks_per_item():
    game = effect_game("""
          - {op: for_each, items: [1, 2], as: k, body: [{op: choose, options: [x, y], bind: c}, {op: add, var: log, amount_x: "[c + str(k)]"}]}
    """)
    assert asked(game) == ("decision", 0, "action a", ["x", "y"])
    drive(game, "y", "x")
    assert ended(game)
    assert game.value("log") == ["y1", "x2"]


def test_for_each_items_as_text_is_not_executable():
    error = effect_error("""
          - {op: for_each, items: every player, body: []}
    """)
    assert fails(error, "NotExecutable", "action a: field 'items' is text without items_x")


def test_for_each_over_nothing_runs_no_body():
    game = effect_game("""
          - {op: for_each, items_x: "[]", body: [{op: add, var: n, amount: 1}]}
    """)
    assert game.value("n") == 0


# -- repeat ----------------------------------------------------------------------------------

def test_repeat_runs_while_until_is_false_and_shares_names():
    game = effect_game("""
          - {op: let, bind: k, value: 0}
          - op: repeat
            until_x: "k >= 3"
            body:
              - {op: let, bind: k, value_x: "k + 1"}
              - {op: add, var: log, amount_x: "[k]"}
          - {op: set, var: out, value_x: k}
    """)
    assert game.value("log") == [1, 2, 3]
    assert game.value("out") == 3


def test_repeat_until_is_tested_before_the_first_pass():
    game = effect_game("""
          - {op: repeat, until_x: "True", body: [{op: add, var: n, amount: 1}]}
          - {op: repeat, until: true, body: [{op: add, var: n, amount: 1}]}
    """)
    assert game.value("n") == 0


def test_repeat_names_bound_in_the_body_stay():
    game = effect_game("""
          - {op: repeat, until_x: "n >= 1", body: [{op: add, var: n, amount: 1}, {op: let, bind: w, value: 5}]}
          - {op: set, var: out, value_x: w}
    """)
    assert game.value("out") == 5


def test_repeat_asks_per_pass_at_the_parent_place():
    game = effect_game("""
          - {op: repeat, until_x: "'stop' in log", body: [{op: choose, options: [go, stop], bind: c}, {op: add, var: log, amount_x: "[c]"}]}
    """)
    assert asked(game) == ("decision", 0, "action a", ["go", "stop"])
    drive(game, "go", "go", "stop")
    assert ended(game)
    assert game.value("log") == ["go", "go", "stop"]


def test_repeat_may_make_10000_passes():
    game = effect_game("""
          - {op: repeat, until_x: "n >= 10000", body: [{op: add, var: n, amount: 1}]}
    """)
    assert game.value("n") == 10_000


def test_repeat_does_not_end():
    error = effect_error("""
          - {op: repeat, until_x: "n > 10000", body: [{op: add, var: n, amount: 1}]}
    """)
    assert error.kind == "ExprError"
    assert error.message.endswith("repeat does not end")


def test_repeat_without_any_end():
    error = effect_error("""
          - {op: repeat, until_x: "False", body: []}
    """)
    assert error.kind == "ExprError"
    assert error.message.endswith("repeat does not end")


def test_repeat_until_as_text_is_not_executable():
    error = effect_error("""
          - {op: repeat, until: the deck is empty, body: []}
    """)
    assert fails(error, "NotExecutable", "action a: field 'until' is text without until_x")


# -- run -------------------------------------------------------------------------------------

RUN = """
    state:
      vars: {x: {init: 0}, y: {init: 0}, seen: {init: []}}
    flows:
      sub:
        id: sub_seq
        kind: sequence
        children:
          - {id: sub_step, kind: step, do: b}
    actions:
      a:
        effect:
          - {op: run, flow: sub}
          - {op: add, var: seen, amount_x: "[results.get('sub')]"}
          - {op: run, flow: sub}
          - {op: add, var: seen, amount_x: "[results.get('sub')]"}
          - {op: set, var: y, value: 2}
      b: {effect: [{op: add, var: x, amount: 1}]}
"""


def test_run_runs_a_named_flow_inside_the_effect():
    game = play(RUN + """
    end: [{id: done, if_x: "y == 2", result: draw}]
    """)
    assert ended(game)
    assert game.value("x") == 2
    assert game.value("seen") == [None, None]


def test_run_scoped_end_ends_the_subflow_and_the_effect_continues():
    game = play(RUN + """
    end:
      - {id: subwon, scope: sub, if_x: "x == 1", result: win}
      - {id: done, if_x: "y == 2", result: draw}
    """)
    assert ended(game)
    # the first run ends with a win; the second clears results['sub'] and finishes normally
    assert game.value("seen") == ["win", None]
    assert game.value("x") == 2
    assert game.events == ["sub:win"]


def test_run_flow_steps_ask_their_own_actors():
    game = play("""
    state:
      vars: {out: {init: null}}
    flows:
      sub: {id: pick, kind: step, actor_x: "1", do: [b, c]}
    actions:
      a: {effect: [{op: run, flow: sub}]}
      b: {effect: [{op: set, var: out, value: b}]}
      c: {effect: [{op: set, var: out, value: c}]}
    end: [{id: done, if_x: "out is not None", result: draw}]
    """)
    assert asked(game) == ("decision", 1, "step pick", ["b", "c"])
    drive(game, "c")
    assert ended(game) and game.value("out") == "c"


# -- call, say, unknown ops ------------------------------------------------------------------

def test_call_is_not_implemented():
    error = effect_error("""
          - {op: call, code: x}
    """, more="""
    code:
      x: {lang: python, ref: "m:f", doc: computes the line of sight, kind: algorithm}
    """)
    assert fails(error, "NotExecutable", "code 'x' → m:f is not implemented")


def test_call_stops_before_the_rest_of_the_effect():
    model_text = VARS + """
    code:
      solver: {lang: python, ref: "pkg.mod:solve", kind: content}
    actions:
      a:
        effect:
          - {op: set, var: n, value: 1}
          - {op: call, code: solver}
          - {op: set, var: n, value: 2}
    """
    error = stopped(model_text)
    assert fails(error, "NotExecutable", "code 'solver' → pkg.mod:solve is not implemented")


def test_say_needs_a_language_agent():
    error = effect_error("""
          - {op: say, actor: the seller, channel: table, bind: offer, agent: talker}
    """, more="""
    agents:
      talker: {kind: llm}
    """)
    assert fails(error, "NotExecutable", "say needs a language agent")


def test_unknown_op_is_not_executable():
    error = effect_error("""
          - {op: teleport}
    """)
    assert error.kind == "NotExecutable"
    assert "teleport" in error.message
