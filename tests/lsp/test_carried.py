"""Which diagnostics of the last readable text are kept while the YAML is broken, and where."""

from lsprotocol import types

from tabletwin_lsp.carried import MAX_MATCHED_LINES, carried_over
from tabletwin_lsp.diaglist import Diagnostics


def at(line: int, message: str) -> types.Diagnostic:
    return types.Diagnostic(range=types.Range(types.Position(line, 2), types.Position(line, 5)), message=message)


def kept(diagnostics, old: str, new: str):
    return [(d.range.start.line, d.range.end.line, d.message) for d in carried_over(diagnostics, old, new)]


OLD = "\n".join(f"line {n}" for n in range(10))
FOUND = [at(1, "one"), at(4, "four"), at(8, "eight")]


def test_lines_before_stay_lines_after_move_and_edited_lines_go():
    new = OLD.replace("line 4", "line 4 changed\nadded")
    assert kept(FOUND, OLD, new) == [(1, 1, "one"), (9, 9, "eight")]


def test_several_edits_apart_each_move_their_own_way():
    new = "a new first line\n" + OLD.replace("line 6\n", "")
    assert kept(FOUND, OLD, new) == [(2, 2, "one"), (5, 5, "four"), (8, 8, "eight")]


def test_a_changed_middle_larger_than_the_limit_drops_what_is_in_it():
    old = "\n".join(f"old {n}" for n in range(MAX_MATCHED_LINES + 10))
    new = "x\n" + old[old.index("\n") + 1:].replace("old 5\n", "new 5\n").replace(f"old {MAX_MATCHED_LINES + 8}\n", "")
    lines = [at(3, "in the middle"), at(MAX_MATCHED_LINES + 9, "last")]
    assert kept(lines, old, new) == [(MAX_MATCHED_LINES + 8, MAX_MATCHED_LINES + 8, "last")]


def test_moved_diagnostics_are_carried_from_where_they_are_now():
    """Diagnostics moved by the last readable version's edit (items of a Diagnostics) are carried
    from their own lines, and stay their roots moved (made only when read)."""
    roots = [at(0, "zero"), at(3, "four"), at(7, "eight")]
    moved = Diagnostics(roots, [1, 1, 1])  # one line was added at the top: "one", "four", "eight"
    new = "a new first line\n" + OLD.replace("line 6\n", "")
    carried = carried_over(moved, OLD, new)
    assert carried.roots == roots and carried.shifts == [2, 2, 1]
    assert kept(moved, OLD, new) == kept(list(moved), OLD, new) == [(2, 2, "zero"), (5, 5, "four"), (8, 8, "eight")]
