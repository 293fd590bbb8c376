"""JSON on standard output: strict JSON, also when a value is an infinite or undefined number.

Python writes ``Infinity`` and ``NaN``, which JSON does not have and strict parsers refuse. Such a
number (an infinite payoff, a decimal past the largest) is written as the language prints it,
as text: ``"inf"``, ``"-inf"``, ``"nan"``.
"""

from __future__ import annotations

import json
import math


def dumps(document, default=None) -> str:
    try:
        return json.dumps(document, ensure_ascii=False, default=default, allow_nan=False)
    except ValueError:  # only now walk the document: the usual one has no such number
        return json.dumps(_finite(document, default), ensure_ascii=False, default=default, allow_nan=False)


def _finite(value, default):
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, dict):
        return {key: _finite(item, default) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item, default) for item in value]
    if default is not None and not isinstance(value, (str, int, float, bool, type(None))):
        return _finite(default(value), None)
    return value
