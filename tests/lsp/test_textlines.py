"""The lines of an edited document's text are split only around the edit (:mod:`tabletwin_lsp.textlines`),
and are those pygls would split."""

import random

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from tabletwin_lsp.textlines import KEPT_TEXTS, edited, lines_of
from tabletwin_lsp.workspace import ServerDocument

PIECES = ["a", "é", "😀", "\n", "\r", "\r\n", "\u2028", "\x0c", "  ", "key: value\n", "\n\n", ""]


def _text(rng: random.Random, pieces: int) -> str:
    return "".join(rng.choice(PIECES) for _ in range(pieces))


def test_random_edits_keep_the_lines_pygls_splits():
    rng = random.Random(7)
    for round_ in range(300):
        document = ServerDocument("file:///t.yaml", _text(rng, rng.randrange(0, 40)), 1,
                                  position_codec=PositionCodec())
        for step in range(5):
            lines = document.source.splitlines(True)
            line = rng.randrange(0, len(lines) + 2)
            end = line + rng.choice([0, 0, 1, 2, -1])
            where = types.Range(types.Position(line, rng.randrange(0, 6)), types.Position(max(end, 0), rng.randrange(0, 6)))
            document.apply_change(types.TextDocumentContentChangePartial(range=where, text=_text(rng, 3)))
            assert lines_of(document.source) == tuple(document.source.splitlines(True)), (round_, step)


def test_an_edit_gives_the_lines_of_the_text_it_made():
    lines = ("a\r", "b\n", "c\n", "d")
    text = "".join(lines)
    new = text[:2] + "\nx" + text[2:]  # a line feed after the carriage return: one line end
    assert edited(lines, new, 1, 1, 2) == tuple(new.splitlines(True)) == ("a\r\n", "xb\n", "c\n", "d")
    new = text[:5] + text[6:]  # the line end of "c" removed: "c" and "d" are one line
    assert edited(lines, new, 2, 2, -1) == tuple(new.splitlines(True)) == ("a\r", "b\n", "cd")


def test_the_lines_of_a_text_are_split_once():
    text = "a\nb\n" * 3
    first = lines_of(text)
    assert lines_of(text) is first
    for n in range(KEPT_TEXTS):
        lines_of(f"other {n}\n")
    again = lines_of(text)
    assert again == first and again is not first  # forgotten among newer texts, split again
