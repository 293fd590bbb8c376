"""The characters of an expression before Python's parser sees them.

Python's parser does the heavy lifting, but the language differs at the character level:
line breaks count as spaces anywhere, comments, ``;`` and a lone ``!`` are refused with their
own messages, f-strings and bytes are refused, and text escapes are the spec's (``'\\a'`` is two
characters, ``'\\N'`` is not an error). So the scanner finds every text literal, decodes it with
the spec's escapes, and hands the parser a single line in which each literal is replaced by a
placeholder of the same length: character offsets stay valid for error positions.
"""

from __future__ import annotations

import keyword
import unicodedata
from dataclasses import dataclass

from .errors import ExprSyntaxError, not_allowed, syntax_error

_PREFIXES = {"r", "u", "b", "f", "br", "rb", "fr", "rf"}
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"'}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


@dataclass(frozen=True, slots=True)
class TextLiteral:
    """One quoted literal: ``start`` (its opening quote)..``end`` in the source, and its value."""

    start: int
    end: int
    value: str


@dataclass(frozen=True, slots=True)
class Scanned:
    parse_text: str
    literals: tuple[TextLiteral, ...]


def scan(source: str) -> Scanned:
    """Check the characters of ``source`` and prepare the single line Python will parse."""
    out = list(source)
    literals: list[TextLiteral] = []
    n = len(source)
    i = 0
    _refuse_surrogates(source)
    while i < n:
        ch = source[i]
        if ch == "'" or ch == '"':
            i = _literal(source, i, i, "", out, literals)
        elif ch.isalpha() or ch == "_":
            j = i + 1
            while j < n and (source[j].isalnum() or source[j] == "_"):
                j += 1
            if not source.isascii():
                _refuse_keyword_lookalike(source, i, j)
            word = source[i:j].lower()
            if j < n and source[j] in "'\"" and word in _PREFIXES:
                if "f" in word:
                    raise syntax_error(source, "f-strings are not allowed", i)
                if "b" in word:
                    raise syntax_error(source, "bytes are not allowed", i)
                for k in range(i, j):
                    out[k] = " "
                i = _literal(source, i, j, word, out, literals)
            else:
                i = j
        elif ch.isdigit():
            j = i + 1
            while j < n and (source[j].isalnum() or source[j] in "_."):
                j += 1
            i = j
        elif ch == "#":
            raise syntax_error(source, "comments are not allowed", i)
        elif ch == ";":
            raise not_allowed(source, "semicolon", i)
        elif ch == "!" and not source.startswith("!=", i):
            raise syntax_error(source, "! is not allowed; use not or !=", i)
        elif ch == "\\" and i + 1 < n and source[i + 1] in "\r\n":
            out[i] = " "
            i += 1
        else:
            if ch == "\n" or ch == "\r":
                out[i] = " "
            i += 1
    return Scanned("".join(out), tuple(literals))


def _refuse_surrogates(source: str) -> None:
    """A lone surrogate (U+D800..U+DFFF) is half of a character: no output can encode it."""
    if source.isascii():
        return
    for index, ch in enumerate(source):
        if "\ud800" <= ch <= "\udfff":
            raise syntax_error(source, f"character U+{ord(ch):04X} is not allowed (a lone surrogate, "
                                       f"not a character)", index)


def _refuse_keyword_lookalike(source: str, start: int, end: int) -> None:
    """Python reads ``ｉｆ`` (fullwidth) as the *name* ``if``: say so instead of a puzzling error.

    Identifiers are compared after NFKC normalisation, keywords are not; a word that normalises
    to a keyword is neither, and would otherwise surface as an invalid syntax elsewhere or as
    generated code Python refuses.
    """
    word = source[start:end]
    if word.isascii():
        return
    normal = unicodedata.normalize("NFKC", word)
    if keyword.iskeyword(normal):
        raise syntax_error(source, f"'{word}' looks like the keyword '{normal}' but is written with other "
                                   f"characters; write keywords in plain letters", start, end)


class _BadEscape(ValueError):
    def __init__(self, index: int, text: str):
        super().__init__(text)
        self.index = index
        self.text = text


def _literal(source: str, start: int, quote_at: int, prefix: str, out: list[str],
             literals: list[TextLiteral]) -> int:
    """Scan the literal whose quote is at ``quote_at``; return the index after it."""
    quote = source[quote_at]
    triple = source.startswith(quote * 3, quote_at)
    delimiter = quote * 3 if triple else quote
    body_start = quote_at + len(delimiter)
    i = body_start
    n = len(source)
    while True:
        if i >= n:
            raise syntax_error(source, "unterminated string", start, n)
        ch = source[i]
        if ch == "\\":
            i += 2
            continue
        if source.startswith(delimiter, i):
            break
        i += 1
    body = source[body_start:i]
    end = i + len(delimiter)
    if not triple:
        # A line break typed inside a one-line literal counts as a space, like anywhere else;
        # a backslash before it still joins the lines.
        body = _breaks_as_spaces(body)
    try:
        value = body if "r" in prefix else decode_escapes(body)
    except _BadEscape as bad:
        position = body_start + bad.index
        raise syntax_error(source, f"invalid text literal: {bad.text} is a lone surrogate, not a character",
                           position, position + len(bad.text)) from None
    literals.append(TextLiteral(quote_at, end, value))
    # A same-length placeholder keeps every later offset where it was.
    out[quote_at] = "'"
    for k in range(quote_at + 1, end - 1):
        out[k] = "x"
    out[end - 1] = "'"
    return end


def _breaks_as_spaces(body: str) -> str:
    if "\n" not in body and "\r" not in body:
        return body
    parts = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            parts.append(body[i : i + 2])
            i += 2
            if body[i - 1] == "\r" and body.startswith("\n", i):
                parts.append("\n")
                i += 1
            continue
        if ch == "\r" and body.startswith("\n", i + 1):
            parts.append(" ")
            i += 2
            continue
        parts.append(" " if ch in "\r\n" else ch)
        i += 1
    return "".join(parts)


def decode_escapes(body: str) -> str:
    """The spec's escapes; a backslash before anything else stays as it is."""
    if "\\" not in body:
        return body
    parts: list[str] = []
    i = 0
    n = len(body)
    while i < n:
        ch = body[i]
        if ch != "\\" or i + 1 >= n:
            parts.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in _SIMPLE_ESCAPES:
            parts.append(_SIMPLE_ESCAPES[nxt])
            i += 2
        elif nxt == "\n":
            i += 2
        elif nxt == "\r":
            i += 3 if body.startswith("\r\n", i + 1) else 2
        elif nxt in _HEX_ESCAPES:
            width = _HEX_ESCAPES[nxt]
            digits = body[i + 2 : i + 2 + width]
            code = _hex(digits, width)
            if code is not None and 0xD800 <= code <= 0xDFFF:
                raise _BadEscape(i, body[i : i + 2 + width])
            if code is None:
                parts.append("\\")
                i += 1
            else:
                parts.append(chr(code))
                i += 2 + width
        else:
            parts.append("\\")
            i += 1
    return "".join(parts)


def _hex(digits: str, width: int) -> int | None:
    if len(digits) != width or any(c not in "0123456789abcdefABCDEF" for c in digits):
        return None
    code = int(digits, 16)
    return code if code <= 0x10FFFF else None


__all__ = ["ExprSyntaxError", "Scanned", "TextLiteral", "decode_escapes", "scan"]
