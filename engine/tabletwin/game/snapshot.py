"""Copying a game in progress: its state and its frames, in time that does not grow with its past.

What is copied, with one memo so that a value held in two places is one value in the copy too
(an instance in a zone and in a variable, the local names an op list and its action share):

- the state: variables, zones (piles with what is known of their order), instances, eliminated
  players, results, the next ``uid``, temporary modifiers (their list; a modifier never changes);
- the walk: the frames (:mod:`.frames`) with their local names, the open windows and their stacks,
  the running subflows, the nesting of emits, and the work budget left.

Shared, never copied: the model and everything in it (nodes, ops, compiled code, model data
dicts, which no op may change), text, numbers and other immutable values, and functions. The
logs (answers, events, observations) are forked (:mod:`.log`): the copy points at the
original's past instead of copying it. The copy has no usage tally.

Like storing a value (:mod:`.stored`), a copy shares no list, dict or instance with the
original, so nothing either game does shows in the other.
"""

from __future__ import annotations

from .frames import ATOMIC as _ATOMIC
from .modifiers import make_modified
from .piles import Pile
from .runner import Runner


_SHARED: set = set()
"""Classes found to be neither copied values nor frames nor slotted objects to copy (model objects,
functions): their values are shared, as :class:`Copier` decides by asking the class, once."""


class Copier:
    """Copies values for one game copy; ``count`` is the number of lists, dicts and objects copied."""

    __slots__ = ("memo", "count")

    def __init__(self):
        self.memo: dict = {}
        self.count = 0

    def __call__(self, value):
        cls = value.__class__
        if cls in _ATOMIC or cls in _SHARED:
            return value
        memo = self.memo
        done = memo.get(id(value))
        if done is not None:
            return done[0]
        if cls is list:
            result = []
            memo[id(value)] = (result, value)
            self.count += 1
            for item in value:
                result.append(item if item.__class__ in _ATOMIC else self(item))
            return result
        if cls is dict:
            result = {}
            memo[id(value)] = (result, value)
            self.count += 1
            for key, item in value.items():
                result[key] = item if item.__class__ in _ATOMIC else self(item)
            return result
        if cls is Pile:
            result = Pile((), value.zone, value.owner, value.shuffled)
            result.top = value.top
            result.bottom = value.bottom
            memo[id(value)] = (result, value)
            self.count += 1
            for item in value:
                result.append(item if item.__class__ in _ATOMIC else self(item))
            return result
        if cls is tuple:
            result = tuple([item if item.__class__ in _ATOMIC else self(item) for item in value])
            memo[id(value)] = (result, value)
            return result
        if cls is set:
            result = {self(item) for item in value}
            memo[id(value)] = (result, value)
            self.count += 1
            return result
        copied = getattr(cls, "copied", None)
        if copied is not None:  # a frame
            result = copied(value, self)
            memo[id(value)] = (result, value)
            self.count += 1
            return result
        copy_slots = getattr(cls, "COPY", None)
        if copy_slots is None:
            _SHARED.add(cls)  # asked once per class: its values are all shared
            return value  # a model object, a function, a modifier: shared
        result = cls.__new__(cls)
        memo[id(value)] = (result, value)
        self.count += 1
        for name in cls.KEEP:
            setattr(result, name, getattr(value, name, None))
        for name in getattr(cls, "LIMITS", ()):
            setattr(result, name, getattr(value, name, None))
        for name in copy_slots:
            setattr(result, name, self(getattr(value, name, None)))
        return result


def copy_runner(runner, cls=None):
    """An independent :class:`~.runner.Runner` at the same point as ``runner``; returns ``(copy, copier)``."""
    cls = Runner if cls is None else cls
    copy = Copier()
    state = runner.state
    new_state = state.__class__.__new__(state.__class__)
    new_state.__dict__.update(state.__dict__)  # anything not named below is shared (model-level)
    new_state.players = copy(state.players)
    new_state.variables = {name: value if value.__class__ in _ATOMIC else copy(value)
                           for name, value in state.variables.items()}
    new_state.zones = {name: copy(zone) for name, zone in state.zones.items()}
    new_state.eliminated = copy(state.eliminated)
    new_state.results = copy(state.results)
    new_state.next_uid = state.next_uid
    new_state.events = state.events.fork()
    new_state.temporary_modifiers = list(state.temporary_modifiers)
    new_state.scope = None
    new_state.budget = runner.scope  # make_scope takes the budget left from here

    new = cls.__new__(cls)
    new.model = runner.model
    new.tally = None
    new.state = new_state
    new.scope = new_state.make_scope(make_modified(new))
    new.observations = runner.observations.fork()
    new.running_flows = list(runner.running_flows)
    new.window_stack = [copy(window) for window in runner.window_stack]
    new.emit_depth = runner.emit_depth
    new.frames = _copy_frames(runner.frames, copy)
    new.value = copy(runner.value)
    new.end = runner.end
    new.op_table = runner.op_table
    return new, copy


def _copy_frames(frames: list, copy: Copier) -> list:
    """The stack of frames, each by its class's own copier: what :class:`Copier` does for a frame,
    without asking what kind of value it is (a stack holds frames only)."""
    memo = copy.memo
    result = []
    for frame in frames:
        done = memo.get(id(frame))
        if done is None:
            new = frame.copied(copy)  # the class's copier, bound to the frame
            memo[id(frame)] = (new, frame)
            copy.count += 1
        else:
            new = done[0]
        result.append(new)
    return result
