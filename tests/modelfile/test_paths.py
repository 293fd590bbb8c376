"""Model paths as tuples and as text."""

from __future__ import annotations

import pytest

from tabletwin.modelfile import format_path
from tabletwin.modelfile.paths import parse_path

CASES = [
    ((), ""),
    (("actions",), "actions"),
    (("actions", "roll", "effect", 1, "amount_x"), "actions.roll.effect[1].amount_x"),
    ((0, "x"), "[0].x"),
    ((0, 1), "[0][1]"),
    (("grid", 2, 3, "cell"), "grid[2][3].cell"),
]


@pytest.mark.parametrize(("path", "text"), CASES)
def test_format_path(path, text):
    assert format_path(path) == text


@pytest.mark.parametrize(("path", "text"), CASES)
def test_parse_path_reads_what_format_path_writes(path, text):
    assert parse_path(text) == path


@pytest.mark.parametrize("text", [".a", "a.", "a..b", "a[", "a[x]", "a]", "a[1]b", "[-1]", "a.[1]"])
def test_parse_path_rejects_other_text(text):
    with pytest.raises(ValueError, match="not a model path"):
        parse_path(text)
