"""The diagnostics of an analysis whose moved items are made when read (:mod:`tabletwin_lsp.diaglist`)."""

from lsprotocol import types

from tabletwin_lsp.diaglist import Diagnostics, moved_by


def _diagnostic(line: int, message: str, severity=types.DiagnosticSeverity.Warning) -> types.Diagnostic:
    return types.Diagnostic(range=types.Range(types.Position(line, 2), types.Position(line + 1, 4)), message=message,
                            severity=severity, source="tabletwin", code="x", data={"path": "a"})


def test_an_item_is_its_root_moved_by_its_shift_and_the_same_object_on_every_read():
    first, second = _diagnostic(3, "one"), _diagnostic(7, "two", types.DiagnosticSeverity.Error)
    diagnostics = Diagnostics([first, second, first], [0, 2, -1])
    assert len(diagnostics) == 3
    assert diagnostics[0] is first
    assert diagnostics[1] == _diagnostic(9, "two", types.DiagnosticSeverity.Error)
    assert diagnostics[2] == _diagnostic(2, "one")
    assert diagnostics[1] is diagnostics[1] is list(diagnostics)[1]
    assert diagnostics[-1] is diagnostics[2]
    assert diagnostics[1:] == (diagnostics[1], diagnostics[2])
    assert (first.range.start.line, second.range.start.line) == (3, 7)  # the roots are not changed


def test_diagnostics_compare_as_tuples():
    first, second = _diagnostic(3, "one"), _diagnostic(7, "two")
    moved = Diagnostics([first, second], [1, 0])
    assert moved == (_diagnostic(4, "one"), second) == moved
    assert moved == Diagnostics([_diagnostic(4, "one"), second])
    assert moved != Diagnostics([first, second])
    assert moved != (second,)
    assert Diagnostics([]) == ()
    assert Diagnostics([first]) != [first]  # as a tuple is not a list


def test_plus_severities_and_of():
    first, second = _diagnostic(3, "one"), _diagnostic(7, "two", types.DiagnosticSeverity.Error)
    diagnostics = Diagnostics([first], [5])
    assert Diagnostics.of(diagnostics) is diagnostics
    assert Diagnostics.of((first, second)) == (first, second)
    more = diagnostics.plus([second])
    assert more == (_diagnostic(8, "one"), second)
    assert diagnostics.plus(()) is diagnostics and diagnostics.plus(None) is diagnostics
    assert more.severities() == [types.DiagnosticSeverity.Warning, types.DiagnosticSeverity.Error]
    both = more.plus(Diagnostics([second], [-2]))
    assert (both.roots, both.shifts) == ([first, second, second], [5, 0, -2])  # the moved ones stay unmade
    assert both[2] == _diagnostic(5, "two", types.DiagnosticSeverity.Error)


def test_a_moved_diagnostic_shares_its_roots_fields():
    root = _diagnostic(3, "one")
    moved = moved_by(root, 4)
    assert moved == _diagnostic(7, "one")
    assert moved.data is root.data and moved.message is root.message
