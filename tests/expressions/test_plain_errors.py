"""Run-time errors keep the spec's form and kind; Python's wording inside is said in plain words."""

import pytest

from tabletwin.expr import EvalError
from tabletwin.expr.plain_errors import plain_message

from .helpers import evaluate


@pytest.mark.parametrize(("source", "kind", "detail"), [
    ("None[0]", "TypeError", "None cannot be indexed with [...]"),
    ("[1][5]", "IndexError", "the index is past the end of the list"),
    ("'abc'[9]", "IndexError", "the index is past the end of the text"),
    ("{'a': 1}['b']", "KeyError", "no key 'b' in the dict"),
    ("1 + 'a'", "TypeError", "cannot use + between a number and a text"),
    ("1 < 'a'", "TypeError", "cannot compare a number and a text with <"),
    ("'a' + 1", "TypeError", "cannot add a number to a text; str() turns a value into text"),
    ("[1]['a']", "TypeError", "a list is indexed by a whole number, not by a text"),
    ("sum(3)", "TypeError", "a number is not a collection to go through (a list, a set, a dict or a text)"),
    ("len(3)", "TypeError", "len() of a number: only a list, a set, a dict or a text has a length"),
    ("max([])", "ValueError", "max() of an empty collection (give it a default=...)"),
    ("1 / 0", "ZeroDivisionError", "division by zero"),
    # The spec's own wording stays.
    ("x", "NameError", "name 'x' is not defined"),
])
def test_runtime_errors_in_plain_words(source, kind, detail):
    with pytest.raises(EvalError) as caught:
        evaluate(source)
    assert (caught.value.kind, caught.value.detail) == (kind, detail)
    assert caught.value.message == f"error evaluating '{source}': {kind}: {detail}"


def test_an_unknown_wording_stays_as_python_wrote_it():
    assert plain_message("ValueError", "something else entirely") == "something else entirely"
