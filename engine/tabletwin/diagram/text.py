"""Text in the diagram: one-line labels, their width in a monospaced font, and cutting to fit.

The diagram is drawn in a monospaced font, so a label's width is its number of columns times
:data:`CHAR_W`; wide (East Asian) characters take two columns, combining marks none. That is what
lets the layout promise that text fits its box without measuring glyphs.
"""

from __future__ import annotations

import re
import unicodedata

FONT_SIZE = 12
"""Font size of every text, in pixels."""

CHAR_W = 7.3
"""Width of one column at :data:`FONT_SIZE` (monospaced fonts are 0.60 em; a little spare)."""

SMALL_SIZE = 10
"""Font size of marker chips."""

SMALL_CHAR_W = 6.1

ELLIPSIS = "…"

# Characters XML 1.0 does not allow (the C0 controls other than tab and newline, lone surrogates,
# and the two non-characters); YAML can still carry them in double-quoted escapes.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def one_line(value) -> str:
    """``value`` as one line of text: whitespace runs (newlines of folded YAML) become one space,
    characters XML cannot hold become U+FFFD."""
    text = value if isinstance(value, str) else str(value)
    return _NOT_XML.sub("\ufffd", " ".join(text.split()))


def xml_safe(text: str) -> str:
    """``text`` with the characters XML cannot hold replaced by U+FFFD (whitespace kept)."""
    return _NOT_XML.sub("\ufffd", text)


def _char_cols(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def columns(text: str) -> int:
    """How many columns ``text`` takes."""
    if text.isascii():
        return len(text)
    # Below U+0300 (Latin, punctuation) every character is one column; look only at the rest.
    return len(text) + sum(_char_cols(c) - 1 for c in text if c >= "\u0300")


def fit(text: str, cols: int) -> str:
    """``text`` if it takes at most ``cols`` columns, else its start and an ellipsis in ``cols``."""
    if columns(text) <= cols:
        return text
    if cols <= 0:
        return ""
    out, used = [], 0
    for char in text:
        width = _char_cols(char)
        if used + width > cols - 1:
            break
        out.append(char)
        used += width
    return "".join(out).rstrip() + ELLIPSIS


def width(text: str, char_w: float = CHAR_W) -> float:
    return columns(text) * char_w


PLAIN_FONTS = "DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, monospace"
"""The fonts the diagram asks for: monospaced, 0.55 to 0.60 em per column."""
