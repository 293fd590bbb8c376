"""A game's scope from the per-model plan (game/gamescope.py) is the one ``build_globals`` makes:
the same names in the same order, the same shared values, and everything bound to the game
(charging builtins, own functions, ``modified``, reserved lists, zones, variables, derived
values) bound to this game's scope and state."""

from functools import partial

import pytest

from tabletwin import Game, load_model
from tabletwin.expr import build_globals, derived_provider

from .flowkit import model_of
from .pinned_games import MODELS


def reference_scope(runner):
    state, model = runner.state, runner.model
    return build_globals(variables=state.variables, zones=state.zones, modified=runner.scope["modified"]
                         if runner.scope.get("modified") is not None else None,
                         reserved=state._reserved(), constants=model.constants, boards=model.boards,
                         derived={name: derived_provider(code) for name, code in model.derived.items()},
                         functions={name: fn.bind for name, fn in model.functions.items()})


def assert_like_reference(scope, reference, runner):
    state, model = runner.state, runner.model
    assert list(scope) == list(reference)
    assert sorted(scope.lazy) == sorted(reference.lazy)
    for name, value in reference.items():
        mine = scope[name]
        assert type(mine) is type(value), name
        if isinstance(value, partial) and value.args == (reference,):  # a charging builtin: bound to its scope
            assert mine.func is value.func and mine.args == (scope,) and mine.__name__ == value.__name__
        elif name in state.variables or name in state.zones:
            assert mine is (state.variables[name] if name in state.variables else state.zones[name])
        elif name in ("eliminated", "results"):
            assert mine is getattr(state, name)
        elif name in model.functions:  # an own function, bound to this scope
            assert mine is not value
        else:
            assert mine is value or mine == value, name


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_every_example_gets_the_scope_build_globals_makes(path):
    model = load_model(path)
    Game(model)  # the first game makes the plan
    game = Game(model)
    runner = game._runner
    assert_like_reference(runner.scope, reference_scope(runner), runner)


def test_shadowing_layers_keep_their_owner():
    model = model_of("""
    num_players: 2
    constants: {sum: 5, LIMIT: 3, shown: 1}
    functions:
      double: {params: [x], x: "x * 2"}
    state:
      vars:
        players: {init: 7}
        max: {init: 4}
        count: {init: 0}
      derived:
        shown: "count + LIMIT"
    flow: {id: s, kind: step, actor_x: "0", do: [bump, stop]}
    actions:
      bump: {effect: [{op: add, var: count, amount: 1}]}
      stop: {effect: []}
    end: [{id: done, if_x: "count >= 2", result: draw}]
    """)
    for _ in range(2):
        game = Game(model)
        scope = game._runner.scope
        assert scope["sum"] == 5 and scope["players"] == 7 and scope["max"] == 4
        assert scope["double"](4) == 8
        assert scope["shown"] == 3
        game.answer(0)
        assert scope["shown"] == 4 and scope["count"] == 1
        assert scope["len"]([1, 2]) == 2
        assert scope["sorted"].args == (scope,) and scope["range"].args == (scope,)


def test_a_scope_with_other_layers_than_the_plan_is_built_in_full():
    from tabletwin.game.gamescope import game_scope

    model = load_model(MODELS[0])
    first = Game(model)._runner
    state = first.state
    plain = game_scope(model, variables=state.variables, zones=state.zones, modified=None, reserved=state._reserved())
    assert "modified" not in plain
    fewer = dict(state.variables)
    name = next(iter(fewer))
    del fewer[name]
    scope = game_scope(model, variables=fewer, zones=state.zones, modified=first.scope["modified"],
                       reserved=state._reserved())
    assert name not in scope or scope[name] is not state.variables[name]
    assert list(scope) == list(build_globals(variables=fewer, zones=state.zones, modified=first.scope["modified"],
                                             reserved=state._reserved(), constants=model.constants,
                                             boards=model.boards,
                                             derived={n: derived_provider(c) for n, c in model.derived.items()},
                                             functions={n: fn.bind for n, fn in model.functions.items()}))
