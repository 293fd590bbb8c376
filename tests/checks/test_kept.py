"""A kept finding moved by whole lines is the finding that would be made on the moved place."""

from dataclasses import fields

from tabletwin.checks.findings import Finding
from tabletwin.checks.kept import _moved, shifted_finding
from tabletwin.errors import Span


def test_a_finding_moved_down_equals_one_made_there_and_shares_its_message_path_and_data():
    # shifted_finding and _moved set the slots one by one: a new field of Finding or Span must be set there too.
    assert [field.name for field in fields(Finding)] == ["message", "span", "severity", "path", "data", "code"]
    assert [field.name for field in fields(Span)] == ["line", "column", "end_line", "end_column"]
    last = Finding("zone 'deck' is not declared", Span(10, 4, 11, 9), "warning", "actions.a.effect[0].from",
                   {"key": "deck"}, "model-error")
    moved = shifted_finding(last, 3)
    assert moved == Finding(last.message, Span(13, 4, 14, 9), "warning", last.path, last.data, last.code)
    assert moved.message is last.message and moved.path is last.path and moved.data is last.data
    assert _moved(last, (2, 0, 2, 5)) == Finding(last.message, Span(2, 0, 2, 5), "warning", last.path, last.data,
                                                 last.code)
