"""How the engine names values in options, outcomes and messages."""

from __future__ import annotations

from ..expr import to_text


def label(value) -> str:
    """Text as is; a dict by its ``label``, else ``id``, else ``uid``, else ``?``; else Python notation."""
    cls = value.__class__
    if cls is str:
        return value
    if cls is int:
        return str(value)
    if isinstance(value, dict):
        for key in ("label", "id", "uid"):
            found = value.get(key)
            if found is not None:
                return to_text(found)
        return "?"
    return to_text(value)
