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
    """Variables, zones, the next ``uid`` and the work ``spent``, after a game's set-up.

    The work is kept as spent, not as left: the game's limit (``work.GAME_WORK_LIMIT``) is read
    when each game starts, as a computed start reads it.
    """

    __slots__ = ("variables", "zones", "next_uid", "spent", "_plans")

    def __init__(self, variables: dict, zones: dict, next_uid: int, spent: int):
        self.variables, self.zones, self.next_uid, self.spent = variables, zones, next_uid, spent
        self._plans = None

    def copy(self) -> tuple[dict, dict]:
        """Fresh variables and zones for one game (one memo: sharing inside the state is kept)."""
        plans = self._plans
        if plans is None:
            plans = self._plans = (_split(_plan(self.variables, self.zones)), _split(_plan(self.zones, self.variables)))
        memo: dict = {}
        return _copied(plans[0], memo), _copied(plans[1], memo)


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


_AS_IS, _FLAT_LIST, _FLAT_PILE, _FLAT_PILES, _DEEP = range(5)
"""How one value of the prepared state is copied: shared, a list or pile of shared values
held nowhere else (one C-speed copy), a list of such piles (a zone per player), or the general
copy with the memo."""


def _plan(values: dict, others: dict) -> list[tuple]:
    """``(name, how, value)`` for every value; ``others``: the rest of the state, where a
    container counts as held elsewhere too."""
    held: dict = {}
    for value in (*values.values(), *others.values()):
        _count(value, held)
    plan = []
    for name, value in values.items():
        cls = value.__class__
        if cls in _SHARED:
            how = _AS_IS
        elif (cls is list or cls is Pile) and held[id(value)] == 1 and all(
                item.__class__ in _SHARED for item in value):
            how = _FLAT_LIST if cls is list else _FLAT_PILE
        elif cls is list and held[id(value)] == 1 and all(
                item.__class__ is Pile and held[id(item)] == 1 and all(card.__class__ in _SHARED for card in item)
                for item in value):
            how = _FLAT_PILES
        else:
            how = _DEEP
        plan.append((name, how, value))
    return plan


def _count(value, held: dict) -> None:
    """How often each container is held in the prepared state, by ``id``."""
    if value.__class__ in _SHARED:
        return
    seen = held.get(id(value), 0)
    held[id(value)] = seen + 1
    if seen:
        return
    for item in value.values() if value.__class__ is dict else value:
        _count(item, held)


def _split(plan: list[tuple]) -> tuple[dict, list[tuple]]:
    """``(every name with its prepared value, in order; the entries whose value is copied)``: a
    copy starts as a copy of the first, in which only the second's names are replaced."""
    return {name: value for name, _, value in plan}, [entry for entry in plan if entry[1] != _AS_IS]


def _copied(plan: tuple[dict, list[tuple]], memo: dict) -> dict:
    shared, copied = plan
    result = shared.copy()  # the names in the plan's order; a shared value stays as it is
    for name, how, value in copied:
        if how == _FLAT_LIST:
            result[name] = value[:]
        elif how == _FLAT_PILE:
            result[name] = _pile(value)
        elif how == _FLAT_PILES:
            result[name] = [_pile(part) for part in value]
        else:
            result[name] = _copy(value, memo)
    return result


def _pile(pile: Pile) -> Pile:
    copy = _new_pile(Pile)  # (Pile.__init__ sets what is set here, and two counts set again below)
    copy.extend(pile)
    copy.zone, copy.owner, copy.shuffled, copy.top, copy.bottom = pile.zone, pile.owner, pile.shuffled, pile.top, \
        pile.bottom
    return copy


_new_pile = Pile.__new__


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
