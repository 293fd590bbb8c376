"""A flow node with a priority window runs on the compiled path (``game/compile_windows.py``) and
plays the games the frames play: turns, passes, the stack, an end inside the window, and errors."""

from collections import Counter

import pytest

from tabletwin import load_model
from tabletwin.game.compile_flow import compile_node
from tabletwin.simulate.runner import play_game

DUEL = """
game: duel
num_players: 2
state:
  vars:
    hp: {scope: player, init: 2}
    bolts: {scope: player, init: 2}
    counters: {scope: player, init: 1}
    rounds: {init: 0}
priority:
  protocol: {first_x: "rounds % 2", resolution: RESOLUTION, closes: CLOSES, after_action: AFTER}
  windows: {fight: {allows: [fast]}}
flow:
  id: game
  kind: loop
  until_x: "rounds >= 3"
  children:
    - {id: tick, kind: step, do: tick, window: WINDOW}
actions:
  tick:
    effect: [{op: add, var: rounds, amount: 1}]
  bolt:
    speed: fast
    pre_x: "bolts[actor] > 0"
    cost: [{op: add, var: "bolts[actor]", amount: -1}]
    effect: [{op: add, var: "hp[TARGET]", amount: -1}]
  counter:
    speed: fast
    pre_x: "counters[actor] > 0 and any(s['actor'] != actor and not s['cancelled'] for s in stack)"
    cost:
      - {op: add, var: "counters[actor]", amount: -1}
      - {op: let, bind: target, value_x: "max(i for i, s in enumerate(stack) if s['actor'] != actor and not s['cancelled'])"}
    effect: [{op: cancel, target_x: target}]
end:
  - {id: down, if_x: "hp[0] <= 0 or hp[1] <= 0", result: score, returns_x: "[hp[p] - hp[1 - p] for p in players]"}
"""

LIFO = dict(RESOLUTION="lifo_stack", CLOSES="all_pass_in_succession", AFTER="next", WINDOW="fight", TARGET="1 - actor")
VARIANTS = {
    "lifo": LIFO,
    "immediate, single pass, same player": {**LIFO, "RESOLUTION": "immediate", "CLOSES": "single_pass_each",
                                            "AFTER": "same"},
    "window not declared": {**LIFO, "WINDOW": "brawl"},
    "effect fails": {**LIFO, "TARGET": "actor + 2"},
}

OUTCOMES = {  # (error, payoffs, reason): games of 30 seeds each with random and first players
    "lifo": {(None, (0, 0), "flow finished without an end condition"): 17, (None, (2, -2), "down"): 4,
             (None, (1, -1), "down"): 32, (None, (-2, 2), "down"): 3, (None, (-1, 1), "down"): 4},
    "immediate, single pass, same player": {
        (None, (-2, 2), "down"): 43, (None, (0, 0), "flow finished without an end condition"): 2,
        (None, (2, -2), "down"): 9, (None, (1, -1), "down"): 3, (None, (-1, 1), "down"): 3},
    "window not declared": {("NotExecutable: flow tick: window 'brawl' is not in priority.windows", None, None): 60},
    "effect fails": {("ExprError: action bolt: hp[actor + 2]: index 2 is out of range", None, None): 48,
                     ("ExprError: action bolt: hp[actor + 2]: index 3 is out of range", None, None): 11,
                     (None, (0, 0), "flow finished without an end condition"): 1},
}


def _model(**fields):
    text = DUEL
    for name, value in fields.items():
        text = text.replace(name, value)
    return load_model(text)


@pytest.mark.parametrize("variant", VARIANTS)
def test_window_games_are_those_of_the_frames(variant):
    model = _model(**VARIANTS[variant])
    outcomes = Counter()
    for specs in (["random"], ["first"]):
        for seed in range(30):
            compiled = play_game(model, specs, seed, interpret=False)
            assert compiled == play_game(model, specs, seed, interpret=True), (variant, specs, seed)
            outcomes[(compiled.error, tuple(compiled.payoffs) if compiled.payoffs else None, compiled.reason)] += 1
    assert dict(outcomes) == OUTCOMES[variant]


def test_a_window_node_is_compiled():
    model = _model(**LIFO)
    tick = model.flow.children[0]
    assert compile_node(model, tick).__qualname__ == "_with_window.<locals>.run"
