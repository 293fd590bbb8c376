"""Where each character of a YAML scalar's value stands in the document, for any scalar style.

:func:`.text.scalar_start` answers only for one-line scalars whose characters are the value's.
Colouring and hints also need the names inside block scalars (``|``, ``>``) and quoted scalars
over several lines. Their value is the document's lines with the indentation removed, joined by
line breaks or spaces: each source line's text is found, in order, in the value, and its
characters map to their columns. A line whose text is not in the value as written (an escape
such as ``\\"``) maps nothing, so nothing on it is ever pointed at wrongly.
"""

from __future__ import annotations

from ..errors import Span

_BLOCK_INDICATORS = "|>"


class ScalarMap:
    """Value offset -> ``(line, column)`` of one scalar; ``None`` for characters not mapped."""

    def __init__(self, pieces: list[tuple[int, int, int, int]]):
        self._pieces = pieces  # (value offset, length, line, column), in value order

    def at(self, offset: int) -> tuple[int, int] | None:
        for start, length, line, column in self._pieces:
            if start <= offset < start + length:
                return line, column + offset - start
        return None

    def span(self, start: int, end: int) -> Span | None:
        """The span of value characters ``start``-``end`` when they stand on one line, in order."""
        first = self.at(start)
        last = self.at(end - 1) if end > start else first
        if first is None or last is None or first[0] != last[0] or last[1] - first[1] != end - 1 - start:
            return None
        return Span(first[0], first[1], first[0], last[1] + 1)


def scalar_map(lines: list[str], span: Span | None, value: str) -> ScalarMap | None:
    """The map of the scalar at ``span`` (its value span, from the loader) holding ``value``."""
    if span is None or span.line >= len(lines) or not isinstance(value, str):
        return None
    pieces: list[tuple[int, int, int, int]] = []
    position = 0
    last = min(span.end_line, len(lines) - 1)
    first_text = lines[span.line][span.column:]
    quote = first_text[:1] if first_text[:1] in "'\"" else ""
    for line in range(span.line, last + 1):
        text = lines[line]
        start = span.column if line == span.line else 0
        end = span.end_column if line == span.end_line else len(text)
        segment = text[start:end]
        if line == span.line:
            if segment.lstrip()[:1] in _BLOCK_INDICATORS and not quote:
                continue  # the indicator line of a block scalar holds no value characters
            if quote:
                start, segment = start + 1, segment[1:]
        if line == span.end_line and quote and segment.endswith(quote):
            segment = segment[:-1]
        stripped = segment.lstrip(" \t")
        start += len(segment) - len(stripped)
        stripped = stripped.rstrip(" \t")
        if not stripped:
            continue
        found = value.find(stripped, position)
        if found < 0:
            continue
        pieces.append((found, len(stripped), line, start))
        position = found + len(stripped)
    return ScalarMap(pieces)
