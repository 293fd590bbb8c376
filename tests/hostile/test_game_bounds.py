"""Games without decisions that stay within every construct's own limit and still never ended:
they stop at the game's work bound (tabletwin.game.work) in play, validate and simulate."""

import json
import re

import pytest

from tabletwin.game.work import GAME_WORK_LIMIT

from .bounded import run_cli

TOO_LONG = f"game runs too long (more than {GAME_WORK_LIMIT} steps of work)"

HEAD = """game: runaway
players: 1
flow: {id: s, kind: step, do: a}
end: [{id: done, if_x: "True", result: draw}]
"""

# Three repeats inside each other, each ending just below its 10,000 passes: 10^12 passes.
NESTED_REPEATS = HEAD + """state: {vars: {i: {init: 0}, j: {init: 0}, k: {init: 0}}}
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
            body:
              - {op: add, var: j, amount: 1}
              - {op: set, var: k, value: 0}
              - op: repeat
                until_x: "k >= 9999"
                body: [{op: add, var: k, amount: 1}]
"""

# A trigger that emits its own event twice, 40 deep (the chain limit is 50): 2^40 emits.
TRIGGER_TREE = HEAD + """state: {vars: {d: {init: 0}}}
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
"""

# A modifier that calls modified() three times, 19 deep (the nesting limit is 20): 3^19 calls.
MODIFIER_TREE = HEAD + """state: {vars: {x: {init: 0}}}
modifiers:
  - stat: power
    if_x: "k < 19"
    change_x: "modified('power', value, k=k+1) + modified('power', value, k=k+1) + modified('power', value, k=k+1)"
actions:
  a: {effect: [{op: set, var: x, value_x: "modified('power', 1, k=0)"}]}
"""

# for_each over a million values, inside another: 10^12 passes.
HUGE_FOR_EACH = HEAD + """state: {vars: {n: {init: 0}}}
actions:
  a:
    effect:
      - op: for_each
        items_x: "range(1000000)"
        body:
          - op: for_each
            items_x: "range(1000000)"
            body: [{op: add, var: n, amount: 1}]
"""

# (model, message, what the validator's place points at: whichever op of the runaway part spent
# the last step, or the value_x that called modified())
CASES = {
    "nested repeats": (NESTED_REPEATS, f"action a: {TOO_LONG}", ("op:", "{op:")),
    "trigger tree": (TRIGGER_TREE, f"trigger twice: {TOO_LONG}", ("{op:",)),
    "modifier tree": (MODIFIER_TREE, f"actions.a.effect[0].value_x: {TOO_LONG}", ("value_x:",)),
    "huge for_each": (HUGE_FOR_EACH, f"action a: {TOO_LONG}", ("op:", "{op:")),
}


@pytest.mark.parametrize("case", CASES)
def test_play_stops_at_the_bound(case):
    model, message, _ = CASES[case]
    outcome = run_cli(["play", "-"], stdin=model)
    outcome.within_bar()
    assert outcome.status == 1
    stop = re.fullmatch(r"Stopped at -:(\d+):(\d+): ExprError: (.*)", outcome.stdout.splitlines()[-1])
    assert stop[3] == message
    line, column = int(stop[1]), int(stop[2])
    assert model.splitlines()[line - 1][column - 1:].startswith(CASES[case][2])


@pytest.mark.parametrize("case", CASES)
def test_validate_stops_its_test_games_at_the_bound(case):
    model, message, starts = CASES[case]
    outcome = run_cli(["validate", "-"], stdin=model)
    outcome.within_bar()
    assert outcome.status == 0  # a stopped test game is reported, it is not an error of the model
    lines = outcome.stdout.splitlines()
    assert "Test games: 0 of 1 finished, 0.0 requests on average" in lines
    stops = [m for m in map(re.compile(r"  stopped 1x at -:(\d+):(\d+): ExprError: (.*)").fullmatch, lines) if m]
    assert [m[3] for m in stops] == [message]
    line, column = int(stops[0][1]), int(stops[0][2])
    assert model.splitlines()[line - 1][column - 1:].startswith(starts)


@pytest.mark.parametrize("case", CASES)
def test_simulate_ends_the_run_at_the_bound(case):
    model, message, _ = CASES[case]
    outcome = run_cli(["simulate", "-", "--games", "50", "--json"], stdin=model)
    outcome.within_bar()
    assert outcome.status == 1
    report = json.loads(outcome.stdout)
    assert (report["games"], report["finished"], report["errors"]) == (1, 0, {f"ExprError: {message}": 1})


def test_simulate_over_two_processes_ends_the_run_at_the_same_game():
    model, message, _ = CASES["trigger tree"]
    one = run_cli(["simulate", "-", "--games", "50", "--json"], stdin=model)
    two = run_cli(["simulate", "-", "--games", "50", "--jobs", "2", "--json"], stdin=model)
    two.within_bar()
    assert (one.status, two.status) == (1, 1)
    assert one.stdout == two.stdout
