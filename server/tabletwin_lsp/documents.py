"""Which YAML documents the server answers for: models (a top-level ``flow``, or ``game`` with
``actions``). Others are left alone, so the server can watch every YAML file of a workspace.

A document longer than :data:`MAX_DOCUMENT_CHARS` is not checked at all: its analysis says only
that it is too large (:func:`too_large_message`), and completion, hover, navigation and the
commands answer nothing for it, at once.
"""

from __future__ import annotations

import re

_TOP_KEY = re.compile(r"^(flow|game|actions|tactic)\s*:", re.M)

MAX_DOCUMENT_CHARS = 1_000_000
"""Longest document the server checks. Measured in process (benchmarks' generated model,
``analyse`` plus the editor index): 900,000 characters (30,000 lines) take about 1.3 s and
90 MB; a dense 1,000,000-character model (one flow list of 500,000 numbers) about 2.3 s and
210 MB. Beyond that, every edit would keep the server busy for seconds and its memory grows
by about 200 times the text; the largest example model has 13,000 characters."""


def is_model_text(text: str) -> bool:
    keys = set(_TOP_KEY.findall(text))
    return "tactic" not in keys and ("flow" in keys or {"game", "actions"} <= keys)


def too_large(text: str) -> bool:
    return len(text) > MAX_DOCUMENT_CHARS


def too_large_message(text: str) -> str:
    return (f"this file has {len(text):,} characters, more than the {MAX_DOCUMENT_CHARS:,} the tabletwin "
            "language server checks: it is not checked, and completion, hover and navigation are off for it "
            "(`tabletwin validate` checks it on the command line)")
