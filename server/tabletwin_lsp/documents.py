"""Which YAML documents the server answers for: models and tactics, as
:func:`tabletwin.editor.kind.document_kind` tells them from other YAML, which is left alone (so
the server can watch every YAML file of a workspace).

A document longer than :data:`MAX_DOCUMENT_CHARS` is not checked at all: its analysis says only
that it is too large (:func:`too_large_message`), and completion, hover, navigation and the
commands answer nothing for it, at once.
"""

from __future__ import annotations


MAX_DOCUMENT_CHARS = 500_000
"""Longest document the server checks: about 16,000 lines of a typical model (the largest example
has 13,000 characters). Measured through the real server on the benchmarks' generated models, on
a busy machine (``/tmp``-style script: open, then completions at random places and while typing):
470,000 characters (15,000 lines) got their first diagnostics in 1.5 s, completions in 9 ms
(median) and 14 ms while typing, with 91 MB resident; 900,000 characters (30,000 lines) took
6.7 s, 51 ms and 65 ms (over the 50 ms budget of completion) and 129 MB. A dense text is worse:
in process, 1,000,000 characters of one flow list took 2.2 s and 210 MB to analyse."""


def too_large(text: str) -> bool:
    return len(text) > MAX_DOCUMENT_CHARS


def too_large_message(text: str) -> str:
    return (f"this file has {len(text):,} characters, more than the {MAX_DOCUMENT_CHARS:,} the tabletwin "
            "language server checks: it is not checked, and completion, hover and navigation are off for it "
            "(`tabletwin validate` checks it on the command line)")
