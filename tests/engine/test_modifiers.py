"""Modifiers and ``modify`` (reference §15, §11 modify; engine.md "Modifiers")."""

from .scripting import ended, fails, play, stopped


def value_of(expr: str, body: str, *labels, before: str = "") -> object:
    """``out`` after an action that runs ``before`` ops and then sets ``out`` to ``expr``."""
    game = play(f"""
    state:
      vars: {{out: {{init: null}}, lvl: {{init: 0}}, log: {{init: []}}}}
      zones: {{table: {{}}}}
    actions:
      a:
        effect:
{before}
          - {{op: set, var: out, value_x: "{expr}"}}
""" + body, *labels)
    assert ended(game)
    return game.value("out")


def test_without_modifiers_modified_gives_the_base():
    assert value_of("modified('atk', 2)", "") == 2


def test_a_modifier_replaces_the_value_with_change_x():
    assert value_of("modified('atk', 2)", """
    modifiers:
      - {id: plus, stat: atk, change_x: "value + 1"}
      - {id: other, stat: def, change_x: "value * 100"}
    """) == 3


def test_within_a_layer_model_order():
    assert value_of("modified('atk', 2)", """
    modifiers:
      - {stat: atk, change_x: "value + 1"}
      - {stat: atk, change_x: "value * 10"}
    """) == 30
    assert value_of("modified('atk', 2)", """
    modifiers:
      - {stat: atk, change_x: "value * 10"}
      - {stat: atk, change_x: "value + 1"}
    """) == 21


def test_layer_order_exact():
    assert value_of("modified('atk', 2)", """
    modifiers:
      - {stat: atk, layer: 2, change_x: "value * 10"}
      - {stat: atk, layer: 1, change_x: "value - 1"}
      - {stat: atk, change_x: "value + 5"}
      - {stat: atk, layer: -1, change_x: "value * 3"}
    """) == ((2 * 3 + 5) - 1) * 10


def test_if_x_with_keyword_arguments():
    body = """
    modifiers:
      - {id: veteran, stat: atk, if_x: "who == 0", change_x: "value + bonus"}
    """
    assert value_of("[modified('atk', 2, who=actor, bonus=4), modified('atk', 2, who=1, bonus=4)]", body) == [6, 2]


def test_change_x_sees_value_and_keywords_and_globals():
    assert value_of("modified('atk', 2, k=3)", """
    constants: {BASE: 100}
    modifiers:
      - {stat: atk, change_x: "value * k + BASE + lvl"}
    """, before="          - {op: set, var: lvl, value: 7}") == 113


def test_modifier_if_as_text_is_ignored():
    assert value_of("modified('atk', 2)", """
    modifiers:
      - {stat: atk, if: only on Sundays, change_x: "value + 1"}
    """) == 3


def test_modifier_without_stat_is_ignored():
    assert value_of("modified('atk', 2)", """
    modifiers:
      - {change_x: "value + 1"}
    """) == 2


def test_modifier_without_change_x_is_not_executable():
    error = stopped("""
    state:
      vars: {out: {init: null}}
    modifiers:
      - {stat: atk, change: doubles the attack}
    actions:
      a: {effect: [{op: set, var: out, value_x: "modified('atk', 2)"}]}
    """)
    assert error.kind == "NotExecutable"


def test_modifier_failing_if_x_is_off():
    assert value_of("modified('atk', 2)", """
    modifiers:
      - {stat: atk, if_x: "lvl > 0", change_x: "value + 1"}
    """) == 2


# -- content modifiers -----------------------------------------------------------------------

CONTENT = """
    content:
      cards:
        banner:
          id: banner
          boost: 10
          active_x: "self['id'] in [c['id'] for c in table]"
          modifiers:
            - {stat: atk, change_x: "value + self['boost']"}
    modifiers:
      - {stat: atk, change_x: "value * 2"}
"""


def test_content_modifier_applies_only_while_active_and_after_model_ones():
    assert value_of("modified('atk', 1)", CONTENT) == 2
    assert value_of("modified('atk', 1)", CONTENT,
                    before="""          - {op: create, what_x: "content['cards']['banner']", to: table}""") == 12


def test_content_modifier_active_x_sees_the_keyword_arguments():
    assert value_of("[modified('atk', 1, who=0), modified('atk', 1, who=1)]", """
    content:
      cards:
        charm:
          id: charm
          active_x: "who == 1"
          modifiers: [{stat: atk, change_x: "value + 5"}]
    """) == [1, 6]


def test_content_modifier_in_a_lower_layer_goes_first():
    assert value_of("modified('atk', 1)", """
    content:
      cards:
        banner:
          id: banner
          modifiers: [{stat: atk, layer: -1, change_x: "value + 10"}]
    modifiers:
      - {stat: atk, change_x: "value * 2"}
    """) == 22


# -- modify ----------------------------------------------------------------------------------

def test_modify_adds_a_temporary_modifier_with_the_local_names():
    assert value_of("modified('atk', 2)", "", before="""
          - {op: let, bind: bonus, value: 5}
          - {op: modify, stat: atk, change_x: "value + bonus + actor"}
          - {op: let, bind: bonus, value: 100}""") == 7


def test_modify_after_static_within_a_layer_in_order_added():
    assert value_of("modified('atk', 2)", """
    modifiers:
      - {stat: atk, change_x: "value * 10"}
      - {stat: atk, layer: 1, change_x: "value - 1"}
    """, before="""
          - {op: modify, stat: atk, change_x: "value + 1"}
          - {op: modify, stat: atk, change_x: "value * 2"}
          - {op: modify, stat: atk, layer: -1, change_x: "value + 100"}""") == ((102 * 10 + 1) * 2) - 1


def test_modify_if_x():
    assert value_of("[modified('atk', 2, who=0), modified('atk', 2, who=1)]", "", before="""
          - {op: modify, stat: atk, if_x: "who == actor", change_x: "value + 1"}""") == [3, 2]


def test_modify_until_expires_when_the_emit_is_done():
    game = play("""
    state:
      vars: {log: {init: []}}
    actions:
      a:
        effect:
          - {op: modify, stat: atk, change_x: "value + 1", until: eot}
          - {op: modify, stat: atk, change_x: "value + 10"}
          - {op: add, var: log, amount_x: "[modified('atk', 0)]"}
          - {op: emit, event: other}
          - {op: add, var: log, amount_x: "[modified('atk', 0)]"}
          - {op: emit, event: eot, impact: [{op: add, var: log, amount_x: "[modified('atk', 0)]"}]}
          - {op: add, var: log, amount_x: "[modified('atk', 0)]"}
    triggers:
      - {id: late, event: eot, do: [{op: add, var: log, amount_x: "[modified('atk', 0)]"}]}
    """)
    # the after-trigger of eot still sees it; after the emit it is gone; the other one lasts
    assert game.value("log") == [11, 11, 11, 11, 10]


def test_modify_until_expires_after_a_nested_emit_of_that_event():
    game = play("""
    state:
      vars: {log: {init: []}}
    actions:
      a:
        effect:
          - {op: modify, stat: atk, change_x: "value + 1", until: eot}
          - {op: emit, event: outer}
          - {op: add, var: log, amount_x: "[modified('atk', 0)]"}
    triggers:
      - {id: t, event: outer, do: [{op: emit, event: eot}, {op: add, var: log, amount_x: "[modified('atk', 0)]"}]}
    """)
    assert game.value("log") == [0, 0]


def test_modify_lasts_across_actions_until_reset():
    game = play("""
    state:
      vars: {log: {init: [], persist: campaign}}
    flow:
      id: f
      kind: sequence
      children:
        - {id: s1, kind: step, actor_x: "0", do: a}
        - {id: s2, kind: step, actor_x: "0", do: b}
        - {id: s3, kind: step, actor_x: "0", do: c}
    actions:
      a: {effect: [{op: modify, stat: atk, change_x: "value + 1"}]}
      b: {effect: [{op: add, var: log, amount_x: "[modified('atk', 0)]"}, {op: reset}, {op: add, var: log, amount_x: "[modified('atk', 0)]"}]}
      c: {effect: [{op: add, var: log, amount: [end]}]}
    end: [{id: done, if_x: "'end' in log", result: draw}]
    """)
    assert game.value("log") == [1, 0, "end"]


def test_modify_keeps_self_of_a_content_item():
    assert value_of("modified('atk', 1)", """
    content:
      cards:
        rage: {id: rage, power: 4, effect: [{op: modify, stat: atk, change_x: "value + self['power']"}]}
    """, before="""          - {op: exec, of_x: "content['cards']['rage']"}""") == 5


def test_modify_change_as_text_is_not_executable():
    error = stopped("""
    actions:
      a: {effect: [{op: modify, stat: atk, change: plus two}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'change' is text without change_x")


def test_modify_without_stat():
    error = stopped("""
    actions:
      a: {effect: [{op: modify, change_x: "value + 1"}]}
    """)
    assert fails(error, "NotExecutable", "action a: field 'stat' is missing")


# -- nesting and cycles ----------------------------------------------------------------------

def test_modifiers_may_read_other_modified_stats():
    assert value_of("modified('atk', 1)", """
    modifiers:
      - {stat: atk, change_x: "value + modified('str', 2)"}
      - {stat: str, change_x: "value * 10"}
    """) == 21


def test_modifiers_in_a_cycle():
    error = stopped("""
    state:
      vars: {out: {init: null}}
    modifiers:
      - {stat: x, change_x: "modified('x', value)"}
    actions:
      a: {effect: [{op: set, var: out, value_x: "modified('x', 1)"}]}
    """)
    assert error.kind == "ExprError"
    assert error.message.endswith("modifiers for 'x' refer to each other in a cycle")


def test_modifiers_in_a_cycle_exact_message():
    error = stopped("""
    state:
      vars: {out: {init: null}}
    modifiers:
      - {stat: x, change_x: "modified('x', value)"}
    actions:
      a: {effect: [{op: set, var: out, value_x: "modified('x', 1)"}]}
    """)
    assert fails(error, "ExprError", "modifiers for 'x' refer to each other in a cycle")


def test_modifier_cycle_through_two_stats():
    error = stopped("""
    state:
      vars: {out: {init: null}}
    modifiers:
      - {stat: a, change_x: "modified('b', value)"}
      - {stat: b, change_x: "modified('a', value)"}
    actions:
      a: {effect: [{op: set, var: out, value_x: "modified('a', 1)"}]}
    """)
    assert error.kind == "ExprError"
    assert error.message.endswith("refer to each other in a cycle")


def test_within_a_layer_model_then_content_then_temporary():
    assert value_of("modified('atk', '')", """
    content:
      cards:
        banner: {id: banner, modifiers: [{stat: atk, change_x: "value + 'c'"}]}
    modifiers:
      - {stat: atk, change_x: "value + 'm'"}
    """, before="""          - {op: modify, stat: atk, change_x: "value + 't'"}""") == "mct"
