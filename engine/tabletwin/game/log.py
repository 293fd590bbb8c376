"""Append-only logs (answers, events, observations) that a copied game shares with its original.

A copy of a game must not take time in proportion to its past, so its logs start empty and point
at the original's as it was (``before``: the log and its length then). :meth:`Log.full` joins
them when someone reads the whole log. The original only appends, so that prefix never changes.
"""

from __future__ import annotations


class Log(list):
    """Entries since this log was forked; ``before`` is ``(log, length)`` of what came earlier, or ``None``."""

    before = None  # (a class default rather than a slot set by __init__: every game makes its logs)

    def fork(self) -> "Log":
        """A new log that continues this one as it is now."""
        log = Log()
        log.before = (self, len(self)) if self else self.before
        return log

    def prefix(self, length: int) -> list:
        """The first entries of the whole log, up to this log's own ``length``-th entry."""
        head = [] if self.before is None else self.before[0].prefix(self.before[1])
        head.extend(self[:length])
        return head

    def full(self) -> "Log":
        """The whole log (itself when it was never forked)."""
        return self if self.before is None else Log(self.prefix(len(self)))
