"""``emit`` and triggers (reference §14, engine.md "Events and triggers"), and the ops that add
engine events: ``sample`` (§17), ``exec`` (§16), ``reset``."""

import pytest

from tabletwin import ExprError

from .scripting import asked, drive, ended, fails, play, stopped

LOG = """
    state:
      vars: {log: {init: []}, flag: {init: 0}, out: {init: null}}
"""


def hit(impact: str = "[{op: add, var: log, amount: [impact]}]") -> str:
    return f"""
    actions:
      a:
        effect:
          - {{op: emit, event: hit, impact: {impact}}}
"""


def trig(tid: str, timing: str | None = None, extra: str = "", do: str | None = None) -> str:
    """One trigger on ``hit`` that logs its id."""
    timing_text = f", timing: {timing}" if timing else ""
    body = do if do is not None else f"[{{op: add, var: log, amount: [{tid}]}}]"
    return f"      - {{id: {tid}, event: hit{timing_text}{extra}, do: {body}}}\n"


def with_triggers(*lines: str) -> str:
    return "    triggers:\n" + "".join(lines)


# -- emit and phases -------------------------------------------------------------------------

def test_emit_records_the_event_and_runs_the_impact():
    game = play(LOG + hit())
    assert ended(game)
    assert game.events == ["hit"]
    assert game.value("log") == ["impact"]


def test_phases_when_before_instead_impact_after():
    game = play(LOG + hit() + with_triggers(
        trig("late"),
        trig("early", "before"),
        trig("replacer", "instead", ', if_x: "False"'),
        trig("same", "when"),
        trig("later", "after"),
    ))
    # when and before are one phase, in model order; after is the default timing
    assert game.value("log") == ["early", "same", "impact", "late", "later"]
    assert game.events == ["hit"]


def test_instead_replaces_the_impact_and_only_the_first_fires():
    game = play(LOG + hit() + with_triggers(
        trig("first", "instead"),
        trig("second", "instead"),
        trig("late"),
        trig("early", "before"),
    ))
    assert game.value("log") == ["early", "first", "late"]
    assert game.events == ["hit", "instead:first"]


def test_instead_that_does_not_fire_leaves_the_next_one():
    game = play(LOG + hit() + with_triggers(
        trig("dead", "instead", ', if_x: "flag == 1"'),
        trig("live", "instead"),
    ))
    assert game.value("log") == ["live"]
    assert game.events == ["hit", "instead:live"]


def test_instead_without_do_still_replaces_the_impact():
    game = play(LOG + hit() + with_triggers(trig("cancel_it", "instead", do="[]")))
    assert game.value("log") == []
    assert game.events == ["hit", "instead:cancel_it"]


def test_skipped_optional_instead_does_not_replace():
    game = play(LOG + hit() + with_triggers(trig("maybe", "instead", ", optional: true")))
    assert asked(game) == ("decision", 0, "trigger maybe", ["use", "skip"])
    drive(game, "skip")
    assert ended(game)
    assert game.value("log") == ["impact"]
    assert game.events == ["hit"]


def test_used_optional_instead_replaces():
    game = play(LOG + hit() + with_triggers(trig("maybe", "instead", ", optional: true")), "use")
    assert game.value("log") == ["maybe"]
    assert game.events == ["hit", "instead:maybe"]


def test_mandatory_before_optional_model_before_content():
    game = play(LOG + hit() + with_triggers(
        trig("opt_model", extra=", optional: true"),
        trig("mand_model"),
    ) + """
    content:
      cards:
        spike:
          id: spike
          triggers:
            - {event: hit, do: [{op: add, var: log, amount: [mand_content]}]}
            - {id: opt_content, event: hit, optional: true, do: [{op: add, var: log, amount: [opt_content]}]}
    """)
    # the mandatory content trigger comes before any optional one
    assert game.value("log") == ["impact", "mand_model", "mand_content"]
    assert asked(game) == ("decision", 0, "trigger opt_model", ["use", "skip"])
    drive(game, "use")
    assert asked(game) == ("decision", 0, "trigger opt_content", ["use", "skip"])
    drive(game, "use")
    assert game.value("log") == ["impact", "mand_model", "mand_content", "opt_model", "opt_content"]


def test_if_x_is_evaluated_just_before_the_trigger_fires():
    game = play(LOG + hit() + with_triggers(
        trig("first", do="[{op: set, var: flag, value: 1}, {op: add, var: log, amount: [first]}]"),
        trig("second", extra=', if_x: "flag == 0"'),
        trig("third", extra=', if_x: "flag == 1"'),
    ))
    assert game.value("log") == ["impact", "first", "third"]


def test_trigger_if_as_text_is_not_executable():
    error = stopped(LOG + hit() + with_triggers(trig("t", extra=", if: when it is raining")))
    assert error.kind == "NotExecutable"
    assert error.message.startswith("trigger t")


def test_trigger_on_another_event_does_not_fire():
    game = play(LOG + hit() + """
    triggers:
      - {id: other, event: miss, do: [{op: add, var: log, amount: [other]}]}
    """)
    assert game.value("log") == ["impact"]


# -- optional triggers -----------------------------------------------------------------------

def test_optional_trigger_asks_the_actor_use_or_skip():
    game = play(LOG + hit() + with_triggers(trig("opt", extra=", optional: true")))
    assert asked(game) == ("decision", 0, "trigger opt", ["use", "skip"])
    assert game.request.visible_to == "all"
    drive(game, "use")
    assert game.value("log") == ["impact", "opt"]
    game = play(LOG + hit() + with_triggers(trig("opt", extra=", optional: true")), "skip")
    assert game.value("log") == ["impact"]


def test_optional_trigger_controller_x_sees_the_emit_names():
    game = play(LOG + """
    num_players: 3
    flow: {id: s, kind: step, actor_x: "1", do: a}
    actions:
      a:
        effect:
          - {op: let, bind: target, value: 2}
          - {op: emit, event: hit}
    triggers:
      - {id: opt, event: hit, optional: true, controller_x: "target", do: []}
      - {id: opt2, event: hit, optional: true, controller_x: "(actor + 2) % 3", do: []}
    """)
    assert asked(game) == ("decision", 2, "trigger opt", ["use", "skip"])
    drive(game, "skip")
    assert asked(game) == ("decision", 0, "trigger opt2", ["use", "skip"])


def test_optional_trigger_without_controller_or_actor():
    error = stopped(LOG + hit("[]") + with_triggers(trig("opt", extra=", optional: true")) + """
    flow: {id: s, kind: step, do: a}
    """)
    assert fails(error, "NotExecutable", "trigger opt: optional without controller_x or actor")


# -- what triggers see, copies, places ---------------------------------------------------------

def test_triggers_see_the_emit_names_and_event():
    game = play(LOG + """
    actions:
      a:
        effect:
          - {op: let, bind: target, value: orc}
          - {op: emit, event: hit}
    triggers:
      - {id: t, event: hit, if_x: "target == 'orc'", do: [{op: set, var: out, value_x: "[event, target, actor]"}]}
    """)
    assert game.value("out") == ["hit", "orc", 0]


def test_trigger_and_impact_names_do_not_leak_out_of_the_emit():
    for where in ("impact: [{op: let, bind: w, value: 1}]", ""):
        error = stopped(LOG + f"""
    actions:
      a:
        effect:
          - {{op: emit, event: hit{', ' + where if where else ''}}}
          - {{op: set, var: out, value_x: w}}
    triggers:
      - {{id: t, event: hit, do: [{{op: let, bind: w, value: 2}}]}}
    """)
        assert fails(error, "ExprError", "error evaluating 'w': NameError: name 'w' is not defined")


def test_impact_sees_the_emit_names():
    game = play(LOG + """
    actions:
      a:
        effect:
          - {op: let, bind: dmg, value: 3}
          - {op: emit, event: hit, impact: [{op: set, var: out, value_x: "dmg + actor"}]}
    """)
    assert game.value("out") == 3


def test_places_of_impact_and_trigger_ops():
    game = play(LOG + """
    actions:
      a:
        effect:
          - {op: emit, event: hit, impact: [{op: choose, options: [x, y], bind: c}]}
    triggers:
      - {id: t, event: hit, do: [{op: choose, options: [p, q], bind: c}]}
    """)
    assert asked(game) == ("decision", 0, "action a · hit", ["x", "y"])
    drive(game, "x")
    assert asked(game) == ("decision", 0, "trigger t", ["p", "q"])
    drive(game, "q")
    assert ended(game)


def test_triggers_can_emit_and_events_are_recorded_in_order():
    game = play(LOG + hit() + """
    triggers:
      - {id: t, event: hit, timing: before, do: [{op: emit, event: echo}]}
      - {id: e, event: echo, do: [{op: add, var: log, amount: [echo]}]}
    """)
    assert game.events == ["hit", "echo"]
    assert game.value("log") == ["echo", "impact"]


def test_fifty_nested_emits_are_allowed():
    game = play(LOG + """
    actions:
      a: {effect: [{op: emit, event: ping}]}
    triggers:
      - {id: t, event: ping, do: [{op: add, var: flag, amount: 1}, {op: if, cond_x: "flag < 50", then: [{op: emit, event: ping}]}]}
    """)
    assert ended(game)
    assert game.value("flag") == 50
    assert game.events == ["ping"] * 50


def test_trigger_chain_too_deep():
    error = stopped(LOG + """
    actions:
      a: {effect: [{op: emit, event: ping}]}
    triggers:
      - {id: t, event: ping, do: [{op: add, var: flag, amount: 1}, {op: if, cond_x: "flag < 51", then: [{op: emit, event: ping}]}]}
    """)
    assert error.kind == "ExprError"
    assert error.message.endswith("trigger chain too deep")


def test_endless_trigger_chain():
    error = stopped(LOG + """
    actions:
      a: {effect: [{op: emit, event: ping}]}
    triggers:
      - {id: t, event: ping, do: [{op: emit, event: ping}]}
    """)
    assert error.kind == "ExprError"
    assert error.message.endswith("trigger chain too deep")


def test_end_event_triggers_see_only_event():
    game = play(LOG + """
    flow: {id: s, kind: step, actor_x: "0", do: a, end_event: [round_end, game_end]}
    actions:
      a: {effect: []}
    triggers:
      - {id: t, event: round_end, do: [{op: add, var: log, amount_x: "[event]"}]}
      - {id: u, event: game_end, do: [{op: add, var: log, amount_x: "[event]"}]}
    end: [{id: done, if_x: "len(log) == 1", result: draw}]
    """)
    # an end check after each end_event: the game ends before game_end
    assert ended(game)
    assert game.events == ["round_end"]
    assert game.value("log") == ["round_end"]


def test_end_event_trigger_has_no_actor():
    error = stopped(LOG + """
    flow: {id: s, kind: step, actor_x: "0", do: a, end_event: round_end}
    actions:
      a: {effect: []}
    triggers:
      - {id: t, event: round_end, do: [{op: set, var: out, value_x: actor}]}
    end: [{id: done, if_x: "out is not None", result: draw}]
    """)
    assert fails(error, "ExprError", "error evaluating 'actor': NameError: name 'actor' is not defined")


def test_optional_end_event_trigger_without_controller():
    error = stopped(LOG + """
    flow: {id: s, kind: step, actor_x: "0", do: a, end_event: round_end}
    actions:
      a: {effect: []}
    triggers:
      - {id: t, event: round_end, optional: true, do: []}
    end: [{id: done, if_x: "out is not None", result: draw}]
    """)
    assert fails(error, "NotExecutable", "trigger t: optional without controller_x or actor")


# -- content triggers ------------------------------------------------------------------------

CONTENT = """
    content:
      cards:
        thorn:
          id: thorn
          active_x: "self['id'] in [c['id'] for c in table]"
          triggers:
            - {event: hit, optional: true, do: [{op: add, var: log, amount_x: "[self['id'], event]"}]}
    """


def test_content_trigger_uses_the_item_id_as_place_and_sees_self():
    game = play("""
    state:
      vars: {log: {init: []}}
      zones: {table: {init_x: "[content['cards']['thorn']]"}}
    """ + hit() + CONTENT)
    assert asked(game) == ("decision", 0, "trigger thorn", ["use", "skip"])
    drive(game, "use")
    assert game.value("log") == ["impact", "thorn", "hit"]


def test_content_trigger_counts_only_while_active():
    game = play("""
    state:
      vars: {log: {init: []}}
      zones: {table: {}}
    """ + hit() + CONTENT)
    assert ended(game)
    assert game.value("log") == ["impact"]


def test_content_trigger_fires_once_with_two_copies_in_play():
    game = play("""
    state:
      vars: {log: {init: []}}
      zones: {table: {init_x: "[content['cards']['thorn'], content['cards']['thorn']]"}}
    """ + hit() + CONTENT, "use")
    assert ended(game)
    assert game.value("log") == ["impact", "thorn", "hit"]


def test_content_trigger_active_x_sees_the_emit_names():
    game = play("""
    state:
      vars: {log: {init: []}}
    actions:
      a:
        effect:
          - {op: let, bind: power, value: 5}
          - {op: emit, event: hit}
          - {op: let, bind: power, value: 1}
          - {op: emit, event: hit}
    content:
      cards:
        big:
          id: big
          active_x: "power > 3"
          triggers: [{event: hit, do: [{op: add, var: log, amount_x: "[power]"}]}]
    """)
    assert game.value("log") == [5]


# -- sample ----------------------------------------------------------------------------------

SHOT = """
    state:
      vars: {log: {init: []}, bonus: {init: 0}}
    outcomes:
      shot:
        derived_x: {q: "0.25 + bonus"}
        outcomes:
          - {id: hit, p: q, p_x: q, effect: [{op: add, var: log, amount_x: "['hit', q, actor, b]"}]}
          - {id: miss, p: 1 - q, p_x: "1 - q"}
"""


def test_sample_is_a_chance_with_the_model_probabilities():
    game = play(SHOT + """
    actions:
      a: {effect: [{op: let, bind: b, value: 7}, {op: sample, model: shot}]}
    """)
    assert asked(game) == ("chance", None, "action a · shot", ["hit", "miss"])
    assert game.request.probabilities == pytest.approx([0.25, 0.75])
    assert game.request.visible_to == "all"
    drive(game, "hit")
    assert ended(game)
    assert game.events == ["shot:hit"]
    assert game.value("log") == ["hit", 0.25, 0, 7]


def test_sample_outcome_without_effect():
    game = play(SHOT + """
    actions:
      a: {effect: [{op: let, bind: b, value: 7}, {op: sample, model: shot}]}
    """, "miss")
    assert game.events == ["shot:miss"]
    assert game.value("log") == []


def test_sample_effect_keeps_the_parent_place_and_works_on_a_copy():
    game = play("""
    state:
      vars: {out: {init: null}}
    outcomes:
      coin:
        outcomes:
          - {id: heads, p: half, p_x: 0.5, effect: [{op: choose, options: [x, y], bind: c}, {op: let, bind: inner, value: 1}]}
          - {id: tails, p: half, p_x: 0.5}
    actions:
      a: {effect: [{op: sample, model: coin}, {op: set, var: out, value_x: "inner"}]}
    """, "heads")
    assert asked(game) == ("decision", 0, "action a", ["x", "y"])
    with pytest.raises(ExprError) as info:
        drive(game, "x")
    assert info.value.message == "error evaluating 'inner': NameError: name 'inner' is not defined"


def test_sample_probabilities_must_add_up_to_one():
    error = stopped("""
    outcomes:
      shot:
        outcomes:
          - {id: hit, p: most, p_x: 0.5}
          - {id: miss, p: some, p_x: 0.4}
    actions:
      a: {effect: [{op: sample, model: shot}]}
    """)
    assert fails(error, "ExprError", "outcome model shot: probabilities add up to 0.900000, not 1")


def test_sample_probabilities_within_tolerance():
    game = play("""
    outcomes:
      shot:
        outcomes:
          - {id: hit, p: most, p_x: 0.5}
          - {id: miss, p: some, p_x: 0.5000005}
    actions:
      a: {effect: [{op: sample, model: shot}]}
    """)
    assert asked(game)[:3] == ("chance", None, "action a · shot")


def test_sample_p_as_text_is_not_executable():
    error = stopped("""
    outcomes:
      shot:
        outcomes:
          - {id: hit, p: most}
          - {id: miss, p: some, p_x: 0.5}
    actions:
      a: {effect: [{op: sample, model: shot}]}
    """)
    assert error.kind == "NotExecutable"


def test_sample_negative_probability_is_an_error():
    stopped("""
    outcomes:
      shot:
        outcomes:
          - {id: hit, p: x, p_x: 1.5}
          - {id: miss, p: y, p_x: -0.5}
    actions:
      a: {effect: [{op: sample, model: shot}]}
    """)


# -- exec ------------------------------------------------------------------------------------

EXEC = """
    state:
      vars: {log: {init: []}, out: {init: null}}
      zones: {table: {}}
    content:
      cards:
        bolt:
          id: bolt
          label: Lightning Bolt
          power: 3
          effect:
            - {op: add, var: log, amount_x: "[self['id'], self['power'], actor, b]"}
            - {op: choose, options: [x, y], bind: c}
            - {op: let, bind: inner, value: 1}
        blank: {id: blank, status: missing, effect: [{op: add, var: log, amount: [no]}]}
        plain: {id: plain, text: Nothing happens.}
"""


def test_exec_runs_the_item_effect_with_self_in_place_content():
    game = play(EXEC + """
    actions:
      a:
        effect:
          - {op: let, bind: b, value: 5}
          - {op: exec, of_x: "content['cards']['bolt']", content: "cards.*"}
    """)
    assert game.events == ["exec:bolt"]
    assert game.value("log") == ["bolt", 3, 0, 5]
    assert asked(game) == ("decision", 0, "content bolt", ["x", "y"])
    drive(game, "y")
    assert ended(game)


def test_exec_names_do_not_leak():
    error = stopped(EXEC + """
    actions:
      a:
        effect:
          - {op: let, bind: b, value: 5}
          - {op: exec, of_x: "content['cards']['bolt']"}
          - {op: set, var: out, value_x: inner}
    """, "x")
    assert fails(error, "ExprError", "error evaluating 'inner': NameError: name 'inner' is not defined")


def test_exec_of_an_instance_origin():
    game = play(EXEC + """
    actions:
      a:
        effect:
          - {op: create, what_x: "content['cards']['bolt']", to: table, bind: c}
          - {op: let, bind: b, value: 1}
          - {op: exec, of_x: "c['origin']"}
    """, "x")
    assert game.events == ["exec:bolt"]
    assert game.value("log") == ["bolt", 3, 0, 1]


def test_exec_of_an_instance_itself_has_no_effect():
    error = stopped(EXEC + """
    actions:
      a:
        effect:
          - {op: create, what_x: "content['cards']['bolt']", to: table, bind: c}
          - {op: exec, of_x: c}
    """)
    assert error.kind == "NotExecutable"


def test_exec_of_a_missing_item_or_one_without_effect():
    for item in ("blank", "plain"):
        error = stopped(EXEC + f"""
    actions:
      a: {{effect: [{{op: exec, of_x: "content['cards']['{item}']"}}]}}
    """)
        assert error.kind == "NotExecutable"
    error = stopped(EXEC + """
    actions:
      a: {effect: [{op: exec, of_x: "content['cards']['blank']"}]}
    """)
    assert error.message.startswith("content blank")


def test_exec_of_as_text_is_not_executable():
    error = stopped(EXEC + """
    actions:
      a: {effect: [{op: exec, of: the played card}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'of' is text without of_x")


# -- reset -----------------------------------------------------------------------------------

RESET = """
    state:
      vars:
        level: {init: 1, persist: campaign}
        hp: {init_x: "10 + level"}
        gold: {init: 0}
        flag: {init: 0}
        finished: {init: false}
        memo: {init: null, persist: campaign}
      zones:
        vault: {persist: campaign}
        table: {init_x: "['start']"}
    flows:
      sub: {id: sub_step, kind: step, do: win_sub}
    modifiers: []
    flow:
      id: f
      kind: sequence
      children:
        - {id: s1, kind: step, do: elim}
        - {id: s2, kind: step, do: a}
    actions:
      elim: {effect: [{op: set, var: flag, value: 1}, {op: run, flow: sub}]}
      win_sub: {effect: [{op: set, var: gold, value: 1}]}
      a:
        effect:
          - {op: set, var: level, value: 2}
          - {op: add, var: gold, amount: 5}
          - {op: add, var: hp, amount: -3}
          - {op: place, what_x: "'x'", to: vault}
          - {op: place, what_x: "'y'", to: table}
          - {op: modify, stat: atk, change_x: "value + 100"}
          - {op: set, var: memo, value_x: "[modified('atk', 1), len(eliminated)]"}
          - RESET_OP
          - {op: set, var: out_atk, value_x: "modified('atk', 1)"}
          - {op: set, var: finished, value: true}
    end:
      - {id: subwin, scope: sub, if_x: "gold == 1", result: win}
      - {id: out, if_x: "flag == 1", result: eliminate, who_x: "1"}
      - {id: done, if_x: "finished", result: draw}
"""


def reset_game(op: str = "{op: reset}"):
    text = RESET.replace("RESET_OP", op).replace("        memo:", "        out_atk: {init: null}\n        memo:")
    return play(text)


def test_reset_restores_non_persistent_state_and_keeps_campaign_state():
    game = reset_game()
    assert ended(game)
    assert game.value("level") == 2
    assert game.value("hp") == 12  # init_x recomputed with the kept level
    assert game.value("gold") == 0
    assert game.value("vault") == ["x"]
    assert game.value("table") == ["start"]


def test_reset_clears_eliminated_and_temporary_modifiers_keeps_results():
    game = reset_game()
    assert game.value("memo") == [101, 1]
    assert game.value("out_atk") == 1
    assert game.value("eliminated") == []
    assert game.value("results") == {"sub": "win"}


def test_reset_event_with_default_and_given_scope():
    game = reset_game()
    assert game.events == ["sub:win", "eliminated:1", "reset:scenario"]
    game = reset_game("{op: reset, scope: chapter2}")
    assert game.events[-1] == "reset:chapter2"


# -- more ordering details -------------------------------------------------------------------

def test_mandatory_instead_fires_before_an_earlier_optional_instead():
    game = play(LOG + hit() + with_triggers(
        trig("maybe", "instead", ", optional: true"),
        trig("must", "instead"),
    ))
    # the mandatory one fires first and replaces the impact: the optional one is not asked
    assert ended(game)
    assert game.value("log") == ["must"]
    assert game.events == ["hit", "instead:must"]


def test_content_instead_trigger_event_uses_the_item_id():
    game = play(LOG + hit() + """
    content:
      cards:
        ward: {id: ward, triggers: [{event: hit, timing: instead, do: [{op: add, var: log, amount: [ward]}]}]}
    """)
    assert game.value("log") == ["ward"]
    assert game.events == ["hit", "instead:ward"]


def test_sample_in_a_trigger_has_the_trigger_place():
    game = play(LOG + hit("[]") + """
    outcomes:
      coin:
        outcomes:
          - {id: heads, p: half, p_x: 0.5}
          - {id: tails, p: half, p_x: 0.5}
    triggers:
      - {id: t, event: hit, do: [{op: sample, model: coin}]}
    """)
    assert asked(game) == ("chance", None, "trigger t · coin", ["heads", "tails"])
    drive(game, "tails")
    assert game.events == ["hit", "coin:tails"]
