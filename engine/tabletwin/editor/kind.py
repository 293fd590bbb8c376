"""Which YAML documents are tabletwin documents, decided on the text and the file's name.

A tactic has a top-level ``tactic``. A model has a top-level ``flow``, or ``game`` with
``actions``; a model being written is also one before it has either: a file named
``*.model.yaml`` (or ``.yml``), even empty, and a text whose first key is ``game``. So a new
model gets completion and hover from its first keystroke. The VS Code extension decides the same
way (``vscode-extension/src/documentKind.ts``).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

# The first line that is not blank, a comment, a directive or a document start.
_FIRST_LINE = re.compile(r"^(?![ \t]*(?:#|$)|---|%)(.*)$", re.M)
_GAME_KEY = re.compile(r"game[ \t]*:")
MODEL_SUFFIXES = (".model.yaml", ".model.yml")


def is_model_name(path: str | None) -> bool:
    """Whether a file name or URI names a model (``*.model.yaml``, ``*.model.yml``)."""
    if not path:
        return False
    name = unquote(path).replace("\\", "/").rsplit("/", 1)[-1].lower()
    return name.endswith(MODEL_SUFFIXES)


def starts_with_game(text: str) -> bool:
    """Whether the first key of ``text`` is a top-level ``game``."""
    first = _FIRST_LINE.search(text)
    return first is not None and _GAME_KEY.match(first.group(1)) is not None


_AFTER_KEY = re.compile(r"\s*:")


def _has_top_key(text: str, key: str) -> bool:
    """``re.search(rf"^{key}\\s*:", text, re.M)``, by finding the key at line starts first (a
    pattern anchored at every line start read a 5,000-line model in 3 ms, four times per edit)."""
    start = 0 if text.startswith(key) else text.find("\n" + key) + 1
    while start > 0 or (start == 0 and text.startswith(key)):
        if _AFTER_KEY.match(text, start + len(key)):
            return True
        start = text.find("\n" + key, start) + 1
        if start == 0:
            return False
    return False


def document_kind(text: str, path: str | None = None) -> str | None:
    """``model``, ``tactic``, or ``None`` for other YAML (see the module's docstring)."""
    text = text.removeprefix("\ufeff")  # a byte order mark hides the first key from the patterns
    keys = {key for key in ("flow", "game", "actions", "tactic") if _has_top_key(text, key)}
    if "tactic" in keys:
        return "tactic"
    if "flow" in keys or {"game", "actions"} <= keys or starts_with_game(text) or is_model_name(path):
        return "model"
    return None

