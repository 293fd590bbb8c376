"""A test game that stops where the engine knows only a model path: the message names the place in words."""

from tabletwin.game.work import GAME_WORK_LIMIT
from tabletwin.model import load_model
from tabletwin.validate import validate
from tabletwin_lsp.analysis import analyse, stop_findings

# 25 million loop steps: the game's work budget runs out inside the expression, where the
# engine has no op to name, only the field's path.
MODEL = """\
game: greedy
num_players: 1
state:
  vars:
    n: {init: 0}
flow: {id: turn, kind: step, do: grow}
actions:
  grow:
    effect:
      - {op: set, var: n, value_x: "sum(1 for i in range(5000) for j in range(5000))"}
end:
  - {id: done, if_x: "True", result: draw}
"""


def test_a_stop_inside_an_expression_names_its_place_in_words():
    report = validate(load_model(MODEL), games=1)
    analysis = analyse("file:///greedy.yaml", MODEL)
    (finding,) = stop_findings(analysis, report.test_games)
    assert finding.message == (f"ExprError: action grow's effect, op 1, value_x: game runs too long (more than "
                               f"{GAME_WORK_LIMIT} steps of work) (stopped 1 of 1 test game)")
    assert finding.path == "actions.grow.effect[0].value_x"
