"""Model paths: where a value sits in the loaded data.

A path is a tuple of mapping keys (``str``) and list indexes (``int``), from the root down.
People see it written the way the spec writes it, ``actions.roll.effect[1].amount_x``; the
validator, the engine and the language server pass the tuple around and format it only for
messages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

Path = tuple[str | int, ...]

_KEY = r"[^.\[\]]+"
_INDEX = r"\[[0-9]+\]"
_PATH = re.compile(rf"(?:{_KEY}|{_INDEX})(?:{_INDEX})*(?:\.{_KEY}(?:{_INDEX})*)*")
_STEP = re.compile(rf"({_KEY})|\[([0-9]+)\]")


def format_path(path: Sequence[str | int]) -> str:
    """``('actions', 'roll', 'effect', 1, 'x')`` as ``'actions.roll.effect[1].x'``; root ``''``."""
    parts: list[str] = []
    for step in path:
        if step.__class__ is int:
            parts.append(f"[{step}]")
        elif parts:
            parts.append(f".{step}")
        else:
            parts.append(str(step))
    return "".join(parts)


def parse_path(text: str) -> Path:
    """The path :func:`format_path` wrote, for keys that hold none of ``.``, ``[`` and ``]``.

    Raises ``ValueError`` for text that is not such a path.
    """
    if not text:
        return ()
    if _PATH.fullmatch(text) is None:
        raise ValueError(f"not a model path: {text!r}")
    return tuple(int(index) if index else key for key, index in _STEP.findall(text))
