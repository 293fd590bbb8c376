"""Every preferred fix of a file at once, for ``source.fixAll``: one per diagnostic, none overlapping."""

from __future__ import annotations

from ..errors import Span
from .fixes import code_actions
from .navigation import Edit


def fix_all(snap, diagnostics, index=None) -> list[Edit]:
    """The edits of every preferred fix of ``diagnostics``, one per diagnostic, none overlapping."""
    edits: list[Edit] = []
    taken: list[Span] = []
    for number, diagnostic in enumerate(diagnostics):
        found = code_actions(snap, diagnostic.span, [diagnostic], index)
        chosen = next((fix for fix in found if fix.preferred and fix.diagnostics == [0]), None)
        if chosen is None:
            continue
        if any(_overlaps(edit.span, other) for edit in chosen.edits for other in taken):
            continue
        edits += chosen.edits
        taken += [edit.span for edit in chosen.edits]
    return edits


def _overlaps(a: Span, b: Span) -> bool:
    return (a.line, a.column) <= (b.end_line, b.end_column) and (b.line, b.column) <= (a.end_line, a.end_column)
