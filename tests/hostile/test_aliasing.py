"""A model whose ops change nested lists it got from constants, zones, other variables and the
engine's own lists. Had a stored value been a view, each game would start from what the game
before it left behind: simulate would give other numbers in one process than in two."""

import json

from .bounded import run_cli

MUTATOR = """game: mutator
players: 2
constants: {BOARD: [[0, 0], [0, 0]], HP: [3, 3]}
state:
  vars:
    board: {init_x: "BOARD"}
    hp: {init_x: "HP"}
    limits: {init_x: "{'hp': HP}"}
    row: {init: null}
    snap: {init: null}
    copied: {init: null}
  zones:
    pile: {init_x: "[[1], [2]]"}
flow:
  id: turns
  kind: loop
  until_x: "board[0][0] >= 3"
  children: [{id: t, kind: step, actor_x: "0", do: [hit, miss]}]
actions:
  hit:
    effect:
      - {op: set, var: row, value_x: "board[0]"}
      - {op: set, var: "row[0]", value_x: "row[0] + 1 + sum(BOARD[0])"}
      - {op: set, var: "board[0]", value_x: "row"}
      - {op: set, var: copied, value_x: "pile"}
      - {op: set, var: "copied[0]", value_x: "len(pile[0]) + sum(HP)"}
      - {op: set, var: "hp[0]", value_x: "hp[0] + len(copied)"}
      - {op: add, var: "limits['hp']", amount_x: "[len(pile)]"}
      - {op: place, what_x: "limits['hp']", to: pile}
      - {op: set, var: snap, value_x: "eliminated"}
  miss:
    effect:
      - {op: set, var: "board[1]", value_x: "BOARD[1] + [len(str(BOARD))]"}
end:
  - {id: done, if_x: "board[0][0] >= 3", result: score, returns_x: "[len(pile) + len(str(BOARD)), sum(HP)]"}
"""


def test_games_in_one_process_and_in_two_are_the_same_games():
    one = run_cli(["simulate", "-", "--games", "12", "--json"], stdin=MUTATOR)
    two = run_cli(["simulate", "-", "--games", "12", "--jobs", "2", "--json"], stdin=MUTATOR)
    one.within_bar()
    two.within_bar()
    assert (one.status, two.status) == (0, 0)
    assert one.stdout == two.stdout
    report = json.loads(one.stdout)
    # Every game starts from the constants as written: three hits end it with 2 + 3 cards in the
    # pile, 'str(BOARD)' is 16 characters and the values of HP add up to 6.
    assert (report["finished"], report["reasons"]) == (12, {"done": 12})
    assert [seat["mean_payoff"] for seat in report["seats"]] == [21, 6]


def test_the_same_seed_twice_in_a_row_in_one_process_is_the_same_game():
    outcome = run_cli(["compare", "-", "--a", "random,random", "--b", "random,random", "--games", "6", "--json"],
                      stdin=MUTATOR)
    outcome.within_bar()
    assert outcome.status == 0
    report = json.loads(outcome.stdout)
    assert report["games"] == 6
    assert (report["a"]["mean_payoff"], report["b"]["mean_payoff"], report["diff"]) == (21, 21, 0)
