"""Names: the lookup order of expressions.md §6, derived values on use, declared local names."""

import pytest

from tabletwin.expr import EvalError, FunctionDef, build_globals, compile_expression, derived_provider


def value(source, scope, local_names=None, declared=None):
    return compile_expression(source, declared).evaluate(local_names or {}, scope)


def test_lookup_order_locals_variables_zones_then_globals():
    scope = build_globals(
        variables={"x": "variable", "max": "variable max"},
        zones={"x": "zone", "deck": ["zone deck"]},
        reserved={"players": [0, 1], "content": {"a": 1}},
        constants={"deck": "constant", "players": "constant players", "GOAL": 3},
        boards={"cell": lambda board, x, y: "board cell"},
        modified=lambda stat, base, **context: base + 1,
    )
    assert value("x", scope) == "variable"
    assert value("x", scope, {"x": "local"}) == "local"
    assert value("deck", scope) == ["zone deck"]
    assert value("players", scope) == [0, 1]
    assert value("max", scope) == "variable max"
    assert value("min([3, 1])", scope) == 1
    assert value("GOAL", scope) == 3
    assert value("modified('attack', 2)", scope) == 3
    assert value("cell('b', 0, 0)", scope) == "board cell"
    assert value("cell", scope, {"cell": "local cell"}) == "local cell"


def test_own_functions_come_before_board_functions_and_builtins():

    own = FunctionDef.compile("cell", ["a"], {}, "'own ' + a")
    scope = build_globals(functions={"cell": own.bind}, boards={"cell": lambda *a: "board"})
    assert value("cell('x')", scope) == "own x"


def test_derived_values_are_computed_when_used():
    calls = []
    total = compile_expression("sum(score)")

    def provider(scope):
        calls.append(1)
        return derived_provider(total)(scope)

    score = [1, 2]
    scope = build_globals(variables={"score": score}, derived={"total": provider})
    assert value("False and total", scope) is False
    assert calls == []
    assert value("total", scope) == 3
    score.append(10)
    assert value("total + 0", scope) == 13
    assert len(calls) == 2


def test_a_derived_value_hides_lower_names_and_is_hidden_by_variables():
    scope = build_globals(
        variables={"shadowed": "variable"},
        derived={"len": derived_provider(compile_expression("'derived'")),
                 "shadowed": derived_provider(compile_expression("'derived'"))},
    )
    assert value("len", scope) == "derived"
    assert value("shadowed", scope) == "variable"


def test_derived_values_see_the_local_names_of_the_expression_using_them():
    scope = build_globals(derived={"mine": derived_provider(compile_expression("hand[actor]"))},
                          variables={"hand": [["a"], ["b"]]})
    assert value("mine", scope, {"actor": 1}) == ["b"]


def test_unknown_name_is_a_name_error():
    with pytest.raises(EvalError) as info:
        value("score", build_globals())
    assert str(info.value) == "error evaluating 'score': NameError: name 'score' is not defined"


def test_declared_local_names_are_read_from_the_locals():
    scope = build_globals(variables={"score": [5, 7]})
    expression = compile_expression("score[actor] + [actor for actor in [9]][0]", frozenset({"actor"}))
    assert expression.evaluate({"actor": 1}, scope) == 16
    with pytest.raises(EvalError) as info:
        expression.evaluate({}, scope)
    assert info.value.detail == "name 'actor' is not defined"


def test_declared_local_names_do_not_reach_globals_they_do_not_name():
    scope = build_globals(variables={"actor": "global"})
    assert compile_expression("actor", frozenset()).evaluate({"actor": "local"}, scope) == "global"
    assert compile_expression("actor", frozenset({"actor"})).evaluate({"actor": "local"}, scope) == "local"


def test_the_same_text_compiles_once():
    assert compile_expression("1 + 1") is compile_expression("1 + 1")
    assert compile_expression(True).source == "True"
    assert compile_expression(3).evaluate({}, build_globals()) == 3
    assert compile_expression(2.5).source == "2.5"


# Names read in comprehensions are taken from the scope's dict once (codegen.prefetched_read).

def test_names_read_at_every_step_are_read_as_before():
    calls = []

    def counted(scope):
        calls.append(1)
        return 2

    actor = frozenset({"actor"})
    scope = build_globals(variables={"L": [1, 2, 3], "k": 10}, derived={"twice": counted})
    assert compile_expression("[x * k + twice for x in L]", actor).evaluate({"actor": 0}, scope) == [12, 22, 32]
    assert len(calls) == 3  # a derived value is computed (and charged) at every step, as before
    # A missing name fails at the first step that reads it, and not at all without a step.
    missing = compile_expression("[x + nowhere for x in L if x > limit]", actor)
    assert missing.evaluate({"actor": 0}, build_globals(variables={"L": [1, 2], "limit": 5})) == []
    with pytest.raises(EvalError) as info:
        missing.evaluate({"actor": 0}, build_globals(variables={"L": [1, 2], "limit": 1}))
    assert (info.value.kind, info.value.detail) == ("NameError", "name 'nowhere' is not defined")
    # Inside own functions too.
    scaled = FunctionDef.compile("scaled", ["L"], {"m": "[k for x in L]"}, "[x * k + twice for x in m]")
    scope = build_globals(variables={"k": 3}, derived={"twice": counted}, functions={"scaled": scaled.bind})
    assert compile_expression("scaled([1, 2])", actor).evaluate({"actor": 0}, scope) == [11, 11]
    assert len(calls) == 5


def test_a_local_name_made_on_first_read_is_made_only_if_a_step_reads_it():
    # As a tactic's names make a let on first read: a comprehension that never reaches it makes none.
    class Lazy(dict):
        made = 0

        def __contains__(self, key):
            return dict.__contains__(self, key) or key == "late"

        def __missing__(self, key):
            if key != "late":
                raise KeyError(key)
            Lazy.made += 1
            value = self[key] = 3
            return value

    expression = compile_expression("[x for x in L if x > 1 and x < late]")
    scope = build_globals(constants={"L": [0, 1]})
    assert expression.evaluate(Lazy(), scope) == [] and Lazy.made == 0
    assert expression.evaluate(Lazy(), build_globals(constants={"L": [0, 2, 5]})) == [2] and Lazy.made == 1


def test_local_names_read_at_use_are_read_from_the_dict_where_used_and_the_rest_from_the_scope():
    from tabletwin.expr import ReadAtUse

    class Made(dict):
        made: list = []

        def __missing__(self, key):
            Made.made.append(key)
            value = self[key] = 10
            return value

    scope = build_globals(constants={"K": 1, "late": 99})
    at_use = compile_expression("K if K > 0 else late", ReadAtUse({"late"}))
    assert at_use.evaluate(Made(), scope) == 1 and Made.made == []
    assert compile_expression("[x + late for x in [K, 2]]", ReadAtUse({"late"})).evaluate(Made(), scope) == [11, 12]
    assert Made.made == ["late"]
    # Read on entry instead, the same text makes its name at once; the two are cached apart.
    on_entry = compile_expression("K if K > 0 else late", frozenset({"late"}))
    assert on_entry is not at_use and on_entry.evaluate(Made(), scope) == 1 and Made.made == ["late", "late"]


def test_a_derived_value_that_does_not_compile_fails_where_it_is_used_with_its_path():
    from tabletwin.errors import ExprError
    from tabletwin.model.code import Code

    broken = Code("1 +", ("derived", "d"))
    scope = build_globals(constants={"K": 1}, derived={"d": derived_provider(broken)})
    assert compile_expression("K + 1").evaluate({}, scope) == 2
    with pytest.raises(ExprError) as info:
        compile_expression("d + K").evaluate({}, scope)
    assert info.value.path == ("derived", "d")


def test_a_derived_value_runs_its_strict_code_in_the_strict_rerun():
    # sum(L) of a list with a text fails in the fast code; the rerun gives the language's message.
    scope = build_globals(constants={"L": [1, "a"]}, derived={"d": derived_provider(compile_expression("sum(L)"))})
    with pytest.raises(EvalError) as info:
        compile_expression("d").evaluate({}, scope)
    assert info.value.message.endswith("cannot use + between a number and a text")
