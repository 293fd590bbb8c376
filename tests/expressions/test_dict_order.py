"""Dicts built by expressions take the key order every dict of a model has (dictorder)."""

import itertools

import pytest

from tabletwin.dictorder import ordered
from tabletwin.expr import EvalError, runtime
from tabletwin.expr.runtime import make_dict

from .helpers import evaluate


def test_made_dicts_are_ordered_as_every_dict():
    # Index keys (ASCII digits, no leading zero, below 2**32 - 1) first, ascending; the rest as built.
    pool = ["0", "1", "2", "9", "10", "01", "00", "4294967294", "4294967295", "123456789", "1234567890",
            "a", "", "٣", "²"]
    for size in range(1, 5):
        for keys in itertools.permutations(pool, size):
            mapping = {key: position for position, key in enumerate(keys)}
            assert list(make_dict(dict(mapping))) == list(ordered(mapping)), keys


def test_a_dict_comprehension_with_index_keys():
    assert list(evaluate("{str(p): p for p in L}", L=[2, 0, 1])) == ["0", "1", "2"]
    assert list(evaluate("{str(p): p for p in L}", L=[0, 1, 2])) == ["0", "1", "2"]
    assert list(evaluate("{k: 1 for k in L}", L=["b", "01", "1", "a", "0"])) == ["0", "1", "b", "01", "a"]



def test_keys_known_plain_keep_their_order_and_the_set_stays_bounded():
    assert list(evaluate("{k: 1 for k in L}", L=["b", "a"])) == ["b", "a"]
    assert {"a", "b"} <= runtime._PLAIN_KEYS  # known plain now: found in one look-up each
    assert list(evaluate("{k: 1 for k in L}", L=["b", "a", "3"])) == ["3", "b", "a"]
    with pytest.raises(EvalError) as info:
        evaluate("{k: 1 for k in L}", L=["a", 1])
    assert info.value.detail == "dict keys must be text, not int"
    assert evaluate("{k: 1 for k in L}", L=["x" * 64]) == {"x" * 64: 1}
    assert "x" * 64 not in runtime._PLAIN_KEYS  # long keys are not kept
    evaluate("{str(i) + 'k': i for i in range(n)}", n=runtime.PLAIN_KEYS_KEPT)
    assert len(runtime._PLAIN_KEYS) <= runtime.PLAIN_KEYS_KEPT


def test_index_keys_known_in_order_are_kept_and_the_set_stays_bounded():
    for _ in range(2):  # the second time, known in order
        assert list(evaluate("{str(p): p for p in L}", L=[0, 1, 2])) == ["0", "1", "2"]
        assert list(evaluate("{str(p): p for p in L}", L=[1, 0, 2])) == ["0", "1", "2"]
    assert ("0", "1", "2") in runtime._ORDERED_KEYS and ("1", "0", "2") not in runtime._ORDERED_KEYS
    for n in range(runtime.ORDERED_KEYS_KEPT + 1):
        evaluate("{str(n): 1, str(n + 1): 2}", n=n)
    assert len(runtime._ORDERED_KEYS) <= runtime.ORDERED_KEYS_KEPT
