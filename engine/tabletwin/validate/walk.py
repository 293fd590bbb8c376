"""Walking a model's raw data: every flow node, every op list and op, every content item,
each with its model path (so every finding can be placed in the file).

Every walk goes through a mapping or list that YAML aliases share once, at its first path (the
anchor's, where its text is): a "billion laughs" model stays as small to walk as its text.

The validator's checks walk the same model many times (all ops six times, the content ten).
Inside :func:`shared_walks` each walk of that model runs once and is replayed; the data must not
change meanwhile. Checks that look for a few kinds of op (``run``, ``emit``, ``window``) read
:func:`ops_of`, which skips the op lists without them.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import wraps

from ..checks import reuse
from ..modelfile.shared import Once, brief

_shared = threading.local()


@contextmanager
def shared_walks(data: dict):
    """Within this block, :func:`nodes`, :func:`content_items`, :func:`op_lists` and
    :func:`all_ops` of ``data`` (this very object) walk it once (in this thread)."""
    previous = getattr(_shared, "walks", None)
    # Nested in a block of the same model (lint inside the validator): its walks are reused.
    _shared.walks = previous if previous is not None and previous[0] is data else (data, {})
    try:
        yield
    finally:
        _shared.walks = previous


def _replayed(walk):
    """``walk``, replayed from its first run on the model of the current :func:`shared_walks`."""

    @wraps(walk)
    def replay(data):
        shared = getattr(_shared, "walks", None)
        if shared is None or shared[0] is not data:
            return walk(data)
        done = shared[1].get(walk)
        if done is None:
            done = shared[1][walk] = list(walk(data))
        return iter(done)

    return replay


NESTED_OPS = ("then", "else", "body", "impact")


def mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def sequence(value) -> list:
    return value if isinstance(value, list) else []


def step_do(node: dict) -> list[str]:
    """The action names of a step's ``do`` (one name or a list)."""
    do = node.get("do")
    return [brief(n) for n in (do if isinstance(do, list) else [do] if do is not None else [])]


def path_name(text) -> str:
    """The zone or variable a path names: ``hand`` in ``hand[actor]``."""
    return str(text).strip().split("[", 1)[0].strip()


@_replayed
def nodes(data: dict):
    """``(node, path)`` of every flow node of ``flow`` and ``flows``, depth first."""

    once = Once()

    def visit(node, path):
        if not isinstance(node, dict) or not once.first(node):
            return
        yield node, path
        for index, child in enumerate(sequence(node.get("children"))):
            yield from visit(child, path + ("children", index))
        for index, case in enumerate(sequence(node.get("cases"))):
            for child_index, child in enumerate(sequence(mapping(case).get("children"))):
                yield from visit(child, path + ("cases", index, "children", child_index))

    yield from visit(data.get("flow"), ("flow",))
    for name, node in mapping(data.get("flows")).items():
        yield from visit(node, ("flows", name))


@dataclass(frozen=True)
class OpList:
    """One list of ops and what it belongs to (``owner``: action name, trigger id, ...)."""

    ops: list
    path: tuple
    kind: str  # action, ability, trigger, outcome, content
    owner: str


@_replayed
def content_items(data: dict):
    """``(item, path)`` of every content item (a dict with an ``id``) in model order."""

    once = Once()

    def visit(value, path, once):
        if not once.first(value):
            return
        if isinstance(value, dict):
            if "id" in value:
                yield value, path
            for key, item in value.items():
                if key not in ("effect", "abilities", "triggers", "modifiers"):
                    yield from part(item, path + (key,), once)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from part(item, path + (index,), once)

    def part(value, path, once):
        """A section of the content (``content.cards``) is walked on its own and its items kept
        while it is the same object and shares nothing (see :mod:`tabletwin.checks.reuse`)."""
        if len(path) != 2 or (value.__class__ is not dict and value.__class__ is not list) \
                or not reuse.reusable(path):
            return visit(value, path, once)
        return reuse.remembered("content_items", path, value, lambda: list(visit(value, path, Once())))

    yield from visit(mapping(data.get("content")), ("content",), once)


@_replayed
def op_lists(data: dict):
    """Every top-level op list of the model (nested lists come from :func:`ops`)."""
    for name, action in mapping(data.get("actions")).items():
        for part in ("cost", "effect"):
            if part in mapping(action):
                yield OpList(sequence(action[part]), ("actions", name, part), "action", str(name))
    for index, trigger in enumerate(sequence(data.get("triggers"))):
        trigger = mapping(trigger)
        yield OpList(sequence(trigger.get("do")), ("triggers", index, "do"), "trigger", str(trigger.get("id", index)))
    for name, model in mapping(data.get("outcomes")).items():
        for index, outcome in enumerate(sequence(mapping(model).get("outcomes"))):
            yield OpList(sequence(mapping(outcome).get("effect")), ("outcomes", name, "outcomes", index, "effect"),
                         "outcome", str(name))
    for item, path in content_items(data):
        label = str(item.get("id"))
        if "effect" in item:
            yield OpList(sequence(item.get("effect")), path + ("effect",), "content", label)
        for index, ability in enumerate(sequence(item.get("abilities"))):
            ability = mapping(ability)
            for part in ("cost", "effect"):
                if part in ability:
                    yield OpList(sequence(ability[part]), path + ("abilities", index, part), "ability",
                                 str(ability.get("id", label)))
        for index, trigger in enumerate(sequence(item.get("triggers"))):
            trigger = mapping(trigger)
            yield OpList(sequence(trigger.get("do")), path + ("triggers", index, "do"), "content",
                         str(trigger.get("id", label)))


def ops(op_list, path: tuple, once: Once | None = None):
    """``(op, path)`` of every op in a list and in the lists nested in it.

    ``once`` remembers the lists and ops already walked, to share it between several lists.
    """
    once = Once() if once is None else once
    if not once.first(op_list):
        return
    for index, op in enumerate(sequence(op_list)):
        at = path + (index,)
        if not isinstance(op, dict) or not once.first(op):
            continue
        yield op, at
        for key in NESTED_OPS:
            if key in op:
                yield from ops(op[key], at + (key,), once)


@_replayed
def op_groups(data: dict):
    """``(owner OpList, [(op, path), ...])`` per top-level op list: its ops and those of the lists
    nested in it, in :func:`all_ops`'s order.

    The pairs of a list that is the same object at the same path as in the last walk are that
    walk's (see :mod:`tabletwin.checks.reuse`).
    """
    once = Once()
    for owner in op_lists(data):
        if reuse.reusable(owner.path):  # it shares nothing: a walk of its own gives the same ops
            walked = reuse.remembered("ops", owner.path, owner.ops, lambda: list(ops(owner.ops, owner.path, Once())))
        else:
            walked = list(ops(owner.ops, owner.path, once))
        yield owner, walked


@_replayed
def op_kinds(data: dict):
    """The names of the ops (the texts of ``op``) of each group of :func:`op_groups`, in its order:
    a check that looks for a few kinds of op skips the lists that have none."""
    for owner, walked in op_groups(data):
        if reuse.reusable(owner.path):
            yield reuse.remembered("op_kinds", owner.path, owner.ops, lambda: _kinds(walked))
        else:
            yield _kinds(walked)


def _kinds(walked: list) -> frozenset:
    return frozenset(kind for op, _path in walked if (kind := op.get("op")).__class__ is str)


def ops_of(data: dict, kinds: tuple):
    """``(op, path, owner OpList)`` of the ops of the model whose ``op`` is one of ``kinds``, in
    :func:`all_ops`'s order."""
    for (owner, walked), found in zip(op_groups(data), op_kinds(data)):
        if found.isdisjoint(kinds):
            continue
        for op, path in walked:
            if op.get("op") in kinds:
                yield op, path, owner


@_replayed
def all_ops(data: dict):
    """``(op, path, owner OpList)`` of every op of the model (see :func:`op_groups`)."""
    for owner, walked in op_groups(data):
        for op, path in walked:
            yield op, path, owner
