"""Priority windows, the stack and ``cancel`` (reference §13, §11 window/cancel; engine.md
"Priority windows")."""

import pytest

from tabletwin import ExprError, Game

from .scripting import asked, drive, ended, fails, model_of, play, stopped

FINISHED = "flow finished without an end condition"

VARS = """
    state:
      vars:
        n: {init: 0}
        c: {init: 0}
        log: {init: []}
        out: {init: null}
        lead: {init: 0}
        paid: {init: false}
        resolved: {init: false}
"""


def window_text(actions: str, protocol: str = "{}", players: int = 2, flow: str | None = None,
                end: str = "end: []", more: str = "") -> str:
    flow = flow or "flow: {id: f, kind: sequence, children: [], window: w}"
    return VARS + f"""
    num_players: {players}
    priority:
      protocol: {protocol}
      windows: {{w: {{allows: [fast]}}, other: {{allows: [slow]}}}}
    {flow}
    actions:
{actions}
    {end}
""" + more


def window_game(actions: str, *labels, **kw):
    return play(window_text(actions, **kw), *labels)


def window_error(actions: str, *labels, **kw):
    return stopped(window_text(actions, **kw), *labels)


def turns(game, *labels) -> list:
    """Answer ``labels`` in order; the players who were asked, in order."""
    players = []
    for wanted in labels:
        players.append(game.request.player)
        drive(game, wanted)
    return players


BOLT_ONCE = """
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}], effect: [{op: add, var: log, amount_x: "['bolt' + str(actor)]"}]}
"""


# -- candidates ------------------------------------------------------------------------------

def test_no_candidates_closes_the_window_without_a_request():
    game = window_game("""
      slow1: {speed: slow, effect: [{op: add, var: n, amount: 1}]}
      plain: {effect: [{op: add, var: n, amount: 1}]}
    """)
    assert ended(game, FINISHED)
    assert game.value("n") == 0


def test_candidates_are_the_actions_whose_speed_the_window_allows():
    game = window_game("""
      fast1: {speed: fast, effect: []}
      fast_off: {speed: fast, pre_x: "False", effect: []}
      slow1: {speed: slow, effect: []}
      plain: {effect: []}
    """)
    assert asked(game) == ("decision", 0, "window w", ["fast1", "pass"])
    assert game.request.visible_to == "all"


def test_window_true_allows_every_speed():
    game = window_game("""
      fast1: {speed: fast, effect: []}
      slow1: {speed: slow, effect: []}
      plain: {effect: []}
    """, flow="flow: {id: f, kind: sequence, children: [], window: true}")
    assert asked(game) == ("decision", 0, "window None", ["fast1", "slow1", "pass"])


def test_content_abilities_are_candidates_with_self():
    game = window_game("""
      fast1: {speed: fast, pre_x: "False", effect: []}
    """, more="""
    content:
      cards:
        wand:
          id: wand
          power: 3
          abilities:
            - {id: zap, speed: fast, pre_x: "n < 1", effect: [{op: add, var: n, amount_x: "self['power']"}, {op: choose, options: [x, y], bind: k}]}
    """)
    assert asked(game) == ("decision", 0, "window w", ["zap", "pass"])
    drive(game, "zap")
    assert asked(game) == ("decision", 0, "action zap", ["x", "y"])
    drive(game, "x")
    assert game.value("n") == 3


def test_window_name_and_stack_are_in_scope():
    game = window_game("""
      fast1: {speed: fast, pre_x: "window == 'w' and stack == [] and n < 1", effect: [{op: add, var: n, amount: 1}, {op: set, var: out, value_x: "[window, stack, actor]"}]}
    """, "fast1")
    assert ended(game, FINISHED)
    assert game.value("out") == ["w", [], 0]


# -- priority order and closing ----------------------------------------------------------------

def test_all_pass_in_succession_closes_after_each_player_passed():
    game = window_game(BOLT_ONCE.replace('"n < 1"', '"True"'))
    assert turns(game, "pass", "pass") == [0, 1]
    assert ended(game, FINISHED)


def test_priority_starts_with_first_x_and_goes_round():
    game = window_game(BOLT_ONCE.replace('"n < 1"', '"True"'), protocol='{first_x: "1"}', players=3)
    assert turns(game, "pass", "pass", "pass") == [1, 2, 0]
    assert ended(game, FINISHED)


def test_an_action_resets_the_pass_count():
    game = window_game("""
      bolt: {speed: fast, pre_x: "n < 2", effect: [{op: add, var: n, amount: 1}]}
    """)
    assert turns(game, "pass", "bolt", "pass", "pass") == [0, 1, 0, 1]
    assert ended(game, FINISHED)
    assert game.value("n") == 1


def test_a_player_without_legal_candidates_passes_automatically():
    game = window_game("""
      bolt: {speed: fast, pre_x: "actor == 1 and n < 1", effect: [{op: add, var: n, amount: 1}]}
    """)
    # player 0 has nothing: player 1 is asked first
    assert asked(game) == ("decision", 1, "window w", ["bolt", "pass"])
    drive(game, "bolt")
    # after the action nobody has a legal candidate: everyone passes without a request
    assert ended(game, FINISHED)
    assert game.value("n") == 1


def test_single_pass_each_a_player_who_passed_is_out():
    game = window_game("""
      bolt: {speed: fast, pre_x: "n < 5", effect: [{op: add, var: n, amount: 1}]}
    """, protocol="{closes: single_pass_each}")
    assert turns(game, "pass", "bolt", "bolt", "pass") == [0, 1, 1, 1]
    assert ended(game, FINISHED)
    assert game.value("n") == 2


def test_all_pass_in_succession_a_player_who_passed_comes_back():
    game = window_game("""
      bolt: {speed: fast, pre_x: "n < 5", effect: [{op: add, var: n, amount: 1}]}
    """, protocol="{closes: all_pass_in_succession}")
    assert turns(game, "pass", "bolt", "pass", "bolt", "pass", "pass") == [0, 1, 0, 1, 0, 1]
    assert ended(game, FINISHED)


def test_after_action_same_keeps_priority():
    game = window_game("""
      bolt: {speed: fast, pre_x: "n < 5", effect: [{op: add, var: n, amount: 1}]}
    """, protocol="{after_action: same}")
    assert turns(game, "bolt", "bolt", "pass", "pass") == [0, 0, 0, 1]
    assert ended(game, FINISHED)
    assert game.value("n") == 2


def test_eliminated_players_are_skipped():
    game = play(window_text("""
      kill: {effect: [{op: set, var: n, value: 1}]}
      bolt: {speed: fast, effect: []}
    """, players=3,
        flow='flow: {id: f, kind: sequence, children: [{id: s, kind: step, do: kill}], window: w}',
        end='end: [{id: out, if_x: "n == 1", result: eliminate, who_x: "1"}]'))
    assert game.value("eliminated") == [1]
    assert turns(game, "pass", "pass") == [0, 2]
    assert ended(game, FINISHED)


# -- immediate resolution --------------------------------------------------------------------

def test_immediate_runs_cost_and_effect_then_an_end_check():
    game = window_game("""
      bolt: {speed: fast, cost: [{op: add, var: log, amount: [cost]}], effect: [{op: add, var: log, amount: [effect]}, {op: set, var: n, value: 1}]}
    """, end='end: [{id: zapped, if_x: "n == 1", result: win, who_x: "0"}]')
    drive(game, "bolt")
    assert ended(game, "zapped")
    assert game.request.payoffs == [1, -1]
    assert game.value("log") == ["cost", "effect"]


def test_nested_behaves_like_immediate():
    game = window_game(BOLT_ONCE, "bolt", protocol="{resolution: nested}")
    assert game.value("log") == ["bolt0"]
    assert game.events == []
    assert ended(game, FINISHED)


def test_window_close_is_not_an_end_check_by_itself():
    game = window_game(BOLT_ONCE, "pass", "pass",
                       flow="""flow: {id: f, kind: sequence, children: [], window: w, end_event: closed}""",
                       end='end: [{id: never, if_x: "False", result: draw}]')
    assert game.events == ["closed"]
    assert ended(game, FINISHED)


# -- lifo_stack ------------------------------------------------------------------------------

LIFO = "{resolution: lifo_stack}"

STACKED = """
      bolt:
        speed: fast
        pre_x: "n < 1"
        cost: [{op: add, var: n, amount: 1}, {op: let, bind: paid_with, value_x: "'mana' + str(actor)"}]
        effect: [{op: add, var: log, amount_x: "['bolt', actor, paid_with, stack]"}]
      counter:
        speed: fast
        pre_x: "len(stack) > 0 and c < 1"
        cost: [{op: add, var: c, amount: 1}, {op: let, bind: before, value_x: "[dict(s) for s in stack]"}]
        effect: [{op: add, var: log, amount_x: "['counter', actor, before, stack]"}]
"""


def test_lifo_stack_waits_then_resolves_top_first():
    game = window_game(STACKED, protocol=LIFO)
    assert asked(game) == ("decision", 0, "window w", ["bolt", "pass"])
    drive(game, "bolt")
    # the cost ran, the effect waits on the stack
    assert game.value("n") == 1 and game.value("log") == []
    assert game.events == ["stack:bolt"]
    assert asked(game) == ("decision", 1, "window w", ["counter", "pass"])
    drive(game, "counter")
    # nobody has anything left: everyone passes, the stack resolves from the top
    assert ended(game, FINISHED)
    assert game.events == ["stack:bolt", "stack:counter", "resolves:counter", "resolves:bolt"]
    bolt_item = {"action": "bolt", "actor": 0, "cancelled": False}
    assert game.value("log") == [
        "counter", 1, [bolt_item], [bolt_item],
        "bolt", 0, "mana0", [],
    ]


def test_lifo_stack_cost_runs_at_once_without_an_end_check():
    game = window_game("""
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}, {op: set, var: paid, value: true}], effect: [{op: set, var: resolved, value: true}]}
      wait: {speed: fast, pre_x: "actor == 1 and paid and not resolved and c < 1", cost: [{op: add, var: c, amount: 1}], effect: []}
    """, protocol=LIFO, end='end: [{id: paid_end, if_x: "paid", result: draw}]')
    drive(game, "bolt")
    # no end check after a cost: player 1 is asked
    assert asked(game) == ("decision", 1, "window w", ["wait", "pass"])
    drive(game, "pass")
    # the bolt resolves (player 0 has nothing to play), then the end check ends the game
    assert ended(game, "paid_end")
    assert game.events == ["stack:bolt", "resolves:bolt"]
    assert game.value("resolved") is True


def test_priority_goes_back_to_the_first_player_after_a_resolution():
    actions = """
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}], effect: [{op: set, var: resolved, value: true}, {op: set, var: lead, value: 2}]}
      ping: {speed: fast, pre_x: "resolved", effect: []}
    """
    game = window_game(actions, protocol="{resolution: lifo_stack, first_x: lead}", players=3)
    assert turns(game, "pass", "bolt") == [0, 1]
    # players 2, 0, 1 pass automatically; the bolt resolves; priority to player 0 (first_x gave
    # 0 when the window opened; it is not evaluated again although lead is now 2)
    assert game.events == ["stack:bolt", "resolves:bolt"]
    assert asked(game) == ("decision", 0, "window w", ["ping", "pass"])
    assert turns(game, "pass", "pass", "pass") == [0, 1, 2]
    assert ended(game, FINISHED)


def test_single_pass_each_everyone_is_back_in_after_a_resolution():
    actions = """
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}], effect: [{op: set, var: resolved, value: true}]}
      ping: {speed: fast, pre_x: "resolved", effect: []}
    """
    game = window_game(actions, protocol="{resolution: lifo_stack, closes: single_pass_each}")
    assert turns(game, "bolt") == [0]
    assert game.events == ["stack:bolt", "resolves:bolt"]
    assert turns(game, "pass", "pass") == [0, 1]
    assert ended(game, FINISHED)


def test_after_action_same_with_the_stack():
    actions = """
      bolt: {speed: fast, pre_x: "n < 2", cost: [{op: add, var: n, amount: 1}], effect: [{op: add, var: log, amount_x: "[n]"}]}
    """
    game = window_game(actions, protocol="{resolution: lifo_stack, after_action: same}")
    assert turns(game, "bolt", "bolt") == [0, 0]
    assert game.events == ["stack:bolt", "stack:bolt", "resolves:bolt", "resolves:bolt"]
    assert ended(game, FINISHED)


def test_end_check_after_each_resolution():
    actions = """
      bolt: {speed: fast, pre_x: "n < 2", cost: [{op: add, var: n, amount: 1}], effect: [{op: add, var: c, amount: 1}]}
    """
    game = window_game(actions, "bolt", "bolt", protocol=LIFO, end='end: [{id: one, if_x: "c == 1", result: draw}]')
    assert ended(game, "one")
    assert game.events == ["stack:bolt", "stack:bolt", "resolves:bolt"]


# -- cancel ----------------------------------------------------------------------------------

CANCEL = """
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}], effect: [{op: add, var: log, amount: [bolt]}, {op: set, var: resolved, value: true}]}
      counter:
        speed: fast
        pre_x: "c < 1 and any(s['actor'] != actor and not s['cancelled'] for s in stack)"
        cost:
          - {op: add, var: c, amount: 1}
          - {op: let, bind: target, value_x: "max(i for i, s in enumerate(stack) if s['actor'] != actor and not s['cancelled'])"}
        effect: [{op: cancel, target_x: target}, {op: add, var: log, amount: [counter]}]
"""


def test_cancel_in_effect_removes_the_target_without_effect():
    game = window_game(CANCEL, "bolt", "counter", protocol=LIFO,
                       end='end: [{id: bolted, if_x: "resolved", result: draw}]')
    assert ended(game, FINISHED)
    assert game.events == ["stack:bolt", "stack:counter", "resolves:counter", "cancelled:bolt"]
    assert game.value("log") == ["counter"]
    assert game.value("resolved") is False


def test_cancel_in_effect_only_when_it_resolves():
    actions = CANCEL + """
      probe: {speed: fast, pre_x: "len(stack) == 2 and not paid", cost: [{op: set, var: paid, value: true}, {op: set, var: out, value_x: "[s['cancelled'] for s in stack]"}]}
    """
    game = window_game(actions, "bolt", "counter", "probe", protocol=LIFO)
    assert game.value("out") == [False, False]
    assert ended(game, FINISHED)
    assert game.events == ["stack:bolt", "stack:counter", "stack:probe", "resolves:probe", "resolves:counter",
                           "cancelled:bolt"]


def test_cancel_in_cost_acts_at_once():
    actions = """
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}], effect: [{op: add, var: log, amount: [bolt]}]}
      quash: {speed: fast, pre_x: "c < 1 and len(stack) > 0", cost: [{op: add, var: c, amount: 1}, {op: cancel, target: -1}], effect: [{op: add, var: log, amount: [quash]}]}
      probe: {speed: fast, pre_x: "len(stack) == 2 and not paid", cost: [{op: set, var: paid, value: true}, {op: set, var: out, value_x: "[s['cancelled'] for s in stack]"}]}
    """
    game = window_game(actions, "bolt", "quash", "probe", protocol=LIFO)
    assert game.value("out") == [True, False]
    assert ended(game, FINISHED)
    assert game.value("log") == ["quash"]
    assert game.events == ["stack:bolt", "stack:quash", "stack:probe", "resolves:probe", "resolves:quash",
                           "cancelled:bolt"]


def test_cancel_target_minus_one_in_effect_is_the_item_below():
    actions = """
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}], effect: [{op: add, var: log, amount: [bolt]}]}
      shield: {speed: fast, pre_x: "c < 1 and len(stack) == 1", cost: [{op: add, var: c, amount: 1}], effect: [{op: add, var: log, amount: [shield]}]}
      quash: {speed: fast, pre_x: "not paid and len(stack) == 2", cost: [{op: set, var: paid, value: true}], effect: [{op: cancel, target: -1}]}
    """
    game = window_game(actions, "bolt", "shield", "quash", protocol=LIFO)
    assert ended(game, FINISHED)
    assert game.events == ["stack:bolt", "stack:shield", "stack:quash", "resolves:quash", "cancelled:shield",
                           "resolves:bolt"]
    assert game.value("log") == ["bolt"]


def test_cancel_twice_is_allowed_and_none_does_nothing():
    actions = """
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}], effect: [{op: add, var: log, amount: [bolt]}]}
      quash: {speed: fast, pre_x: "c < 1 and len(stack) == 1", cost: [{op: add, var: c, amount: 1}], effect: [{op: cancel, target: 0}, {op: cancel, target_x: "0"}, {op: cancel, target_x: "None"}]}
    """
    game = window_game(actions, "bolt", "quash", protocol=LIFO)
    assert ended(game, FINISHED)
    assert game.events == ["stack:bolt", "stack:quash", "resolves:quash", "cancelled:bolt"]


def test_cancel_target_out_of_range():
    actions = """
      quash: {speed: fast, pre_x: "c < 1", cost: [{op: add, var: c, amount: 1}], effect: [{op: cancel, target: 3}]}
    """
    error = window_error(actions, "quash", protocol=LIFO)
    assert error.kind == "ExprError"
    assert "IndexError" in error.message


def test_cancel_outside_a_window():
    error = stopped(VARS + """
    actions:
      a: {effect: [{op: cancel, target: 0}]}
    """)
    assert error.kind == "ExprError"


def test_cancel_target_as_text_is_not_executable():
    actions = """
      quash: {speed: fast, pre_x: "c < 1", cost: [{op: add, var: c, amount: 1}], effect: [{op: cancel, target: the bolt}]}
    """
    error = window_error(actions, "quash", protocol=LIFO)
    assert fails(error, "NotExecutable", "action quash: field 'target' is text without target_x")


def test_costs_cancel_at_once_and_the_first_resolution_is_checked():
    # the first quash's cost cancels the bolt at once, the second quash's cost the first quash;
    # the second quash resolves first and its end check ends the game.
    actions = """
      bolt: {speed: fast, pre_x: "n < 1", cost: [{op: add, var: n, amount: 1}], effect: []}
      quash: {speed: fast, pre_x: "c < 2 and len(stack) > 0", cost: [{op: add, var: c, amount: 1}, {op: cancel, target: -1}], effect: [{op: add, var: log, amount: [quash]}]}
    """
    game = window_game(actions, "bolt", "quash", "quash", protocol=LIFO,
                       end='end: [{id: checked, if_x: "len(log) > 0", result: draw}]')
    assert ended(game, "checked")
    assert game.events == ["stack:bolt", "stack:quash", "stack:quash", "resolves:quash"]


# -- window op -------------------------------------------------------------------------------

def test_window_op_sees_the_local_names_and_first_is_the_actor():
    game = window_game("""
      a:
        effect:
          - {op: let, bind: bonus, value: 2}
          - {op: window, name: w}
          - {op: add, var: log, amount: [after]}
      boost: {speed: fast, pre_x: "bonus == 2 and n < 1 and window == 'w'", effect: [{op: add, var: n, amount_x: bonus}, {op: choose, options: [x, y], bind: k}]}
    """, flow='flow: {id: s, kind: step, actor_x: "1", do: a}',
        end='end: [{id: done, if_x: "len(log) > 0", result: draw}]')
    assert asked(game) == ("decision", 1, "window w", ["boost", "pass"])
    drive(game, "boost")
    assert asked(game) == ("decision", 1, "action boost", ["x", "y"])
    drive(game, "y")
    assert game.value("n") == 2
    assert ended(game)
    assert game.value("log") == ["after"]


def test_window_op_first_x_with_the_op_local_names():
    game = window_game("""
      a:
        effect:
          - {op: let, bind: who, value: 1}
          - {op: window, name: w}
      bolt: {speed: fast, effect: []}
    """, protocol='{first_x: who}', flow='flow: {id: s, kind: step, actor_x: "0", do: a}',
        end='end: [{id: done, if_x: "True", result: draw}]')
    assert asked(game) == ("decision", 1, "window w", ["bolt", "pass"])


def test_window_op_without_name_allows_every_speed():
    game = window_game("""
      a: {effect: [{op: window}]}
      bolt: {speed: fast, effect: []}
      creep: {speed: slow, effect: []}
    """, flow='flow: {id: s, kind: step, actor_x: "0", do: a}')
    assert asked(game) == ("decision", 0, "window None", ["bolt", "creep", "pass"])


def test_window_op_default_first_without_actor_is_player_zero():
    game = window_game("""
      a: {effect: [{op: window, name: w}]}
      bolt: {speed: fast, effect: []}
    """, flow='flow: {id: s, kind: step, do: a}')
    assert asked(game)[:3] == ("decision", 0, "window w")


def test_window_not_in_priority_windows():
    error = window_error("""
      a: {effect: [{op: window, name: nowhere}]}
      bolt: {speed: fast, effect: []}
    """, flow='flow: {id: s, kind: step, actor_x: "0", do: a}')
    assert error.kind == "NotExecutable"
    # engine.md Places: "<place> · window" (a window op) appears in error messages
    assert error.message.startswith("action a · window")


def test_first_as_text_is_not_executable():
    error = window_error("""
      bolt: {speed: fast, effect: []}
    """, protocol="{first: the active player}")
    assert error.kind == "NotExecutable"


# -- window does not close -------------------------------------------------------------------

def test_window_op_does_not_close_names_the_op_place():
    game = Game(model_of(window_text("""
      a: {effect: [{op: window, name: w}]}
      spam: {speed: fast, effect: []}
    """, protocol="{after_action: same}", flow='flow: {id: s, kind: step, actor_x: "0", do: a}')))
    for _ in range(9_999):
        game.answer(0)
    with pytest.raises(ExprError) as info:
        game.answer(0)
    assert info.value.message == "action a · window: window does not close"


def test_window_does_not_close_after_10000_turns():
    game = Game(model_of(window_text("""
      spam: {speed: fast, effect: []}
    """, protocol="{after_action: same}")))
    for _ in range(9_999):
        game.answer(0)
    assert asked(game) == ("decision", 0, "window w", ["spam", "pass"])
    with pytest.raises(ExprError) as info:
        game.answer(0)
    error = info.value
    assert error.kind == "ExprError"
    assert error.message.endswith("window does not close")
