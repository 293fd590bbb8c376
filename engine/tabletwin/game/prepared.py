"""The start of a game computed once per model, and copied for every game.

Every game of a model starts the same way: the rules never draw random numbers (chance is a
request), so the variables, zones, instances and ``uid`` counter after set-up, and the work
set-up spent, are the same for every game. Computing them means building a scope with every
builtin and own function bound to it and evaluating each ``init_x``: for a short game (Kuhn
poker) that cost as much as playing. So the first game of a model computes them, keeps the
result in the model's cache (``model.compiled_parts``) and every game, the first one too,
starts from a copy of it.

The copy keeps what storing a value keeps (:mod:`.stored`): lists, dicts, tuples and piles are
copied, each as often as the prepared state holds it (a list held twice is one copy held twice),
instances too (each game owns its cards), while model data (``origin``), text, numbers and the
other immutable values are shared. A prepared state that holds anything else (a function an
``init_x`` gave, say) could not be copied faithfully: such a model computes its start for every
game, as before. So does a model whose set-up fails: each game raises the same error itself.
"""

from __future__ import annotations

from ..errors import EngineError
from ..expr import TSet
from ..model.data import ModelDict
from .piles import Pile

_SHARED = frozenset({int, float, str, bool, type(None), TSet, ModelDict, range})
"""Values a game never changes in place: copies share them."""

_KEY = ("prepared-state",)
"""The key of the prepared state in ``model.compiled_parts``."""

_UNPREPARABLE = object()
"""Cached for a model whose start cannot be prepared: it is computed per game."""


class Prepared:
    """Variables, zones, the next ``uid`` and the work spent, after a game's set-up."""

    __slots__ = ("variables", "zones", "next_uid", "steps")

    def __init__(self, variables: dict, zones: dict, next_uid: int, steps: int):
        self.variables, self.zones, self.next_uid, self.steps = variables, zones, next_uid, steps

    def copy(self) -> tuple[dict, dict]:
        """Fresh variables and zones for one game (one memo: sharing inside the state is kept)."""
        memo: dict = {}
        variables = {name: _copy(value, memo) for name, value in self.variables.items()}
        zones = {name: _copy(value, memo) for name, value in self.zones.items()}
        return variables, zones


def prepared(model, compute) -> Prepared | None:
    """The model's prepared start; ``compute()`` makes one from a fresh set-up (first use only).

    ``None`` when the model's start must be computed per game (see the module's docstring).
    """
    cache = model.compiled_parts
    found = cache.get(_KEY)
    if found is None:
        try:
            found = compute()
        except EngineError:
            found = None  # the game's own set-up raises it, with its own budget
        if found is None or not _plain(found.variables) or not _plain(found.zones):
            found = _UNPREPARABLE
        cache[_KEY] = found
    return None if found is _UNPREPARABLE else found


def _plain(value, depth: int = 0) -> bool:
    """Whether ``value`` holds only what :func:`_copy` copies faithfully."""
    cls = value.__class__
    if cls in _SHARED:
        return True
    if depth > 200:
        return False
    if cls is dict:
        return all(_plain(item, depth + 1) for item in value.values())
    if cls is list or cls is tuple or cls is Pile:
        return all(_plain(item, depth + 1) for item in value)
    return False


def _copy(value, memo: dict):
    cls = value.__class__
    if cls in _SHARED:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    if cls is list:
        result = memo[id(value)] = []
        result.extend([_copy(item, memo) for item in value])
    elif cls is dict:
        result = memo[id(value)] = {}
        for key, item in value.items():
            result[key] = _copy(item, memo)
    elif cls is Pile:
        result = memo[id(value)] = Pile((), value.zone, value.owner, value.shuffled)
        result.extend([_copy(item, memo) for item in value])
        result.top, result.bottom = value.top, value.bottom
    else:  # a tuple (only plain values reach here: see _plain)
        result = memo[id(value)] = tuple([_copy(item, memo) for item in value])
    return result
