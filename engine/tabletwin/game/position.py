"""The position of a game: a hashable key of everything that decides how it continues.

Contract (what an exact solver may rely on):

- Two games of the **same model object** whose keys are equal continue identically: for the same
  answers they ask the same requests (same options, values, probabilities, who decides, who sees
  it), make the same observations and events, and end with the same payoffs. This holds until
  one of the engine's runaway limits stops one of them: the work budget, the rounds of a loop,
  the turns of a window and the passes of a ``repeat`` are left out of the key on purpose.
- The key holds the state (variables in declaration order, zones with what is known of the order
  of shuffled ones, instances with their ``uid``, eliminated players, results, the next ``uid``,
  temporary modifiers), the walk (every frame of :mod:`.frames` with its place in the flow and
  its local names, the running subflows, the open windows and their stacks), and the end if the
  game is over. Model objects (nodes, ops, model data) are keyed by identity, so keys of
  different model objects (or processes) are not comparable.
- The key leaves out the past: answers, observations, events, the seed and the work spent. So
  the same board reached by different move orders, or the same scores after different turns,
  give equal keys.
- Sharing is part of the key: a list held in two places is keyed once and then referred to, so a
  position where two names hold one list differs from one where they hold equal copies.
- ``1``, ``1.0`` and ``True`` are different values in a key (labels and types tell them apart).

Keys are tuples of tuples, as long as the state; build one per position, not per step.
"""

from __future__ import annotations

from ..expr import TSet
from ..model import Modifier
from ..model.data import ModelDict
from .piles import Pile


class _Keyer:
    """Keys values in one traversal; a list, dict or object met again is keyed by its number."""

    __slots__ = ("seen",)

    def __init__(self):
        self.seen: dict = {}

    def __call__(self, value):
        cls = value.__class__
        if cls is str or cls is int or value is None:
            return value
        if cls is bool:
            return ("bool", value)
        if cls is float:
            return ("float", value)
        if cls is ModelDict:
            return ("model", id(value))
        if cls is TSet:
            return ("set", tuple(self(item) for item in value))
        if cls is range:
            return ("range", value.start, value.stop, value.step)
        if cls is tuple:
            return ("tuple", tuple([self(item) for item in value]))
        copy_slots = getattr(cls, "COPY", None)
        if copy_slots is None and cls not in _CONTAINERS:
            return ("model", id(value))  # a model object or a function: by identity
        seen = self.seen
        number = seen.get(id(value))
        if number is not None:
            return ("ref", number[0])
        seen[id(value)] = (len(seen), value)
        if cls is list:
            return ("list", tuple([self(item) for item in value]))
        if cls is dict:
            return ("dict", tuple([(key, self(item)) for key, item in value.items()]))
        if cls is Pile:
            return ("pile", value.zone, value.owner, value.top, value.bottom, tuple([self(item) for item in value]))
        if cls is set:
            return ("pyset", frozenset(self(item) for item in value))
        if cls is Modifier:
            return ("modifier", value.path, self(value.stat), self(value.layer), self(value.until),
                    None if value.captured is None else self(value.captured), ("model", id(value.item)))
        return (cls.__name__, tuple([self(getattr(value, name, None)) for name in cls.KEEP]),
                tuple([self(getattr(value, name, None)) for name in copy_slots]))


_CONTAINERS = frozenset({list, dict, Pile, set, Modifier})


def position_key(runner, request=None) -> tuple:
    """The key of the point ``runner`` is at (see the module's contract)."""
    key = _Keyer()
    state = runner.state
    end = runner.end if not runner.frames else None
    return (
        tuple([(name, key(value)) for name, value in state.variables.items()]),
        tuple([(name, key(zone)) for name, zone in state.zones.items()]),
        key(state.eliminated), key(state.results), state.next_uid, key(state.temporary_modifiers),
        tuple(runner.running_flows), runner.emit_depth, key(runner.window_stack), key(runner.frames),
        None if end is None else (key(end.payoffs), end.reason),
    )
