"""The key order of every dict a model sees.

Dicts keep insertion order, except text keys that spell a non-negative integer (``'2'``,
``'10'``): those come first, in ascending numeric order. Models written for the spec's engine
rely on this order, so YAML data, dict literals, ``dict()`` and instances all pass through
:func:`ordered`.
"""

from __future__ import annotations

# Keys that spell an integer below 2**32 - 1 without a sign or leading zero count as indexes.
_MAX_INDEX = 2**32 - 2


def index_key(key: str) -> int | None:
    """The integer a key spells, if it is an index key; else ``None``."""
    if not key or not key.isascii() or not key.isdigit():
        return None
    if len(key) > 1 and key[0] == "0":
        return None
    value = int(key)
    return value if value <= _MAX_INDEX else None


def ordered(d: dict) -> dict:
    """``d`` itself when its order is already right, else a reordered copy."""
    indexes = None
    for key in d:
        if key.__class__ is str and key and key[0] in "0123456789" and index_key(key) is not None:
            if indexes is None:
                indexes = []
            indexes.append(key)
    if indexes is None:
        return d
    indexes.sort(key=int)
    if list(d)[: len(indexes)] == indexes:
        return d
    result = {key: d[key] for key in indexes}
    for key, value in d.items():
        if key not in result:
            result[key] = value
    return result
