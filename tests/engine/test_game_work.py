"""One work budget per game, across expressions and ops (tabletwin.game.work).

Most tests lower the budget so that a runaway game stops in milliseconds; the hostile tests
(tests/hostile/test_game_bounds.py) run the real one through the command line.
"""

from pathlib import Path

import pytest

from tabletwin import Game, load_model
from tabletwin.game import work
from tabletwin.game.stored import CONTAINER_COST
from tabletwin.game.work import GAME_WORK_LIMIT, INSTANCE_COST, MODIFIER_COST, OP_COST, GameTooLong
from tabletwin.model.code import EVALUATION_COST
from tabletwin.play import play as play_game
from tabletwin.simulate import run_games
from tabletwin.validate import validate

from .scripting import fails, model_of, play, stopped

ROOT = Path(__file__).resolve().parents[2]
SMALL = 200_000


@pytest.fixture
def small_budget(monkeypatch):
    monkeypatch.setattr(work, "GAME_WORK_LIMIT", SMALL)


TOO_LONG = f"game runs too long (more than {SMALL} steps of work)"

NESTED_REPEATS = """
    state: {vars: {i: {init: 0}, j: {init: 0}}}
    actions:
      a:
        effect:
          - op: repeat
            until_x: "i >= 9999"
            body:
              - {op: add, var: i, amount: 1}
              - {op: set, var: j, value: 0}
              - op: repeat
                until_x: "j >= 9999"
                body: [{op: add, var: j, amount: 1}]
"""


def test_nested_repeats_stop_at_the_game_bound(small_budget):
    error = stopped(NESTED_REPEATS)
    assert fails(error, "ExprError", f"action a: {TOO_LONG}")
    assert isinstance(error, GameTooLong)
    assert error.path[:4] == ("actions", "a", "effect", 0)


def test_a_trigger_tree_within_the_depth_limit_stops_at_the_game_bound(small_budget):
    error = stopped("""
    state: {vars: {d: {init: 0}}}
    actions:
      a: {effect: [{op: emit, event: boom}]}
    triggers:
      - id: twice
        event: boom
        if_x: "d < 40"
        do:
          - {op: add, var: d, amount: 1}
          - {op: emit, event: boom}
          - {op: emit, event: boom}
          - {op: add, var: d, amount: -1}
    """)
    assert fails(error, "ExprError", f"trigger twice: {TOO_LONG}")
    assert error.path[:2] == ("triggers", 0)


def test_exponential_modifiers_stop_at_the_game_bound_in_the_expression_that_calls_them(small_budget):
    error = stopped("""
    state: {vars: {x: {init: 0}}}
    modifiers:
      - stat: power
        if_x: "k < 19"
        change_x: "modified('power', value, k=k+1) + modified('power', value, k=k+1)"
    actions:
      a: {effect: [{op: set, var: x, value_x: "modified('power', 1, k=0)"}]}
    """)
    assert fails(error, "ExprError", f"actions.a.effect[0].value_x: {TOO_LONG}")
    assert error.path == ("actions", "a", "effect", 0, "value_x")


def test_for_each_over_a_huge_range_stops_at_the_game_bound(small_budget):
    error = stopped("""
    state: {vars: {n: {init: 0}}}
    actions:
      a:
        effect:
          - {op: for_each, items_x: "range(10000)", body: []}
    """)
    assert fails(error, "ExprError", f"action a: {TOO_LONG}")
    assert error.path == ("actions", "a", "effect", 0)


def test_an_expression_may_not_spend_more_than_the_game_has_left(small_budget):
    error = stopped("""
    state: {vars: {n: {init: 0}}}
    actions:
      a: {effect: [{op: set, var: n, value_x: "sum(1 for i in range(300000))"}]}
    """)
    assert fails(error, "ExprError", f"actions.a.effect[0].value_x: {TOO_LONG}")


def test_the_start_of_a_game_spends_the_same_budget(small_budget):
    error = stopped("""
    state: {zones: {z: {init_x: "[{'n': i} for i in range(10000)]"}}}
    actions:
      a: {effect: []}
    """)
    assert fails(error, "ExprError", f"state.zones.z: {TOO_LONG}")
    assert error.path == ("state", "zones", "z")


def test_a_game_below_the_bound_ends_and_the_limit_itself_is_the_bound(monkeypatch):
    spent = play(NESTED_REPEATS.replace("9999", "3")).work
    monkeypatch.setattr(work, "GAME_WORK_LIMIT", spent)
    assert play(NESTED_REPEATS.replace("9999", "3")).work == spent
    monkeypatch.setattr(work, "GAME_WORK_LIMIT", spent - 1)
    assert isinstance(stopped(NESTED_REPEATS.replace("9999", "3")), GameTooLong)


def spent(effect: str, extra: str = "") -> int:
    return play(f"""
    constants: {{L: [1, 2, 3], N: 1, CARD: {{id: c, hp: 2}}}}
    state: {{vars: {{v: {{init: 0}}}}, zones: {{z: {{}}}}}}
    {extra}
    actions:
      a: {{effect: {effect}}}
    """).work


def test_an_op_spends_op_cost():
    assert spent("[{op: set, var: v, value: 1}, {op: set, var: v, value: 2}]") - \
        spent("[{op: set, var: v, value: 1}]") == OP_COST


def test_a_for_each_item_and_a_repeat_pass_spend_op_cost():
    empty = spent("[{op: for_each, items_x: '[]', body: []}]")
    assert spent("[{op: for_each, items_x: '[1, 2]', body: []}]") - empty == 2 * OP_COST
    once = spent("[{op: repeat, until_x: 'v >= 1', body: [{op: add, var: v, amount: 1}]}]")
    twice = spent("[{op: repeat, until_x: 'v >= 2', body: [{op: add, var: v, amount: 1}]}]")
    assert twice - once == OP_COST + OP_COST + EVALUATION_COST  # the pass, its op, one more until_x


def test_storing_a_list_spends_a_step_per_element_and_a_modifier_call_its_cost():
    assert spent("[{op: set, var: v, value_x: L}]") - spent("[{op: set, var: v, value_x: N}]") == \
        CONTAINER_COST + 3
    modifier = "modifiers: [{stat: s, change_x: 'value + 1'}]"
    assert spent("[{op: set, var: v, value_x: \"modified('s', 1)\"}]", modifier) - \
        spent("[{op: set, var: v, value_x: N}]", modifier) == MODIFIER_COST + 1  # + 1 modifier looked at


def test_an_instance_spends_instance_cost():
    one = spent("[{op: create, what_x: CARD, to: z, n: 1}]")
    assert spent("[{op: create, what_x: CARD, to: z, n: 2}]") - one == OP_COST + INSTANCE_COST


EXAMPLES = sorted([*ROOT.glob("examples/*.yaml"), *ROOT.glob("tests/fixtures/**/*.yaml")])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_real_games_stay_far_below_the_bound(path):
    try:
        model = load_model(path.read_text(), filename=str(path))
    except Exception:
        pytest.skip("not a model (a tactic)")
    for seed in range(10):
        record = play_game(model, None, seed, max_requests=5000, keep_game=True)
        if record.game is None:  # a spec fragment that cannot start (an action it does not show)
            assert record.error is not None and record.error.kind == "NotExecutable"
            continue
        # 1/25: expressions are charged by the size of what they touch, so a board game's scans of
        # its cells cost a few hundred thousand steps; the bound is for runaway games.
        assert record.game.work < GAME_WORK_LIMIT / 25, (seed, record.game.work)


RUNAWAY = """
game: runaway
players: 2
state: {vars: {n: {init: 0}}}
flow: {id: s, kind: step, do: a}
actions:
  a: {effect: [{op: for_each, items_x: "range(10000)", body: []}]}
end: [{id: done, if_x: "True", result: draw}]
"""


def test_the_validator_stops_its_test_games_at_the_first_that_runs_too_long(small_budget):
    report = validate(RUNAWAY, games=20)
    games = report.as_json()["test_games"]
    assert (games["games"], games["finished"]) == (1, 0)
    assert games["where"] == [{"message": f"ExprError: action a: {TOO_LONG}", "count": 1,
                               "path": "actions.a.effect[0]", "line": 7, "column": 16}]


def test_a_simulation_ends_with_the_first_game_that_runs_too_long(small_budget):
    results = run_games(RUNAWAY, [["random", "random"]], 5, seed=3)
    assert [(r.seed, r.error, r.too_long) for (r,) in results] == [(3, f"ExprError: action a: {TOO_LONG}", True)]
