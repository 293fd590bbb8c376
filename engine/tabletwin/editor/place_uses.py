"""Where tactics name a model's step, action, window or trigger: the places written in their
rules' ``at`` and ``search.at`` (``step act``, ``action punch (cost)``, ``trigger counter · hit``).

For find references, code lenses and renames that reach the tactics that play a model. Only a
name written one to one in a plain or unescaped quoted scalar has a span of its own; the others
are counted, so a rename can say how many it left alone.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from ..errors import Span
from .tactic_places import place_refs

#: The place prefix of each kind of name a place can hold.
PREFIX = {"action": "action", "node": "step", "window": "window", "trigger": "trigger"}


def place_name_spans(loaded, lines: list[str], kind: str, name: str) -> tuple[list[Span], int]:
    """The spans of ``name`` (a ``kind`` of :data:`PREFIX`) in the places of one tactic, and how
    many places name it in a way that has no span of its own."""
    pattern = re.compile(rf"{PREFIX[kind]} ({re.escape(name)})(?= |$)")
    spans, inexact = [], 0
    for ref in place_refs(loaded, lines):
        found = pattern.match(ref.text)
        if found is None:
            continue
        if not ref.exact:
            inexact += 1
            continue
        start = ref.span.column + found.start(1)
        spans.append(Span(ref.span.line, start, ref.span.line, start + len(name)))
    return spans, inexact


def tactics_of(model_path: str | None, tactics: Iterable) -> list:
    """The ``tactics`` (snapshots) that play the model at ``model_path``, one per file."""
    if not model_path:
        return []
    found, seen = [], set()
    for tactic in tactics:
        if tactic.kind != "tactic" or tactic.loaded is None or not tactic.path:
            continue
        key = _key(tactic.path)
        if key in seen:
            continue
        model = tactic.model()
        if model is None or _key(model.path) != _key(model_path):
            continue
        seen.add(key)
        found.append(tactic)
    return found


def _key(path: str) -> str:
    return os.path.normcase(os.path.abspath(path))
