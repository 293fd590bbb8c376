"""The lines of a document's text, split as pygls splits them (``splitlines(True)``), once per text.

An edit of a 5,000-line model split the whole text twice: to apply the change (the lines before
the edit) and to convert the analysis's findings (the lines after it), about 0.4 ms each. The
document keeps the lines of its text: an edit splits only the lines it touched and the ones on
either side of them (:func:`edited`), and the analysis finds the lines of the text it was given
by identity (:func:`lines_of`).
"""

from __future__ import annotations

import threading

KEPT_TEXTS = 8
"""Texts whose lines are kept, the most recently split first (one per document being edited is
enough; a text not found is split again)."""

_lock = threading.Lock()
_recent: list[tuple[str, tuple[str, ...]]] = []  # (text, its lines), newest first


def lines_of(text: str) -> tuple[str, ...]:
    """``tuple(text.splitlines(True))``, split once for the same text object."""
    with _lock:
        for known, lines in _recent:
            if known is text:
                return lines
    lines = tuple(text.splitlines(True))
    remember(text, lines)
    return lines


def remember(text: str, lines: tuple[str, ...]) -> None:
    """Keep ``lines`` (``text``'s, split keeping their ends) for :func:`lines_of`."""
    with _lock:
        _recent[:] = [(text, lines), *[entry for entry in _recent if entry[0] is not text]][:KEPT_TEXTS]


def edited(lines: tuple[str, ...], new_text: str, first: int, last: int, growth: int) -> tuple[str, ...]:
    """The lines of ``new_text``, made from ``lines``: those of the text before an edit within its
    lines ``first`` to ``last`` that made it ``growth`` characters longer.

    Only the lines from the one before ``first`` to the one after ``last`` are split again: the
    line before, because a carriage return ending it and a line feed typed at the start of
    ``first`` make one line end; the line after, because the edit may have removed the end of
    ``last``. The others are unchanged, and so are the line ends around them (two lines that one
    ``\\r\\n`` would join were not split in the first place).
    """
    low = max(first - 1, 0)
    high = min(last + 2, len(lines))
    begin = sum(map(len, lines[:low]))
    end = begin + sum(map(len, lines[low:high])) + growth
    return lines[:low] + tuple(new_text[begin:end].splitlines(True)) + lines[high:]
