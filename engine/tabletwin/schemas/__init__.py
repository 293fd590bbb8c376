"""The JSON Schemas of model and tactic files, shipped inside the package.

``model.schema.json`` and ``tactic.schema.json`` here are symlinks to the repository's
``schemas/`` folder, so each file exists once in git; a built wheel holds their content.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

SCHEMA_NAMES = ("model", "tactic")


def load_schema(name: str) -> dict:
    """The schema ``name`` (``model`` or ``tactic``) as a fresh dict; ``ValueError`` for another name."""
    return json.loads(_schema_text(name))


@lru_cache(maxsize=None)
def _schema_text(name: str) -> str:
    if name not in SCHEMA_NAMES:
        raise ValueError(f"no schema {name!r}; expected one of {', '.join(SCHEMA_NAMES)}")
    return resources.files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")


__all__ = ["SCHEMA_NAMES", "load_schema"]
