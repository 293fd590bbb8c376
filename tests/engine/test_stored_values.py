"""Every op that stores a value stores a copy (reference §3: constants never change; a variable
holds a value, not a view): only an op on a name changes that name. Instances (§7) are the
exception: they are things, and a name that holds one refers to it."""

from tabletwin import Game
from tabletwin.game.stored import MAX_STORED_DEPTH

from .scripting import ended, fails, model_of, play, stopped


def test_set_from_a_constant_leaves_the_constant_and_the_next_game_alone():
    text = """
    constants: {L: [1, 2, 3]}
    state: {vars: {v: {init: null}, seen: {init: null}}}
    actions:
      a:
        effect:
          - {op: set, var: seen, value_x: "list(L)"}
          - {op: set, var: v, value_x: "L"}
          - {op: set, var: "v[0]", value: 99}
          - {op: add, var: "v[1]", amount: 10}
    """
    model = model_of(text)
    first = Game(model)
    assert ended(first)
    assert first.value("v") == [99, 12, 3]
    assert first.value("L") == [1, 2, 3]
    second = Game(model)
    assert second.value("seen") == [1, 2, 3]
    assert second.value("v") == [99, 12, 3]
    assert model.constants["L"] == [1, 2, 3]


def test_a_variable_initialised_from_a_constant_is_a_copy():
    model = model_of("""
    constants: {L: [[1, 2], [3]]}
    state: {vars: {v: {init_x: "L"}, start: {init_x: "str(L)"}}}
    actions:
      a: {effect: [{op: set, var: "v[0]", value: [7]}, {op: add, var: "v[1]", amount_x: "[4]"}]}
    """)
    first = Game(model)
    assert ended(first)
    assert first.value("v") == [[7], [3, 4]]
    assert first.value("L") == [[1, 2], [3]]
    second = Game(model)
    assert second.value("start") == "[[1, 2], [3]]"
    assert second.value("v") == [[7], [3, 4]]


def test_a_variable_initialised_from_the_variable_above_is_a_copy():
    game = play("""
    state: {vars: {a: {init: [1, 2]}, b: {init_x: "a"}}}
    actions:
      a: {effect: [{op: set, var: "b[0]", value: 5}]}
    """)
    assert (game.value("a"), game.value("b")) == ([1, 2], [5, 2])


def test_a_literal_init_is_fresh_in_every_game():
    model = model_of("""
    state: {vars: {v: {init: {hp: 3, tags: [x]}}}}
    actions:
      a: {effect: [{op: set, var: "v['hp']", value: 0}, {op: add, var: "v['tags']", amount_x: "['y']"}]}
    """)
    Game(model)
    game = Game(model)
    assert game.value("v") == {"hp": 0, "tags": ["x", "y"]}
    assert model.variables["v"].init == {"hp": 3, "tags": ["x"]}


def test_every_player_gets_a_copy_of_a_per_player_init():
    game = play("""
    num_players: 2
    state: {vars: {p: {scope: player, init: {hp: 3}}}}
    actions:
      a: {effect: [{op: set, of_x: "p[0]", attr: hp, value: 1}]}
    """)
    assert game.value("p") == [{"hp": 1}, {"hp": 3}]


def test_set_from_another_variable_is_a_copy():
    game = play("""
    state: {vars: {v: {init: [1, 2]}, w: {init: null}}}
    actions:
      a:
        effect:
          - {op: set, var: w, value_x: "v"}
          - {op: set, var: "w[0]", value: 9}
          - {op: set, var: "v[1]", value: 8}
    """)
    assert (game.value("v"), game.value("w")) == ([1, 8], [9, 2])


def test_set_from_a_zone_is_a_copy_in_both_directions():
    game = play("""
    state:
      vars: {z: {init: null}}
      zones: {pile: {init_x: "['a', 'b']"}}
    actions:
      a:
        effect:
          - {op: set, var: z, value_x: "pile"}
          - {op: set, var: "z[0]", value: changed}
          - {op: place, what_x: "'c'", to: pile, position: bottom}
    """)
    assert game.value("z") == ["changed", "b"]
    assert game.value("pile") == ["a", "b", "c"]


def test_add_stores_a_copy():
    game = play("""
    constants: {L: [1, 2]}
    state: {vars: {xs: {init: []}, d: {init: {k: []}}}}
    actions:
      a:
        effect:
          - {op: add, var: xs, amount_x: "L"}
          - {op: set, var: "xs[0]", value: 5}
          - {op: add, var: "d['k']", amount_x: "L"}
          - {op: set, var: "xs[1]", value: 6}
    """)
    assert game.value("xs") == [5, 6]
    assert game.value("d") == {"k": [1, 2]}
    assert game.value("L") == [1, 2]


def test_an_element_set_from_a_variable_is_a_copy():
    game = play("""
    state: {vars: {v: {init: [1, 2]}, box: {init: {}}}}
    actions:
      a:
        effect:
          - {op: set, var: "box['v']", value_x: "v"}
          - {op: set, var: "v[0]", value: 0}
    """)
    assert game.value("box") == {"v": [1, 2]}


def test_snapshots_of_eliminated_results_and_players_do_not_follow_the_game():
    game = play("""
    num_players: 3
    state: {vars: {t: {init: 0}, out: {init: null}, res: {init: null}, who: {init: null}}}
    flows:
      sub: {id: sub_step, kind: step, actor_x: "0", do: win_sub}
    flow:
      id: f
      kind: sequence
      children:
        - {id: s1, kind: step, actor_x: "0", do: snap}
        - {id: s2, kind: step, actor_x: "0", do: later}
    actions:
      snap:
        effect:
          - {op: set, var: out, value_x: "eliminated"}
          - {op: set, var: res, value_x: "results"}
          - {op: set, var: who, value_x: "players"}
          - {op: set, var: "who[0]", value: 7}
          - {op: add, var: t, amount: 1}
      later: {effect: [{op: run, flow: sub}, {op: add, var: t, amount: 1}]}
      win_sub: {effect: [{op: set, var: t, value: 5}]}
    end:
      - {id: subwin, scope: sub, if_x: "t == 5", result: win}
      - {id: gone, if_x: "t >= 1", result: eliminate, who_x: "2"}
      - {id: done, if_x: "t >= 6", result: draw}
    """, defaults=False)
    assert ended(game)
    assert game.value("eliminated") == [2]
    assert game.value("results") == {"sub": "win"}
    assert (game.value("out"), game.value("res"), game.value("who")) == ([], {}, [7, 1, 2])
    assert game.value("players") == [0, 1, 2]


def test_attr_set_stores_a_copy():
    game = play("""
    state:
      vars: {v: {init: [1, 2]}, seen: {init: null}}
      zones: {army: {init_x: "[{'id': 'u'}]"}}
    actions:
      a:
        effect:
          - {op: set, of_x: "army[0]", attr: tags, value_x: "v"}
          - {op: set, of_x: "army[0]", attr: more, value: [5]}
          - {op: add, of_x: "army[0]", attr: more, amount_x: "v"}
          - {op: set, var: "v[0]", value: 0}
          - {op: set, var: seen, value_x: "[army[0]['tags'], army[0]['more']]"}
    """)
    assert game.value("seen") == [[1, 2], [5, 1, 2]]


def test_place_stores_a_copy_also_with_at():
    game = play("""
    state:
      vars: {v: {init: [1, 2]}}
      zones: {z: {init_x: "['old']"}}
    actions:
      a:
        effect:
          - {op: place, what_x: v, to: z}
          - {op: place, what_x: v, to: z, at: 0}
          - {op: set, var: "v[0]", value: 0}
    """)
    assert game.value("z") == [[1, 2], [1, 2]]
    assert game.value("v") == [0, 2]


def test_create_copies_what_and_with_x_and_makes_separate_instances():
    game = play("""
    state:
      vars: {v: {init: [1, 2]}, d: {init: {hp: 3}}}
      zones: {z: {}, s: {}}
    actions:
      a:
        effect:
          - {op: create, what_x: "{'hand': v}", with_x: "{'extra': v}", to: z, n: 2}
          - {op: create, what_x: d, to: z}
          - {op: create, what_x: v, to: s}
          - {op: set, var: "v[0]", value: 0}
          - {op: set, var: "d['hp']", value: 0}
          - {op: add, of_x: "z[0]", attr: hand, amount_x: "[9]"}
    """)
    zone = game.value("z")
    assert zone[0] == {"hand": [1, 2, 9], "extra": [1, 2], "uid": 1}
    assert zone[1] == {"hand": [1, 2], "extra": [1, 2], "uid": 2}
    assert zone[2] == {"hp": 3, "uid": 3}
    assert game.value("s") == [[1, 2]]


def test_a_zone_initialised_from_a_variable_is_a_copy():
    game = play("""
    state:
      vars: {v: {init: [[1], [2]]}}
      zones: {z: {init_x: "v"}}
    actions:
      a: {effect: [{op: set, var: "v[0]", value: 0}]}
    """)
    assert game.value("z") == [[1], [2]]


def test_the_variable_of_a_loop_over_values_is_a_copy():
    game = play("""
    constants: {ROWS: [[1, 2], [3, 4]]}
    state: {vars: {row: {init: null}, t: {init: 0}}}
    flow:
      id: rows
      kind: loop
      once: true
      over_x: "ROWS"
      as: row
      children: [{id: s, kind: step, actor_x: "0", do: a}]
    actions:
      a: {effect: [{op: set, var: "row[0]", value: 0}, {op: add, var: t, amount: 1}]}
    """)
    assert game.value("ROWS") == [[1, 2], [3, 4]]
    assert game.value("row") == [0, 2]  # the game ends after the first step


def test_a_temporary_modifier_keeps_the_values_of_its_names_as_they_were():
    game = play("""
    state: {vars: {v: {init: [1]}, out: {init: null}}}
    actions:
      a:
        effect:
          - {op: let, bind: xs, value_x: "v"}
          - {op: modify, stat: s, change_x: "value + xs[0]"}
          - {op: set, var: "v[0]", value: 100}
          - {op: set, var: out, value_x: "[modified('s', 0), xs[0]]"}
    """)
    # the local name itself still names v's list (a let is not a store); the modifier's copy does not
    assert game.value("out") == [1, 100]


def test_a_campaign_reset_copies_the_kept_values_it_starts_from():
    game = play("""
    state:
      vars:
        a: {init: [1, 2], persist: campaign}
        b: {init_x: "a"}
        snap: {init: null, persist: campaign}
        done: {init: false, persist: campaign}
    actions:
      a:
        effect:
          - {op: set, var: snap, value_x: "eliminated"}
          - {op: reset}
          - {op: set, var: "b[0]", value: 0}
          - {op: set, var: done, value: true}
    end: [{id: done, if_x: "done", result: draw}]
    """)
    assert (game.value("a"), game.value("b"), game.value("snap")) == ([1, 2], [0, 2], [])


def test_a_literal_dict_in_an_op_is_fresh_each_time():
    model = model_of("""
    state: {vars: {before: {init: null}}}
    actions:
      a:
        effect:
          - {op: let, bind: d, value: {hp: 1}}
          - {op: set, var: before, value_x: "d['hp']"}
          - {op: set, of_x: d, attr: hp, value: 5}
    """)
    Game(model)
    assert Game(model).value("before") == 1


def test_instances_are_held_by_reference():
    game = play("""
    state:
      vars: {u: {init: null}, both: {init: null}}
      zones: {army: {init_x: "[{'id': 'knight', 'hp': 3}]"}}
    actions:
      a:
        effect:
          - {op: set, var: u, value_x: "army[0]"}
          - {op: add, of_x: u, attr: hp, amount: 1}
          - {op: set, var: both, value_x: "[army[0], army[0]]"}
          - {op: add, of_x: "both[1]", attr: hp, amount: 1}
    """)
    assert game.value("army") == [{"id": "knight", "hp": 5, "uid": 1}]
    assert game.value("u") is game.value("army")[0]


def test_values_nested_too_deeply_are_not_stored():
    error = stopped("""
    state: {vars: {x: {init: 0}, n: {init: 0}}}
    actions:
      a:
        effect:
          - op: repeat
            until_x: "n > 200"
            body: [{op: set, var: x, value_x: "[x]"}, {op: add, var: n, amount: 1}]
    """)
    assert fails(error, "ExprError",
                 f"action a: value nested too deeply to store (more than {MAX_STORED_DEPTH} levels)")
    assert error.path == ("actions", "a", "effect", 0, "body", 0)


def test_two_games_in_a_row_are_the_same_game():
    model = model_of("""
    constants: {BOARD: [[0, 0], [0, 0]]}
    state: {vars: {board: {init_x: "BOARD"}, row: {init: null}, n: {init: 0}}}
    actions:
      a:
        effect:
          - {op: set, var: row, value_x: "board[0]"}
          - {op: set, var: "row[1]", value_x: "len(str(BOARD))"}
          - {op: set, var: "board[0]", value_x: "row"}
          - {op: add, var: n, amount_x: "sum(BOARD[0]) + sum(BOARD[1])"}
    """)
    games = [Game(model) for _ in range(3)]
    assert [g.value("board") for g in games] == [[[0, 16], [0, 0]]] * 3
    assert [g.value("n") for g in games] == [0, 0, 0]
    assert games[0].events == games[2].events
