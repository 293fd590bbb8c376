"""Every validator warning of reference §20 by a small model, with its message and position."""

from .kit import warnings


def messages(text, base=False):
    return [m for m, _, _ in warnings(text, base=base)]


def test_drawn_from():
    assert warnings("""\
    state:
      zones:
        deck: {}
        shadow: {visibility: hidden, drawn_from: deck}
        table: {drawn_from: deck}
    """, base=True) == [
        ("zone shadow: drawn_from 'deck' is not a shuffled zone", 4, 46),
        ("zone table: drawn_from 'deck' is not a shuffled zone", 5, 25),
        ("zone table: drawn_from on a public zone (everyone sees its cards anyway)", 5, 25),
    ]


def test_content_status_abilities_and_keywords():
    assert messages("""\
    content:
      cards:
        a: {id: a, status: checked, keywords: "Ranged, Sentinel", abilities: [{id: shoot}]}
    flow: {id: game, kind: step, do: x}
    actions: {x: {pre_x: "'Ranged' in 'x'", effect: []}}
    end: []
    """) == [
        "content a: status should be verified, uncertain or missing",
        "content a: keyword 'Sentinel' is not tested by any rule (e.g. 'Sentinel' in c.get('keywords', ''))",
        "content a: ability 'shoot' has no speed, so it can never be played",
    ]


def test_unused_boards_functions_actions_and_flows():
    assert messages("""\
    boards: {map: {kind: square, width: 3, height: 3}}
    functions: {f: {x: "1"}, g: {x: "f()"}}
    flows: {extra: {id: extra, kind: sequence}}
    flow: {id: game, kind: step, do: a}
    actions:
      a: {effect: []}
      unused: {effect: []}
      noted: {note: kept for later, effect: []}
      fast: {speed: quick, effect: []}
    end: []
    """) == [
        "board map is never named in an expression",
        "function g is never called",
        "flow extra is never called (no subflow or run names it)",
        "action unused is not used by any step",
        "action fast: speed 'quick' is not allowed by any window",
    ]


def test_ops_and_triggers():
    assert messages("""\
    agents: {bot: {kind: llm}}
    flow: {id: game, kind: step, do: a}
    actions:
      a: {effect: [{op: say}, {op: exec}, {op: emit, event: boom}]}
    triggers:
      - {id: heard, event: boom, optional: true, do: []}
      - {id: deaf, event: silence, do: []}
    end: []
    """) == [
        "say without agent",
        "exec without content (the catalogue it runs, e.g. cards.*)",
        "exec without of_x (the item to run)",
        "trigger heard: optional without controller_x (the event's actor decides)",
        "trigger deaf: event 'silence' is never emitted",
    ]


def test_always_playable_fast_actions():
    text = """\
    state: {vars: {hp: {init: 3}, tally: {init: 0}}}
    priority: {windows: {fight: {allows: [fast]}}}
    flow: {id: game, kind: sequence, children: [], window: fight}
    actions:
      poke: {speed: fast, effect: [{op: add, var: tally, amount: 1}]}
      hit: {speed: fast, effect: [{op: add, var: hp, amount: -1}]}
      limited: {speed: fast, pre_x: "tally < 3", effect: []}
      paid: {speed: fast, cost: [{op: add, var: tally, amount: 1}], effect: []}
    end: [{id: dead, if_x: "hp <= 0", result: draw}]
    """
    assert warnings(text) == [("action poke: always playable in window fight; random players may keep the window "
                               "open forever", 5, 3)]


def test_end_reads_through_derived_values_and_functions():
    assert messages("""\
    state: {vars: {hp: {init: 3}, other: {init: 0}}, derived: {dead: "low(hp)"}}
    functions: {low: {params: [v], x: "v <= limit", let: {limit: "other"}}}
    priority: {windows: {fight: {allows: [fast]}}}
    flow: {id: game, kind: sequence, children: [], window: fight}
    actions:
      heal: {speed: fast, effect: [{op: add, var: other, amount: 1}]}
    end: [{id: dead, if_x: "dead", result: draw}]
    """) == []


def test_modifier_stats_and_open_questions():
    assert messages("""\
    modifiers: [{stat: attack, change_x: "value + 1"}, {stat: defence, change_x: "value"}]
    flow: {id: game, kind: step, do: a}
    actions: {a: {pre_x: "modified('attack', 1) > 0", effect: [{op: modify, stat: speed, change_x: "value"}]}}
    open_questions: [{id: q, question: "Why?", status: maybe}]
    end: []
    """) == [
        "stat 'defence' is never read with modified('defence', ...)",
        "stat 'speed' is never read with modified('speed', ...)",
        "open question q: status 'maybe' is not open, assumed or answered",
    ]
