"""Random models for property tests: mostly the shape of a real model, sometimes broken.

:func:`models` draws a model as plain data: players, variables, a few actions whose effects use
the common ops, a flow of sequences, loops, branches and steps, end conditions. With some
probability any value is replaced by an arbitrary YAML value (a number where a list belongs, a
list where a name belongs, an expression that does not parse), so the validator and the engine
meet what authors and attackers write. :func:`as_yaml` writes it as text, sometimes sharing a
value through an anchor and aliases.
"""

from __future__ import annotations

import io

from hypothesis import strategies as st
from ruamel.yaml import YAML

NAMES = st.sampled_from(["a", "b", "go", "roll", "score", "pot", "turn", "x"])
EXPRESSIONS = st.sampled_from([
    "True", "False", "1 + 1", "pot > 3", "score[actor] >= 5", "len(players)", "actor", "players",
    "[1, 2, 3]", "1 +", "undefined_name", "1 / 0", "'text'", "x[0]", "sum(range(10**9))", "2 ** 10 ** 10",
])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                    st.text(max_size=12), EXPRESSIONS)
ANY = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                    st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                   max_leaves=12)


def maybe(strategy, wild: float = 0.1):
    """``strategy`` most of the time, any YAML value sometimes."""
    return st.one_of(strategy, ANY) if wild else strategy


def op():
    simple = st.one_of(
        st.fixed_dictionaries({"op": st.just("set"), "var": maybe(st.sampled_from(["pot", "score[actor]", "nope"])),
                               "value": maybe(st.integers(-5, 5))}),
        st.fixed_dictionaries({"op": st.just("add"), "var": maybe(st.sampled_from(["pot", "score[actor]"])),
                               "amount_x": maybe(EXPRESSIONS)}),
        st.fixed_dictionaries({"op": st.just("roll"), "die": maybe(st.lists(st.integers(1, 6), max_size=4)),
                               "bind": maybe(NAMES)}),
        st.fixed_dictionaries({"op": st.just("emit"), "event": maybe(NAMES)}),
        st.fixed_dictionaries({"op": maybe(st.sampled_from(["choose", "move", "draw", "unknown_op"]))}),
    )
    return st.recursive(simple, lambda inner: st.fixed_dictionaries(
        {"op": st.just("if"), "cond_x": maybe(EXPRESSIONS), "then": st.lists(inner, max_size=3)},
        optional={"else": st.lists(inner, max_size=2)}), max_leaves=6)


def flow_node():
    step = st.fixed_dictionaries({"kind": st.just("step"), "id": maybe(NAMES), "do": maybe(
        st.one_of(NAMES, st.lists(NAMES, min_size=1, max_size=3)))}, optional={"actor_x": maybe(EXPRESSIONS)})

    def nest(inner):
        children = st.lists(inner, min_size=1, max_size=3)
        return st.one_of(
            st.fixed_dictionaries({"kind": st.just("sequence"), "id": NAMES, "children": maybe(children)}),
            st.fixed_dictionaries({"kind": st.just("loop"), "id": NAMES, "children": maybe(children)},
                                  optional={"until_x": maybe(EXPRESSIONS), "over_x": maybe(EXPRESSIONS),
                                            "as": maybe(NAMES)}),
            st.fixed_dictionaries({"kind": st.just("branch"), "id": NAMES, "cases": maybe(st.lists(
                st.fixed_dictionaries({"when_x": maybe(EXPRESSIONS), "children": children}), max_size=2))}),
        )

    return st.recursive(step, nest, max_leaves=5)


@st.composite
def models(draw) -> dict:
    actions = draw(st.dictionaries(NAMES, st.fixed_dictionaries(
        {"effect": maybe(st.lists(op(), max_size=4))}, optional={"pre_x": maybe(EXPRESSIONS)}), max_size=4))
    model = {
        "num_players": draw(maybe(st.integers(1, 3))),
        "state": {"vars": draw(maybe(st.fixed_dictionaries(
            {"pot": maybe(st.fixed_dictionaries({"init": st.integers(0, 3)})),
             "score": maybe(st.fixed_dictionaries({"init": st.just(0), "scope": st.just("player")}))})))},
        "actions": draw(maybe(st.just(actions))),
        "flow": draw(maybe(flow_node(), 0.05)),
        "end": draw(maybe(st.lists(st.fixed_dictionaries(
            {"id": NAMES, "if_x": maybe(EXPRESSIONS), "result": maybe(st.sampled_from(["draw", "win", "lose"]))}),
            max_size=2))),
    }
    extra = draw(st.dictionaries(st.sampled_from(["constants", "content", "triggers", "functions", "label"]), ANY,
                                 max_size=2))
    model.update(extra)
    return model


def as_yaml(model: dict) -> str:
    writer = YAML(typ="safe", pure=True)
    writer.default_flow_style = False
    out = io.StringIO()
    writer.dump(model, out)
    return out.getvalue()
