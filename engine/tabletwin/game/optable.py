"""Every op of reference §11, by name: ``TABLE[kind] = (function, asks)``.

``asks`` marks the generator ops (they may yield a request); the others are plain functions,
which keeps the common ops (``set``, ``add``) free of generator overhead.
"""

from __future__ import annotations

from . import events, modifiers, windows
from .ops import choice, control, values, zones

TABLE: dict = {}
for _module in (values, zones, choice, control, events, windows, modifiers):
    TABLE.update(_module.OPS)
