"""Every op of reference §11, by name: ``TABLE[kind] = function``.

``function(runner, op, local_names, place)`` does the op and returns ``None``, or returns the
frame (:mod:`.frames`) that does the rest of it when it may ask something.
"""

from __future__ import annotations

from . import events, modifiers, windows
from .ops import choice, control, values, zones

TABLE: dict = {}
for _module in (values, zones, choice, control, events, windows, modifiers):
    TABLE.update(_module.OPS)
