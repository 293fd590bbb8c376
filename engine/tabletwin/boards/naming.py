"""Cell names: ``letters`` (``a1`` bottom-left, like chess) or ``coords`` (``"x,y"`` from 0).

With ``letters`` a column is named like a spreadsheet column, in lower case: ``a`` … ``z``,
then ``aa``, ``ab``, … ``az``, ``ba``, …; the row is its number counted from 1 at the bottom.
With ``coords`` a cell is ``"x,y"``, both from 0, without spaces. Only the exact spelling is a
name: ``'A1'``, ``'a01'``, ``' 3,4'`` and ``'3, 4'`` name nothing.

Names are built from per-column and per-row parts (at most 1000 each), so naming and parsing
cost a dict lookup or two whatever the size of the board.
"""

from __future__ import annotations

import re

NAME_STYLES = ("letters", "coords")

_LETTERS_NAME = re.compile(r"([a-z]+)([0-9]+)")


def column_letters(x: int) -> str:
    """The letters of column ``x`` (0 → ``a``, 25 → ``z``, 26 → ``aa``, 701 → ``zz``)."""
    letters = ""
    number = x + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


class Naming:
    """Names of the cells of a ``width`` × ``height`` board in one style."""

    __slots__ = ("style", "_columns", "_rows", "_column_of", "_row_of", "_separator")

    def __init__(self, style: str, width: int, height: int):
        self.style = style
        if style == "letters":
            columns = [column_letters(x) for x in range(width)]
            rows = [str(y + 1) for y in range(height)]
            self._separator = ""
        else:
            columns = [str(x) for x in range(width)]
            rows = [str(y) for y in range(height)]
            self._separator = ","
        self._columns = columns
        self._rows = rows
        self._column_of = {text: x for x, text in enumerate(columns)}
        self._row_of = {text: y for y, text in enumerate(rows)}

    def name(self, x: int, y: int) -> str:
        return self._columns[x] + self._separator + self._rows[y]

    def parse(self, text) -> tuple[int, int] | None:
        """``(x, y)`` of a name inside the board's rectangle, or ``None`` (holes not considered)."""
        if not isinstance(text, str):
            return None
        if self._separator:
            column, separator, row = text.partition(",")
            if not separator:
                return None
        else:
            match = _LETTERS_NAME.fullmatch(text)
            if match is None:
                return None
            column, row = match.group(1), match.group(2)
        x = self._column_of.get(column)
        y = self._row_of.get(row)
        if x is None or y is None:
            return None
        return x, y
