"""The whole-model snippet offered at the top of an empty model: the smallest model that
validates, lints clean and plays, with tab stops for what a new game renames first.

A tab stop used twice (the variable, the action) is mirrored: renaming it once renames every
use. :func:`filled` gives the text with every tab stop at its default (what the tests play).
"""

from __future__ import annotations

import re

SNIPPET = """\
game: ${1:my-game}
label: ${2:My Game}
num_players: ${3:2}
players: "${3:2} players"
summary: ${4:Players take turns; each turn scores a point. The first to GOAL points wins.}

constants:
  GOAL: ${5:5}

state:
  vars:
    ${6:score}: {scope: player, type: int, init: 0, label: Points}
    current: {type: ref, init: 0, note: "Whose turn it is: the turn loop sets it"}

flow:
  id: round
  kind: loop
  over_x: players
  as: current
  order: fixed
  children:
    - {id: turn, kind: step, actor_x: current, do: [${7:score_point}]}

actions:
  ${7:score_point}:
    label: ${8:Score a point}
    effect:
      - {op: add, var: "${6:score}[actor]", amount: 1}

end:
  - {id: reached_goal, if_x: "${6:score}[current] >= GOAL", result: win, who_x: current}
$0"""

_STOP = re.compile(r"\$\{\d+:([^}]*)\}|\$\d+")


def filled(snippet: str = SNIPPET) -> str:
    """The snippet's text with every tab stop at its default (and the final stop removed)."""
    return _STOP.sub(lambda match: match.group(1) or "", snippet)
