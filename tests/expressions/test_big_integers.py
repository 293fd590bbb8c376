"""One number type (expressions.md §10): integer results past 2**53 are decimals, for every operator."""

import pytest

from tabletwin.expr import to_text
from tabletwin.game.labels import label

from .helpers import evaluate

EXACT = 2**53


@pytest.mark.parametrize("source,value", [
    ("x + 1", float(EXACT + 1)),
    ("x + x", float(2 * EXACT)),
    ("-x - 3", -float(EXACT + 3)),
    ("x - (-3)", float(EXACT + 3)),
    ("sum([x, x, 1])", float(2 * EXACT + 1)),
    ("int('9' * 20)", float(10**20 - 1)),
    ("round(1e300)", 1e300),
    ("abs(-x - 5)", float(EXACT + 5)),
    ("9007199254740993", float(EXACT + 1)),
    ("x - 1", EXACT - 1),
    ("x + 0", EXACT),
    # A product with a constant: inline within 2**30 // 3, by the runtime beyond it.
    ("(x // 2**23) * 3", 3 * 2**30),
    ("-3 * (x // 2**23)", -3 * 2**30),
    ("(x // 4) * 3", 3 * EXACT // 4),
    ("(x // 2) * 3", float(3 * EXACT // 2)),
    ("(x // 2) * 0", 0),
])
def test_integer_results_past_2_to_the_53_are_decimals(source, value):
    result = evaluate(source, x=EXACT)
    assert result == value and type(result) is type(value)


def test_results_inside_comprehension_iterables_are_decimals_too():
    assert evaluate("[y for y in [x + 1, x - (-1)]]", x=EXACT) == [float(EXACT + 1)] * 2


def test_integers_too_large_for_a_decimal_are_infinite():
    assert evaluate("int('9' * 4300) + int('9' * 4300)") == float("inf")
    assert evaluate("-int('9' * 400)") == float("-inf")


def test_int_of_more_digits_than_python_reads_is_our_error():
    with pytest.raises(Exception) as info:
        evaluate("int('9' * 5000)")
    assert info.value.detail == "int() of text with more than 4300 digits"


def test_a_huge_integer_from_outside_prints_as_the_decimal_it_is():
    huge = 10**5000
    assert to_text(huge) == "inf" and to_text(-huge) == "-inf"
    assert to_text(2**60) == "1.152921504606847e+18"
    assert label(huge) == "inf" and label(7) == "7"
