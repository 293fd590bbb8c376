"""Printing values: str() is exact or an error; to_text (labels, messages) never fails and cuts."""

import pytest

from tabletwin.expr import EvalError, str_text, to_text
from tabletwin.expr.values import ELISION, MAX_SHOWN, MAX_SHOWN_DEPTH, MAX_TEXT
from tabletwin.game.labels import label

from .helpers import evaluate


def nested(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


def test_to_text_cuts_a_long_value_at_max_shown_with_an_elision():
    shown = to_text(list(range(200000)))
    assert len(shown) == MAX_SHOWN + 1
    assert shown.startswith("[0, 1, 2, ") and shown.endswith(ELISION)


def test_to_text_cuts_long_text_too():
    assert to_text("a" * (MAX_SHOWN + 5)) == "a" * MAX_SHOWN + ELISION
    assert to_text(["a" * (MAX_SHOWN * 100)]) == "['" + "a" * (MAX_SHOWN - 2) + ELISION


def test_to_text_cuts_depth_at_max_shown_depth():
    assert to_text(nested(MAX_SHOWN_DEPTH - 1)) == "[" * MAX_SHOWN_DEPTH + "]" * MAX_SHOWN_DEPTH
    assert to_text(nested(5000)) == "[" * MAX_SHOWN_DEPTH + "[…]" + "]" * MAX_SHOWN_DEPTH
    assert to_text({"a": (nested(5000),)}).count("…") == 1


def test_small_values_print_as_before():
    assert to_text([1, (2,), {"a": None}, 2.5, True, "x"]) == "[1, (2,), {'a': None}, 2.5, True, 'x']"


def test_labels_use_the_same_cut_so_they_still_compare_equal():
    option = list(range(200000))
    assert label(option) == label(list(range(200000))) == to_text(option)
    assert label(nested(3000)) == to_text(nested(4000))
    assert label({"label": list(range(200000))}).endswith(ELISION)


def test_str_is_exact_or_an_error():
    assert str_text(nested(3)) == "[[[[]]]]"
    with pytest.raises(MemoryError, match=f"text too long \\(more than {MAX_TEXT} characters\\)"):
        str_text(list(range(10**6)))
    with pytest.raises(RecursionError, match=f"value nested more than {MAX_SHOWN_DEPTH} deep"):
        str_text(nested(MAX_SHOWN_DEPTH + 1))


def test_str_in_the_language_reports_a_too_deep_value():
    with pytest.raises(EvalError) as info:
        evaluate("str(x)", x=nested(500))
    assert (info.value.kind, info.value.detail) == ("RecursionError", f"value nested more than {MAX_SHOWN_DEPTH} deep")
