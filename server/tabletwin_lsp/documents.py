"""Which YAML documents the server answers for: models (a top-level ``flow``, or ``game`` with
``actions``). Others are left alone, so the server can watch every YAML file of a workspace."""

from __future__ import annotations

import re

_TOP_KEY = re.compile(r"^(flow|game|actions|tactic)\s*:", re.M)


def is_model_text(text: str) -> bool:
    keys = set(_TOP_KEY.findall(text))
    return "tactic" not in keys and ("flow" in keys or {"game", "actions"} <= keys)
