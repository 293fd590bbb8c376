"""Half-typed and broken text never makes the editor functions fail: random edits of every
example and fixture, then every feature at random places."""

import random

from tabletwin.editor import (Snapshot, code_actions, completions, definition, document_symbols, hover_at,
                              prepare_rename, references, rename)
from tabletwin.errors import Span
from tests.conftest import ROOT

from .helpers import DATA

FILES = sorted((ROOT / "examples").glob("*.yaml")) + sorted(DATA.glob("*.yaml")) + sorted(
    (ROOT / "examples" / "tactics").glob("*.yaml"))
PIECES = ["{", "}", "[", "]", "'", '"', "\t", "\x00", ":", "- ", "\n", "  ", "#", "|", ">", "&a", "*a", "<<: ",
          "op: ", "ü", "🎲", "\\", ",", "?", "!", "%"]


def test_random_edits_never_break_a_feature():
    rng = random.Random(7)
    texts = [(str(path), path.read_text(encoding="utf-8")) for path in FILES]
    for _ in range(250):
        path, text = rng.choice(texts)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text) + 1)
            if rng.random() < 0.5:
                text = text[:at] + rng.choice(PIECES) + text[at:]
            else:
                text = text[:at] + text[at + rng.randrange(1, 20):]
        snap = Snapshot(text, 1, path)
        for _ in range(2):
            line = rng.randrange(len(snap.lines))
            column = rng.randrange(len(snap.lines[line]) + 1)
            completions(snap, line, column)
            hover_at(snap, line, column)
            definition(snap, line, column)
            references(snap, line, column)
            prepare_rename(snap, line, column)
            rename(snap, line, column, "renamed")
            code_actions(snap, Span(line, 0, line, column))
        document_symbols(snap)
