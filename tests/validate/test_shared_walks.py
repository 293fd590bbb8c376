"""Inside ``shared_walks`` each walk of the model runs once and is replayed to every check; the
validator's checks see what fresh walks would show them."""

import threading

import pytest

from tabletwin.modelfile import load_yaml
from tabletwin.validate.names import ExpressionIndex, mentions, names_in
from tabletwin.validate.walk import all_ops, content_items, nodes, op_lists, shared_walks

from ..conftest import ROOT

MODELS = sorted((ROOT / "examples").glob("*.yaml"))
WALKS = (nodes, content_items, op_lists, all_ops)


def walked(data) -> dict:
    return {walk.__name__: [repr(item) for item in walk(data)] for walk in WALKS}


@pytest.mark.parametrize("path", MODELS, ids=lambda path: path.name)
def test_shared_walks_give_what_fresh_walks_give(path):
    data = load_yaml(path.read_text(encoding="utf-8")).data
    fresh = walked(data)
    with shared_walks(data):
        assert walked(data) == fresh
        assert walked(data) == fresh  # and again, replayed


def test_a_walk_is_replayed_inside_the_block_and_fresh_outside():
    data = load_yaml("flow: {id: a, kind: step, do: x}\nactions: {x: {effect: [{op: set}]}}\nend: []\n").data
    with shared_walks(data):
        assert len(list(all_ops(data))) == 1
        data["actions"]["y"] = {"effect": [{"op": "add"}]}  # the block's promise broken, to see the replay
        assert len(list(all_ops(data))) == 1
    assert len(list(all_ops(data))) == 2


def test_only_that_model_in_that_thread_shares():
    data = {"actions": {"x": {"effect": [{"op": "set"}]}}, "flow": {"id": "a"}}
    other = {"actions": {"x": {"effect": [{"op": "set"}]}}, "flow": {"id": "a"}}
    seen = []
    with shared_walks(data):
        list(all_ops(data))
        data["actions"]["y"] = {"effect": [{"op": "add"}]}
        other["actions"]["y"] = {"effect": [{"op": "add"}]}
        assert len(list(all_ops(other))) == 2
        thread = threading.Thread(target=lambda: seen.append(len(list(all_ops(data)))))
        thread.start()
        thread.join()
    assert seen == [2]


def test_what_an_expression_mentions_is_worked_out_once_and_never_shared_mutably():
    assert mentions("modified('power', c) + len(x)") is mentions("modified('power', c) + len(x)")
    names = names_in("a + b")
    names.add("changed")
    assert names_in("a + b") == {"a", "b"}
    assert mentions("a +").names == frozenset()  # a syntax error mentions nothing


def test_an_index_of_given_fields_is_the_index_of_the_model():
    data = load_yaml((ROOT / "examples" / "spell_duel.yaml").read_text(encoding="utf-8")).data
    own, given = ExpressionIndex(data), ExpressionIndex(data, ExpressionIndex(data).fields)
    assert (own.names, own.texts, own.stats) == (given.names, given.texts, given.stats)
    assert own.names and own.texts
