"""Small text helpers of the editor: lines, words at a column, and where a scalar's characters are.

Every position in :mod:`tabletwin.editor` is 0-based, in lines and code-point columns, like the
loader's spans; the language server converts to UTF-16 at its edge.
"""

from __future__ import annotations

import re

from ..errors import Span

YAML_WORD = re.compile(r"[\w\-.]*$")
"""The part of a YAML key or name typed before the cursor (names may hold ``-`` and ``.``)."""

EXPR_WORD = re.compile(r"\w*$")
_WORD_AFTER = re.compile(r"[\w\-.]*")
_EXPR_WORD_AFTER = re.compile(r"\w*")


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` without their line breaks; a final empty line is kept."""
    return text.split("\n")


def word_before(line_text: str, column: int, expression: bool = False) -> str:
    """The name characters that end at ``column``."""
    pattern = EXPR_WORD if expression else YAML_WORD
    return pattern.search(line_text, 0, column).group()


def word_after(line_text: str, column: int, expression: bool = False) -> str:
    pattern = _EXPR_WORD_AFTER if expression else _WORD_AFTER
    return pattern.match(line_text, column).group()


def word_span(line_text: str, line: int, column: int, expression: bool = False) -> tuple[str, Span]:
    """The whole name around ``column`` and its span (empty when the cursor is between words)."""
    before = word_before(line_text, column, expression)
    after = word_after(line_text, column, expression)
    start = column - len(before)
    return before + after, Span(line, start, line, column + len(after))


def scalar_start(lines: list[str], span: Span | None, value) -> int | None:
    """The column where the text of a one-line scalar starts, if its characters are the value's.

    A plain scalar is its own text; a quoted one is its text between the quotes when nothing is
    escaped. Anything else (escapes, several lines, block scalars) maps characters to columns
    in ways an edit could break: ``None``.
    """
    if span is None or span.line != span.end_line or span.line >= len(lines) or not isinstance(value, str):
        return None
    raw = lines[span.line][span.column:span.end_column]
    if raw == value:
        return span.column
    if len(raw) >= 2 and raw[0] in "'\"" and raw[-1] == raw[0] and raw[1:-1] == value:
        return span.column + 1
    return None


def line_indent(line_text: str) -> int:
    return len(line_text) - len(line_text.lstrip(" "))


def is_blank(line_text: str) -> bool:
    stripped = line_text.strip()
    return not stripped or stripped.startswith("#")
