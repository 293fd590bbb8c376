"""Dicts built by expressions take the key order every dict of a model has (dictorder)."""

import itertools

from tabletwin.dictorder import ordered
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
