"""Every validator error of reference §20, by a small model, with its message and position."""

from tabletwin.validate import validate

from .kit import errors


def test_clean_model_has_no_errors():
    assert errors("", base=True) == []


def test_mode_persist_and_protocol_values():
    assert errors("""\
    mode: solo
    state: {vars: {gold: {persist: forever}}}
    priority: {protocol: {resolution: chain, closes: never}}
    """, base=True) == [
        ("mode must be competitive or cooperative, not 'solo'", 1, 7),
        ("persist must be campaign, not 'forever'", 2, 32),
        ("unknown resolution 'chain' (immediate, nested or lifo_stack)", 3, 35),
        ("unknown closes 'never' (all_pass_in_succession or single_pass_each)", 3, 50),
    ]


def test_flow_structure():
    assert errors("""\
    state: {vars: {p: {}}}
    flow:
      id: game
      kind: sequence
      window: combat
      end_event: [1]
      children:
        - {id: game, kind: loop, as: q, order: random, children: []}
        - {id: b, kind: branch}
        - {id: s, kind: subflow, ref: nowhere}
        - {id: t, kind: step, do: [a, fly]}
        - {id: u, kind: parallel}
    actions: {a: {effect: []}}
    end: []
    """) == [
        ("flow game: window 'combat' is not in priority.windows", 5, 11),
        ("flow game: end_event must be an event name or a list of names", 6, 14),
        ("duplicate flow id 'game' (first at line 3)", 8, 12),
        ("flow game: loop variable 'q' is not declared in state.vars", 8, 34),
        ("flow game: unknown order 'random'", 8, 44),
        ("branch b has no cases", 9, 7),
        ("subflow s: flow 'nowhere' is not in flows", 10, 35),
        ("step t: action 'fly' is not in actions", 11, 35),
        ("flow u: unknown kind 'parallel' (sequence, loop, branch, step or subflow)", 12, 21),
    ]


def test_ops():
    assert errors("""\
    state: {zones: {deck: {}}}
    flow: {id: game, kind: step, do: a}
    actions:
      a:
        effect:
          - {op: shout}
          - {op: draw, from: deck, to: "hand[actor]"}
          - {op: call, code: magic}
          - {op: run, flow: elsewhere}
          - {op: sample, model: shot}
          - {op: choose, options: [1, 2], bind: x, agent: bob}
          - {op: window, name: combat}
          - {op: exec, of_x: x, content: cards.*}
    end: []
    """) == [
        ("unknown op 'shout'", 6, 14),
        ("draw: zone 'hand' is not declared in state.zones", 7, 36),
        ("call: code 'magic' is not declared in code", 8, 26),
        ("run: flow 'elsewhere' is not in flows", 9, 25),
        ("sample: outcome model 'shot' is not in outcomes", 10, 29),
        ("choose: agent 'bob' is not in agents", 11, 55),
        ("window: 'combat' is not in priority.windows", 12, 28),
        ("exec: content path 'cards.*' does not exist", 13, 38),
    ]


def test_expression_syntax_errors_are_errors():
    assert errors("""\
    flow: {id: game, kind: step, do: a, actor_x: "x ="}
    actions: {a: {effect: []}}
    end: []
    """) == [('assignment is not allowed in "x ="', 1, 49)]


def test_functions():
    assert errors("""\
    constants: {GOAL: 3}
    functions:
      GOAL: {x: "1"}
      len: {x: "1"}
      f: {params: [a-b, "c?"], let: {_d: "1"}}
      g: {params: x, x: "1"}
    """, base=True) == [
        ("function GOAL: the name is already a constant", 3, 3),
        ("function len: the name is already a builtin", 4, 3),
        ("function f: x (the result) is missing", 5, 3),
        ("function f: parameter 'a-b' is not a valid name", 5, 16),
        ("function f: let name '_d' is not a valid name", 5, 34),
        ("function g: params must be a list of names", 6, 15),
    ]


def test_rules():
    assert errors("""\
    flows: {round: {id: round, kind: sequence}}
    flow: {id: game, kind: step, do: a}
    actions: {a: {effect: []}, pass: {speed: fast, effect: []}}
    triggers: [{id: t, event: e, timing: during}]
    outcomes:
      empty: {outcomes: []}
      shot: {outcomes: [{id: hit, p_x: "1"}]}
    end:
      - {id: both, if_x: "True", result: win, who_x: "[0, 1]"}
      - {id: sorted, if_x: "True", result: loss, who_x: "sorted(players)"}
      - {id: fine, if_x: "True", result: win, who_x: "players[0]"}
      - {id: scoped, scope: round, if_x: "True", result: win, who_x: "[0, 1]"}
      - {id: lost, scope: nowhere, if_x: "True", result: draw}
    open_questions: [{id: q1, status: open}]
    """) == [
        ("an action with a speed cannot be named pass: pass is how a player gives up priority", 3, 28),
        ("trigger t: unknown timing 'during' (when, before, instead or after)", 4, 38),
        ("outcome model empty has no outcomes", 6, 3),
        ("outcome model shot: outcome hit has no p (its probability in words)", 7, 21),
        ("end condition both: who_x gives several players; a competitive win needs one player index "
         "(several winners: result score with returns_x)", 9, 50),
        ("end condition sorted: who_x gives several players; a competitive loss needs one player index "
         "(several winners: result score with returns_x)", 10, 53),
        ("end condition lost: scope 'nowhere' is not a flow in flows", 13, 23),
        ("open question q1 has no question", 14, 18),
    ]


def test_content():
    assert errors("""\
    content:
      dice:
        face_types: {attack: {}}
        d1: {id: d1, faces: [attack 1, magic 2]}
      cards:
        bolt: {id: bolt, abilities: [{speed: fast}, {id: a, speed: fast}, {id: zap, speed: fast}, {id: zap}]}
    """, base=True) == [
        ("content d1: face type 'magic' is not in any face_types", 4, 36),
        ("content bolt: ability without id", 6, 34),
        ("content bolt: ability 'a' has the name of another action or ability", 6, 54),
        ("content bolt: ability 'zap' has the name of another action or ability", 6, 100),
    ]


def test_abilities_are_not_steps():
    assert errors("""\
    content: {cards: {bolt: {id: bolt, abilities: [{id: zap, speed: fast}]}}}
    flow: {id: game, kind: step, do: zap}
    actions: {}
    end: []
    """) == [("step game: 'zap' is an ability of a content item; abilities are played in windows, not in steps",
              2, 34)]


def test_an_op_without_a_name():
    assert errors("""\
    flow: {id: game, kind: step, do: a}
    actions:
      a:
        effect:
          - {op: }
          - {var: v}
    end: []
    """) == [
        ("op without a name: give 'op' one of set, add, let, place, create, move, destroy, draw, shuffle, look, "
         "search, reveal, roll, choose, if, for_each, repeat, emit, sample, exec, run, window, cancel, modify, "
         "reset, call, say", 5, 14),
        ("op without a name: give 'op' one of set, add, let, place, create, move, destroy, draw, shuffle, look, "
         "search, reveal, roll, choose, if, for_each, repeat, emit, sample, exec, run, window, cancel, modify, "
         "reset, call, say", 6, 9),
    ]


def test_the_schema_does_not_repeat_an_error_at_the_same_place():
    text = "flow: {id: game, kind: step, do: a}\nactions:\n  a:\n    effect:\n      - {op: shout, var: v}\nend: []\n"
    found = validate(text, games=0)
    assert [(f.message, *f.span.human()) for f in found.errors] == [("unknown op 'shout'", 5, 14)]
    assert [f.path for f in found.warnings if f.path.startswith("actions")] == []
