"""Running the command line in-process, and the models the tests play."""

import io
import json
import sys

from tabletwin.cli.main import main

from ..conftest import ROOT

TIC_TAC_TOE = str(ROOT / "examples" / "tic_tac_toe.yaml")
KUHN = str(ROOT / "examples" / "kuhn_poker.yaml")
SPELL_DUEL = str(ROOT / "examples" / "spell_duel.yaml")
RACE = str(ROOT / "tests" / "fixtures" / "cheatsheet" / "race.yaml")

BROKEN = ("flow: {id: t, kind: step, do: a}\nactions: {a: {effect: [{op: call, code: f}]}}\n"
          "code: {f: {ref: 'm:f'}}\nend: []\n")
"""Every game stops with NotExecutable at its first action."""

ENDLESS = """\
game: endless
num_players: 2
state:
  vars:
    pos: {scope: player, init: 0}
    current: {init: 0}
flow:
  id: game
  kind: loop
  over_x: players
  as: current
  children: [{id: turn, kind: step, actor_x: current, do: [walk, wait]}]
actions:
  walk: {effect: [{op: add, var: "pos[actor]", amount: 1}]}
  wait: {effect: [{op: add, var: "pos[actor]", amount: 0}]}
end:
  - {id: never, if_x: "pos[current] < 0", result: win, who_x: current}
"""
"""A game that never ends: every game is cut at the request limit."""


def run(argv, capsys, stdin_text=""):
    sys.stdin = io.StringIO(stdin_text)
    try:
        status = main(argv)
    finally:
        sys.stdin = sys.__stdin__
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(argv, capsys):
    status, out, err = run(argv + ["--json"], capsys)
    return status, json.loads(out), err
