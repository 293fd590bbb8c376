"""Schema findings on small models: each kind of finding with its message, path, span and data."""

import textwrap

from tabletwin.checks.schema import schema_findings
from tabletwin.modelfile import load_yaml

HEAD = "game: g\nlabel: G\nend: []\nflow: {id: main, kind: sequence}\n"  # lines 0-3


def findings(text, head=HEAD):
    text = head + textwrap.dedent(text)
    if head and "\nactions:" not in "\n" + text:
        text += "actions: {}\n"  # at the end, so the lines of the test's text stay put
    loaded = load_yaml(text)
    lines = text.splitlines()
    result = []
    for finding in schema_findings(loaded):
        assert finding.severity == "warning"
        span = finding.span
        if finding.data:  # an unknown key: the span is exactly the key's text
            assert lines[span.line][span.column:span.end_column] == finding.data["key"]
        result.append((finding.message, finding.path, (span.line, span.column, span.end_line, span.end_column),
                       finding.data))
    return result


def messages(text, head=HEAD):
    return [message for message, _, _, _ in findings(text, head)]


def test_a_clean_model_with_every_layer_gives_nothing():
    assert findings("""\
    num_players: 3
    mode: cooperative
    players: "1-3"
    summary: s
    demonstrates: d
    scope: all of it
    description: long
    utility: {min: -1, max: 1}
    constants: {GOAL: 5, ANY: {nested: [1, {free: true}]}}
    boards:
      map: {kind: hex, width: 5, height: 4, names: coords, layout: flat, holes: ["0,0"], walls: [["1,1", "1,2"]], label: M, note: n}
    functions:
      other: {params: [p, "q?"], let: {r: "1 - p"}, x: r, text: t, note: n}
    state:
      entity_types:
        unit: {attrs: {hp: int}, extends: thing, note: n}
      zones:
        deck: {kind: stack, visibility: hidden, shuffled: true, init_x: "[1, 2]", label: Deck, holds: card, size: 52}
        hand: {kind: set, owner: player, visibility: owner, drawn_from: deck, persist: campaign, note: n}
      vars:
        score: {scope: player, type: int, init: 0, range: [0, 9], label: S, note: n}
        current: {init_x: "0", persist: campaign}
      derived:
        total: "sum(score)"
        two: 2
        best: {text: highest, x: "max(score)"}
    flows:
      sub:
        id: sub
        kind: loop
        over_x: players
        as: current
        until_x: "total > 3"
        once: true
        over: everyone
        until: enough
        order: clockwise_from_first
        label: L
        note: n
        window: w
        end_event: [a, b]
        children:
          - {id: s1, kind: step, do: [act, other], actor_x: current, actor: someone, secret: true, visible_to_x: players}
          - id: br
            kind: branch
            switch: what
            window: true
            cases:
              - {when: always, when_x: true, label: c, note: n, children: [{id: sf, kind: subflow, ref: sub, end_event: e}]}
    actions:
      act:
        pre: p
        pre_x: 1
        speed: fast
        actor: a
        label: L
        note: n
        cost: [{op: let, bind: t, value: open, note: n}]
        effect:
          - {op: set, var: x, value_x: "1"}
          - {op: set, of_x: t, attr: a, value: [1, {b: 2}]}
          - {op: add, var: x, amount: -1}
          - {op: add, of: {a: 1}, attr: a, amount_x: 2.5}
          - {op: place, what: [1], to: z, at_x: 0, position: null}
          - {op: create, what_x: "{}", to: z, n: 2, with_x: "{'d': 0}", position: bottom, bind: u}
          - {op: move, what_x: u, from: z, to: y, position: random}
          - {op: destroy, what_x: u, from: y}
          - {op: draw, from: deck, to: "hand[0]", n_x: 2, visible_to_x: "[0]", position: top}
          - {op: shuffle, zone: deck}
          - {op: look, from: deck, n: 1, bind: seen, actor_x: 0, visible_to_x: "[0]"}
          - {op: search, from: deck, bind: f, filter: any, filter_x: "it > 0", as: c, actor_x: 0, min: 0, max_x: 2, visible_to_x: "[0]"}
          - {op: reveal, what_x: f, visible_to_x: players}
          - {op: roll, die: [1, 2], die_x: "[1]", bind: d, visible_to_x: "[]"}
          - {op: choose, options: [yes, no], bind: o, actor_x: 0, secret: true, visible_to_x: "[0]", min_x: 0, max: 1, agent: g}
          - {op: if, cond: c, cond_x: d, then: [{op: run, flow: sub}], else: [{op: window, name: w}]}
          - {op: for_each, items: [1, 2], as: i, body: [{op: emit, event: e, impact: [{op: cancel, target: -1}]}]}
          - {op: repeat, until: true, until_x: "True", body: [{op: sample, model: m, inputs: skill}]}
          - {op: exec, of: the card, of_x: c, content: cards.*}
          - {op: cancel, target_x: t}
          - {op: modify, stat: s, change: more, change_x: "value + 1", layer: 1, if_x: "True", until: e}
          - {op: reset, scope: scenario}
          - {op: call, code: magic}
          - {op: say, actor: 0, channel: table, constraint: none, bind: w, agent: g}
    triggers:
      - {id: t, event: e, timing: instead, optional: true, controller_x: "0", if_x: "True", do: [], if: i, controller: c, source: s, label: l, note: n}
    modifiers:
      - {id: m, stat: s, change_x: value, layer: 0.5, if_x: "True", until: e, source: s, target: t, change: c, if: i, duration: while, note: n}
    priority:
      protocol: {first: f, first_x: "0", closes: single_pass_each, resolution: nested, after_action: same, order: any_order, note: n}
      windows: {w: {allows: [fast], label: W, note: n}, v: {allows: fast}}
    outcomes:
      m:
        skill: true
        derived_x: {q: "0.5"}
        inputs: [skill]
        params: {k: 1}
        derived: q
        doc: d
        outcomes: [{id: hit, p: q, p_x: q, effect: [], note: n}, {id: miss, p: 0.5, p_x: 0.5}]
    agents:
      g: {kind: heuristic, policy_x: "options[0]", roles: [0], sees: all, prompt: p, note: n}
    code:
      magic: {lang: python, ref: "m:f", doc: d, kind: algorithm}
    open_questions:
      - {id: q1, about: actions.act, question: "Why?", status: assumed, answer: "Because", source: p. 1}
    content:
      anything: {goes: [here, {op: nonsense, amont: 1}]}
    """, head="game: g\nlabel: G\nend: [{id: e, if_x: x, result: score, who_x: 0, returns_x: s, scope: sub, if: i, who: w, note: n, check: end_of_round}]\n"
             "flow: {id: main, kind: sequence}\n") == []


def test_unknown_top_level_key_with_and_without_suggestion():
    assert findings("sttae: {}\nzzz: 1\n") == [
        ("unknown key 'sttae' at the top level", "sttae", (4, 0, 4, 5), {"key": "sttae", "suggestion": "state"}),
        ("unknown key 'zzz' at the top level", "zzz", (5, 0, 5, 3), {"key": "zzz"}),
    ]


def test_unknown_key_of_an_action_suggests_only_names_not_yet_there():
    assert findings("""\
    actions:
      roll:
        efect: []
        pre_x: "1"
        pre_xx: "2"
    """) == [
        ("unknown key 'efect' at actions.roll", "actions.roll.efect", (6, 4, 6, 9),
         {"key": "efect", "suggestion": "effect"}),
        ("unknown key 'pre_xx' at actions.roll", "actions.roll.pre_xx", (8, 4, 8, 10),
         {"key": "pre_xx", "suggestion": "pre"}),
    ]


def test_unknown_op_field_inside_a_flow_mapping():
    assert findings("""\
    actions:
      a: {effect: [{op: add, var: x, amont: 1}]}
    """) == [
        ("unknown key 'amont' at actions.a.effect[0]", "actions.a.effect[0].amont", (5, 33, 5, 38),
         {"key": "amont", "suggestion": "amount"}),
    ]


def test_a_field_of_another_op_is_unknown():
    assert findings("""\
    actions:
      a:
        effect:
          - {op: set, var: x, amount: 1}
          - op: draw
            from: deck
            to: hand
            bind: card
    """) == [
        ("unknown key 'amount' at actions.a.effect[0]", "actions.a.effect[0].amount", (7, 26, 7, 32),
         {"key": "amount"}),
        ("unknown key 'bind' at actions.a.effect[1]", "actions.a.effect[1].bind", (11, 8, 11, 12),
         {"key": "bind"}),
    ]


def test_nested_ops_in_then_else_body_impact_cost_and_triggers():
    assert messages("""\
    actions:
      a:
        cost: [{op: let, bind: b, valu: 1}]
        effect:
          - op: if
            cond_x: "True"
            then: [{op: for_each, items_x: players, body: [{op: emit, event: e, impact: [{op: cancel, targt: 0}]}]}]
            else: [{op: repeat, until_x: "True", body: [{op: roll, die: [1], bnd: d}]}]
    triggers:
      - {id: t, event: e, do: [{op: shuffle, zones: deck}]}
    """) == [
        "unknown key 'valu' at actions.a.cost[0]",
        "unknown key 'targt' at actions.a.effect[0].then[0].body[0].impact[0]",
        "unknown key 'bnd' at actions.a.effect[0].else[0].body[0]",
        "unknown key 'zones' at triggers[0].do[0]",
    ]


def test_unknown_op_is_an_enum_finding_and_its_fields_are_still_checked():
    assert findings("""\
    actions:
      a: {effect: [{op: sett, var: x, valu: 1}, {var: x, value: 2, colour: red}]}
    """) == [
        ("action a's effect, op 1: `op` must be one of set, add, let, place, create, move, destroy, draw, "
         "shuffle, look, search, reveal, roll, choose, if, for_each, repeat, emit, sample, exec, run, window, "
         "cancel, modify, reset, call, say (not 'sett')", "actions.a.effect[0].op", (5, 20, 5, 24), None),
        ("unknown key 'valu' at actions.a.effect[0]", "actions.a.effect[0].valu", (5, 34, 5, 38),
         {"key": "valu", "suggestion": "value"}),
        ("unknown key 'colour' at actions.a.effect[1]", "actions.a.effect[1].colour", (5, 63, 5, 69),
         {"key": "colour"}),
    ]


def test_op_field_values():
    assert messages("""\
    actions:
      a:
        effect:
          - {op: draw, from: deck, to: hand, position: middle}
          - {op: choose, options_x: [1, 2], bind: c, secret: "yes"}
          - {op: if, cond_x: x, then: {op: set}}
          - {op: set, var: x, value: {any: [thing]}, value_x: true}
          - {op: add, var: x, amount_x: 3, amount: [1]}
          - {op: roll, die: text is allowed by the schema, bind: 7}
    """) == [
        "action a's effect, op 1: `position` must be one of top, bottom, random (not 'middle')",
        "action a's effect, op 2: `options_x` must be text, a number or true/false, like `options_x: some text` (not a list)",
        "action a's effect, op 2: `secret` must be true/false, like `secret: true` (not text)",
        "action a's effect, op 3: `then` must be a list, like `then: [{op: add, var: score, amount: 1}]` (not a mapping)",
        "action a's effect, op 6: `bind` must be text, like `bind: some text` (not a number)",
    ]


def test_unknown_keys_of_flow_nodes_by_kind():
    assert findings("""\
    flows:
      f:
        id: f
        kind: sequence
        ref: g
        children:
          - {id: s, kind: step, do: a, over_x: players}
          - {id: l, kind: loop, do: a, untill_x: "True"}
          - {id: b, kind: branch, cases: [{when_x: "True", whn: x, children: []}], children: []}
          - {id: u, kind: subflow, ref: f, secret: true}
    """) == [
        ("unknown key 'ref' at flows.f", "flows.f.ref", (8, 4, 8, 7), {"key": "ref"}),
        ("unknown key 'over_x' at flows.f.children[0]", "flows.f.children[0].over_x", (10, 35, 10, 41),
         {"key": "over_x", "suggestion": "actor_x"}),
        ("unknown key 'do' at flows.f.children[1]", "flows.f.children[1].do", (11, 28, 11, 30), {"key": "do"}),
        ("unknown key 'untill_x' at flows.f.children[1]", "flows.f.children[1].untill_x", (11, 35, 11, 43),
         {"key": "untill_x", "suggestion": "until_x"}),
        ("unknown key 'whn' at flows.f.children[2].cases[0]", "flows.f.children[2].cases[0].whn",
         (12, 55, 12, 58), {"key": "whn", "suggestion": "when"}),
        ("unknown key 'children' at flows.f.children[2]", "flows.f.children[2].children", (12, 79, 12, 87),
         {"key": "children"}),
        ("unknown key 'secret' at flows.f.children[3]", "flows.f.children[3].secret", (13, 39, 13, 45),
         {"key": "secret"}),
    ]


def test_node_kind_and_order_enums_and_unknown_kind_fields():
    assert messages("""\
    flows:
      f:
        id: f
        kind: sequense
        children: []
        colour: red
        order: random
      g: {id: g, kind: loop, order: random, once: 1}
    """) == [
        "flow f: `kind` must be one of sequence, loop, branch, step, subflow (not 'sequense')",
        "unknown key 'colour' at flows.f",
        "flow g: `order` must be one of fixed, clockwise_from_first, initiative, simultaneous, "
        "deck_order, players_choose (not 'random')",
        "flow g: `once` must be true/false, like `once: true` (not a number)",
    ]


def test_node_values():
    assert messages("""\
    flows:
      f: {id: f, kind: sequence, children: text, window: [w], end_event: 3}
      g: {id: [g], kind: step, do: [1]}
    """) == [
        "flow f: `children` must be a list, like `children: [a, b]` (not text)",
        "flow f: `window` must be text or true/false, like `window: some text` (not a list)",
        "flow f: `end_event` must be text or a list, like `end_event: some text` (not a number)",
        "flow g: `id` must be text or a whole number, like `id: some text` (not a list)",
        "flow g: item 1 of `do` must be text (not a number)",
    ]


def test_trigger_modifier_and_end_fields():
    text = """\
    triggers:
      - {id: t, event: e, timing: later, fi_x: "True", do: []}
    modifiers:
      - {stat: s, change_x: value, layr: 1, duration: forever}
    """
    assert findings(text, head="game: g\nlabel: G\nend:\n  - {id: w, result: won, whox: 0}\nflow: {id: m, kind: sequence}\n") == [
        ("end condition w: `result` must be one of win, loss, draw, score, eliminate, continue (not 'won')",
         "end[0].result", (3, 20, 3, 23), None),
        ("unknown key 'whox' at end[0]", "end[0].whox", (3, 25, 3, 29), {"key": "whox", "suggestion": "who_x"}),
        ("trigger t: `timing` must be one of when, before, instead, after (not 'later')", "triggers[0].timing",
         (6, 30, 6, 35), None),
        ("unknown key 'fi_x' at triggers[0]", "triggers[0].fi_x", (6, 37, 6, 41), {"key": "fi_x", "suggestion": "if_x"}),
        ("unknown key 'layr' at modifiers[0]", "modifiers[0].layr", (8, 31, 8, 35), {"key": "layr", "suggestion": "layer"}),
        ("modifier 1: `duration` must be one of permanent, round, turn, while (not 'forever')", "modifiers[0].duration",
         (8, 50, 8, 57), None),
    ]


def test_open_question_fields():
    assert findings("""\
    open_questions:
      - {question: "Who starts?", status: closed, about: setup, assumption: x}
      - id: q2
        question: "Ties?"
        answr: "none"
    """) == [
        ("missing key 'id' in open question 1", "open_questions[0]", (5, 4, 5, 74), None),
        ("open question 1: `status` must be one of open, assumed, answered (not 'closed')", "open_questions[0].status",
         (5, 38, 5, 44), None),
        ("unknown key 'assumption' at open_questions[0]", "open_questions[0].assumption", (5, 60, 5, 70),
         {"key": "assumption"}),
        ("unknown key 'answr' at open_questions[1]", "open_questions[1].answr", (8, 4, 8, 9),
         {"key": "answr", "suggestion": "answer"}),
    ]


def test_state_priority_board_and_top_level_values():
    assert messages("""\
    num_players: 2.5
    mode: coop
    boards:
      b: {kind: square, width: 0, height: 2000, neighbours: 6, diagonal: true}
    state:
      zones: {deck: {owner: table, visibility: secret, shuffled: "yes"}}
      vars: {x: {scope: team, persist: forever, type: integer}}
      derived: {d: [1], e: {text: t, x: "1", note: n}}
      entity: {}
    priority:
      protocol: {closes: never, resolution: stack, after_action: first}
      windows: {w: {allows: [fast], speed: fast}}
    """) == [
        "`num_players` must be a whole number, like `num_players: 3` (not 2.5)",
        "`mode` must be one of competitive, cooperative (not 'coop')",
        "board b: `width` must be at least 1 (not 0)",
        "board b: `height` must be at most 1000 (not 2000)",
        "board b: `neighbours` must be one of 4, 8 (not 6)",
        "unknown key 'diagonal' at boards.b",
        "zone deck: `owner` must be one of global, player, team, entity (not 'table')",
        "zone deck: `visibility` must be one of public, owner, hidden (not 'secret')",
        "zone deck: `shuffled` must be true/false, like `shuffled: true` (not text)",
        "variable x: `persist` must be one of campaign (not 'forever')",
        "variable x: `type` must be one of int, real, bool, enum, ref, set, list, dict, str (not 'integer')",
        "state, derived: `d` must be text, a number, true/false or a mapping, like `d: some text` (not a list)",
        "unknown key 'note' at state.derived.e",
        "unknown key 'entity' at state",
        "priority, protocol: `closes` must be one of all_pass_in_succession, single_pass_each (not 'never')",
        "priority, protocol: `resolution` must be one of immediate, nested, lifo_stack (not 'stack')",
        "priority, protocol: `after_action` must be one of next, same (not 'first')",
        "unknown key 'speed' at priority.windows.w",
    ]


def test_missing_required_top_level_keys_are_reported_at_the_first_key():
    assert findings("flow: {id: m, kind: sequence}\nlabl: x\n", head="") == [
        ("missing key 'actions' at the top level", "", (0, 0, 0, 4), None),
        ("missing key 'end' at the top level", "", (0, 0, 0, 4), None),
        ("missing key 'game' at the top level", "", (0, 0, 0, 4), None),
        ("missing key 'label' at the top level", "", (0, 0, 0, 4), None),
        ("unknown key 'labl' at the top level", "labl", (1, 0, 1, 4), {"key": "labl", "suggestion": "label"}),
    ]


def test_wrong_types_at_the_value():
    assert findings("actions: [a]\nconstants: 3\n") == [
        ("`actions` must be a mapping, like `actions: {name: value}` (not a list)", "actions", (4, 9, 4, 12), None),
        ("`constants` must be a mapping, like `constants: {name: value}` (not a number)", "constants", (5, 11, 5, 12), None),
    ]


def test_content_and_constants_are_free():
    assert findings("""\
    constants: {anything: {op: nonsense}, LIST: [1, {kind: x}]}
    content:
      cards:
        bolt: {id: bolt, effect: [{op: add, amont: 1}], triggers: [{timing: never}], whatever: 1}
      odd: [1, null, {x: y}]
    """) == []
    assert findings("content: 3\n") == []


def test_merge_keys_are_not_unknown_and_a_merged_typo_is_reported_once_where_it_is_written():
    assert findings("""\
    actions:
      a: &base
        pre_x: "True"
        efect: []
      b:
        <<: *base
        label: B
      c: {<<: [*base], note: n}
    """) == [
        ("unknown key 'efect' at actions.a", "actions.a.efect", (7, 4, 7, 9), {"key": "efect", "suggestion": "effect"}),
    ]


def test_documents_that_are_not_models_never_raise():
    assert findings("- 1\n- 2\n", head="") == [("the model must be a mapping (not a list)", "", (0, 0, 2, 0), None)]
    assert messages("", head="") == ["the model must be a mapping (not null)"]
    assert messages("just text\n", head="") == ["the model must be a mapping (not text)"]
    nulls = "game:\nlabel:\nflow:\nactions:\nend:\nstate: {zones: null, vars: {a: null}, derived: {d: null}}\n" \
            "triggers: [null, 1]\nflows: {a: null}\nopen_questions: [null]\nboards: {b: null}\n"
    assert messages(nulls, head="") == [
        "`game` must be text, like `game: some text` (not null)",
        "`label` must be text, like `label: some text` (not null)",
        "`flow` must be a mapping, like `flow: {name: value}` (not null)",
        "`actions` must be a mapping, like `actions: {name: value}` (not null)",
        "`end` must be a list, like `end: [a, b]` (not null)",
        "state: `zones` must be a mapping, like `zones: {name: value}` (not null)",
        "state, vars: `a` must be a mapping, like `a: {name: value}` (not null)",
        "state, derived: `d` must be text, a number, true/false or a mapping, like `d: some text` (not null)",
        "item 1 of `triggers` must be a mapping (not null)",
        "item 2 of `triggers` must be a mapping (not a number)",
        "flows: `a` must be a mapping, like `a: {name: value}` (not null)",
        "item 1 of `open_questions` must be a mapping (not null)",
        "boards: `b` must be a mapping, like `b: {name: value}` (not null)",
    ]


def test_deep_nesting_is_checked_to_the_bottom():
    text = "actions:\n  a:\n    effect:\n"
    indent = "      "
    for _ in range(40):
        text += f"{indent}- op: if\n{indent}  cond_x: x\n{indent}  then:\n"
        indent += "    "
    text += f"{indent}- {{op: set, var: x, valu: 1}}\n"
    result = findings(text)
    assert len(result) == 1 and result[0][0].startswith("unknown key 'valu' at actions.a.effect[0].then[0].then[0]")


def test_nesting_deeper_than_the_python_stack_does_not_raise():
    depth = 97  # the loader allows 200 levels; each op inside `then` takes two
    text = "actions:\n  a:\n    effect:\n      " + "[{op: if, cond_x: x, then: " * depth + "[]" + "}]" * depth + "\n"
    assert isinstance(findings(text), list)


def test_non_objects_get_one_type_finding_not_one_per_op_or_kind():
    assert messages("""\
    actions: {a: {effect: [5, {op: 3}]}}
    flows: {f: {id: f, kind: sequence, children: [3, {kind: [x]}]}}
    """) == [
        "action a: item 1 of `effect` must be a mapping (not a number)",
        "action a's effect, op 2: `op` must be one of set, add, let, place, create, move, destroy, draw, shuffle, look, "
        "search, reveal, roll, choose, if, for_each, repeat, emit, sample, exec, run, window, cancel, modify, "
        "reset, call, say (not 3)",
        "flow f: item 1 of `children` must be a mapping (not a number)",
        "flow f's child 2: `kind` must be one of sequence, loop, branch, step, subflow (not a list)",
    ]
