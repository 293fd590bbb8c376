"""While a document's YAML is broken, the diagnostics of its last readable version stay.

One bad line (a key typed half-way, an indentation being fixed) makes the whole text unreadable;
dropping every other diagnostic then and bringing them all back a keystroke later makes the
Problems list flicker. So the YAML error is published together with the last readable version's
diagnostics that lie on unchanged lines, moved to where those lines are now; those on changed
lines are dropped (they may be about text that is gone).

The edited region is found from the common first and last lines of the two texts; the lines
between are matched with :mod:`difflib` (at most :data:`MAX_MATCHED_LINES` of them), so several
edits since the last readable version still move each diagnostic to its line.
"""

from __future__ import annotations

import difflib

from .diaglist import Diagnostics


#: Most lines between the first and the last changed line that are matched line by line (this
#: runs on the event loop when publishing, and difflib is quadratic at worst); a
#: larger changed middle (a paste over half the file) drops the diagnostics in it.
MAX_MATCHED_LINES = 500


def _moves(old: str, new: str):
    """``(first, old_end, shift, middle)``: lines before ``first`` stay, lines from ``old_end`` on move
    by ``shift``, and ``middle`` maps the unchanged lines between (old line -> new line)."""
    before, after = old.split("\n"), new.split("\n")
    first = 0
    limit = min(len(before), len(after))
    while first < limit and before[first] == after[first]:
        first += 1
    tail = 0
    while tail < limit - first and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    old_end, new_end = len(before) - tail, len(after) - tail
    middle: dict[int, int] = {}
    if old_end - first + new_end - first <= MAX_MATCHED_LINES:
        matcher = difflib.SequenceMatcher(None, before[first:old_end], after[first:new_end], autojunk=False)
        for block in matcher.get_matching_blocks():
            for offset in range(block.size):
                middle[first + block.a + offset] = first + block.b + offset
    return first, old_end, new_end - old_end, middle


def carried_over(diagnostics, old_text: str, new_text: str) -> Diagnostics:
    """The ``diagnostics`` of ``old_text`` whose lines are unchanged in ``new_text``, moved to them
    (items of a :class:`~.diaglist.Diagnostics`: a moved one is made only when read, and its JSON
    is its root's with the lines written again; copying and writing the 2,254 diagnostics of a
    5,000-line model took about 35 ms of every keystroke that left its YAML broken)."""
    first, old_end, shift, middle = _moves(old_text, new_text)
    carried = Diagnostics.of(diagnostics)
    roots, shifts = [], []
    for root, moved in zip(carried.roots, carried.shifts):
        start, end = root.range.start.line + moved, root.range.end.line + moved
        if end < first:
            delta = 0
        elif start >= old_end:
            delta = shift
        elif all(line in middle for line in range(start, end + 1)) and middle[end] - middle[start] == end - start:
            delta = middle[start] - start
        else:
            continue  # about a line that was edited
        roots.append(root)
        shifts.append(moved + delta)
    return Diagnostics(roots, shifts)
