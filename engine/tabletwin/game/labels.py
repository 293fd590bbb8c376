"""How the engine names values in options, outcomes and messages.

Labels come from :func:`~tabletwin.expr.to_text`, which never fails and cuts what is too long
or too deep at the same place every time: the label of an option and the label a tactic asks
for are made by this one function, so they still compare equal.
"""

from __future__ import annotations

from ..expr import to_text


def label(value) -> str:
    """Text as is; a dict by its ``label``, else ``id``, else ``uid``, else ``?``; else Python notation."""
    cls = value.__class__
    if cls is str:
        return value
    if cls is int and -_EXACT <= value <= _EXACT:
        return str(value)
    if isinstance(value, dict):
        for key in ("label", "id", "uid"):
            found = value.get(key)
            if found is not None:
                return to_text(found)
        return "?"
    return to_text(value)


_EXACT = 2**53
"""Integers printed by str() directly; past this to_text prints them as the decimal they are."""
