"""Code.evaluator(): the compiled code with the outermost evaluation's bookkeeping inlined.

It must do exactly what calling the Code does: the same value, the same work spent from a game's
budget (or a fresh budget outside one), the same errors with the same model path, the strict
rerun after a TypeError, and a syntax error only when reached.
"""

import pytest

from tabletwin.errors import ExprError
from tabletwin.expr import build_globals
from tabletwin.expr.budget import MAX_ELEMENTS, WORK_LIMIT
from tabletwin.model.code import EVALUATION_COST, Code


def both(text, local_names=frozenset({"actor"})):
    """The same expression as a called Code and as its evaluator (two Codes: no shared cache)."""
    return Code(text, ("actions", "a", "x"), local_names), Code(text, ("actions", "a", "x"), local_names).evaluator()


def outcome(function, names, scope):
    try:
        return "value", function(names, scope), scope.steps, scope.room, scope.frame is names
    except ExprError as error:
        return "error", error.message, error.path, scope.steps


def scope_of(in_game: bool, steps: int = 10_000):
    scope = build_globals(variables={"score": [3, 12], "GOAL": 10, "hand": [[1, 2], ["a", 2]], "n": 5})
    scope.in_game = in_game
    scope.steps = steps
    return scope


@pytest.mark.parametrize("in_game", [True, False])
@pytest.mark.parametrize("text, names", [
    ("score[actor] >= GOAL", {"actor": 1}),
    ("[c * 2 for c in hand[actor]]", {"actor": 0}),
    ("sum(hand[actor])", {"actor": 1}),  # a TypeError: the strict rerun names it
    ("missing + 1", {"actor": 0}),
    ("score[actor]", {}),  # a declared local name that is not bound
    ("[i for i in range(n) if i != actor]", {"actor": 2}),
    ("1 / (actor - 1)", {"actor": 1}),
])
def test_an_evaluator_gives_spends_and_fails_as_the_call(text, names, in_game):
    call, evaluator = both(text)
    assert evaluator is not call
    assert outcome(evaluator, dict(names), scope_of(in_game)) == outcome(call, dict(names), scope_of(in_game))


def test_an_evaluator_spends_the_evaluation_cost_and_fails_past_the_games_budget():
    call, evaluator = both("GOAL")
    scope = scope_of(True, EVALUATION_COST)
    assert evaluator({}, scope) == 10 and scope.steps == 0 and scope.room == MAX_ELEMENTS
    first = outcome(evaluator, {}, scope_of(True, EVALUATION_COST - 1))
    assert first == outcome(call, {}, scope_of(True, EVALUATION_COST - 1))
    assert first[0] == "error" and first[2] == ("actions", "a", "x")
    outside = scope_of(False, 3)
    assert evaluator({}, outside) == 10 and outside.steps == WORK_LIMIT


def test_a_code_that_does_not_compile_is_its_own_evaluator_and_fails_when_called():
    code = Code("1 +", ("actions", "a", "x"))
    assert code.evaluator() is code
    with pytest.raises(ExprError) as info:
        code.evaluator()({}, scope_of(True))
    assert info.value.path == ("actions", "a", "x")


def test_a_code_pickles_as_its_text_path_and_names_even_once_compiled_and_used():
    import pickle

    from tabletwin.expr import ReadAtUse

    code = Code("score[actor] >= GOAL", ("actions", "a", "x"), ReadAtUse({"actor"}))
    assert code.evaluator()({"actor": 1}, scope_of(True)) is True
    copy = pickle.loads(pickle.dumps(code))
    assert (copy.text, copy.path, copy.local_names) == (code.text, code.path, code.local_names)
    assert copy.local_names.__class__ is ReadAtUse
    assert copy.evaluator()({"actor": 0}, scope_of(True)) is False
