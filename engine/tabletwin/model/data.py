"""Model data (``constants`` and ``content``): read-only dicts the rules can tell apart.

Dicts that come from the model itself are :class:`ModelDict`: expressions read them like any
dict, ``create`` turns them into instances that keep them as ``origin``, and writing one of
their attributes is the spec's error.
"""

from __future__ import annotations


class ModelDict(dict):
    """A dict that is model data."""

    __slots__ = ()


def freeze(value, memo: dict | None = None):
    """``value`` with every dict inside it turned into a :class:`ModelDict` (lists stay lists).

    YAML aliases share objects; so do their frozen copies (``memo``), which keeps an alias-heavy
    document linear.
    """
    if not isinstance(value, (dict, list)):
        return value
    memo = {} if memo is None else memo
    done = memo.get(id(value))
    if done is not None:
        return done
    if isinstance(value, dict):
        result = memo[id(value)] = ModelDict()
        for key, item in value.items():
            result[key] = freeze(item, memo)
        return result
    result = memo[id(value)] = []
    result.extend(freeze(item, memo) for item in value)
    return result


def is_model_data(value) -> bool:
    return value.__class__ is ModelDict
