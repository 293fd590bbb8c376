"""The work budget and the memory allowance of one evaluation.

An evaluation may spend :data:`WORK_LIMIT` units of work (``G.steps``) and build
:data:`MAX_ELEMENTS` elements (``G.room``). Both are set afresh by the outermost evaluation;
everything that runs inside it (derived values, own functions, modifiers) spends from the same
two counters. Whatever could take time or memory in proportion to the size of a value charges
that size *before* doing the work, so a single call cannot run for minutes inside C.

Units: one unit is about one element touched by a loop in C (a comparison, a copy, a hash;
a few nanoseconds, more on big values whose elements miss the cache). A step of a comprehension
runs Python bytecode and costs :data:`LOOP_COST` plus :data:`NODE_COST` per node it evaluates.
The constants were measured so that using up the whole budget, whichever way, takes about a
second of CPU on the development machine (two to three seconds of wall time when it is heavily
loaded); ``tests/hostile/test_expressions.py`` keeps each way within the bar.
"""

from __future__ import annotations

from .values import TSet

WORK_LIMIT = 30_000_000
"""Work units allowed in one evaluation: about half a second to a second of work on the development
machine when quiet, two or three seconds when it is heavily loaded."""

MAX_ELEMENTS = 11_000_000
"""Elements one evaluation may build (list, tuple, set and dict entries, comprehension results,
eight characters of text). At roughly 40 bytes an element (the slot and a fresh number), this
keeps one evaluation well below 512 MB; ``range(10**7)`` still fits."""

NODE_COST = 2
"""Units for evaluating one node of an expression once in Python bytecode."""

LOOP_COST = 2
"""Units for one step of a comprehension, on top of the nodes it evaluates."""

CALL_COST = 60
"""Units a call of an own function costs on top of its nodes: binding, the call depth
bookkeeping, the frame."""

DERIVED_COST = 200
"""Units computing a derived value costs on top of its nodes: a failed lookup, the provider and
the compiled code, four frames. Deep chains of them (``d3: d2 + d2``) push and pop Python's frame
stack across a chunk boundary, which in CPython 3.11 maps and unmaps memory each time: measured
at up to 9 µs an evaluation on a loaded machine."""

ELEMENT_COST = 2
"""Units for making one element (a list slot and, often, a new number)."""

TOUCH_COST = 3
"""Units for one element that C code compares, hashes or searches: on a big value each one is a
memory access that misses the cache."""

WALK_COST = 10
"""Units for each nested value :func:`weight` has to visit in Python to size a value."""

TEXT_ELEMENT = 8
"""Characters of text that count as one element of :data:`MAX_ELEMENTS`."""

PRINT_COST = 40
"""Units per element for writing a value as text (``str()``), done element by element in Python."""


def out_of_work() -> TimeoutError:
    return TimeoutError(f"{_TOO_LONG} (more than {WORK_LIMIT} work units)")


def out_of_room() -> MemoryError:
    return MemoryError(f"{_TOO_MUCH} (more than {MAX_ELEMENTS} elements)")


def exhausted(message: str) -> bool:
    """Whether an error message says an expression used up its budget or allowance."""
    return _TOO_LONG in message or _TOO_MUCH in message


_TOO_LONG = "expression runs too long"
_TOO_MUCH = "expression builds too much"


def charge(G, units: int) -> None:
    """Spend ``units`` of the evaluation's work budget."""
    G.steps -= units
    if G.steps < 0:
        raise out_of_work()


def build(G, elements: int) -> None:
    """Account for ``elements`` new elements: room for them, and the work of making them."""
    G.room -= elements
    if G.room < 0:
        raise out_of_room()
    G.steps -= elements * ELEMENT_COST
    if G.steps < 0:
        raise out_of_work()


def touch(G, value) -> None:
    """Charge a walk of C code over ``value`` (a comparison, hashing, a search)."""
    cls = value.__class__
    if (cls is list or cls is tuple) and value and value[0].__class__ in _NUMBERS:
        # A list of numbers, the usual case, weighed as weight() does, inline.
        units = TOUCH_COST * (len(value) + 1)
        if units <= G.steps:
            try:
                sum(value)  # fails on anything but numbers, in C
            except TypeError:
                pass
            else:
                G.steps -= units
                return
    charge(G, TOUCH_COST * weight(value, G.steps // TOUCH_COST + 1))


def build_text(G, length: int) -> None:
    build(G, length // TEXT_ELEMENT + 1)


_FLAT = frozenset({int, float, bool, type(None)})
_NUMBERS = frozenset({int, float, bool})


def weight(value, cap: int) -> int:
    """How many elements a deep operation on ``value`` (``==``, ``<``, hashing) may touch.

    Counts every element at every depth, a shared element as often as it is referenced (that
    is what a comparison walks), but stops as soon as the count passes ``cap``: the caller
    charges the result, so anything above the remaining budget fails anyway. A number counts 1,
    text one per 32 characters (its comparison is a memory compare). Each nested value visited
    here in Python adds :data:`WALK_COST`, the cost of sizing it.
    """
    cls = value.__class__
    if cls in _FLAT:
        return 1
    if cls is str:
        return len(value) // 32 + 1
    if cls is list or cls is tuple:
        if len(value) >= cap:
            return len(value) + 1  # past the cap already (as _weigh finds without a walk)
        # Flat: what _weigh finds, without its memo, the elements checked in C. sum() is the
        # quickest check of a list of numbers: it fails on anything else (None included).
        if value and value[0].__class__ in _NUMBERS:
            try:
                sum(value)
                return len(value) + 1
            except TypeError:
                pass
        elif _FLAT.issuperset(map(type, value)):
            return len(value) + 1
    return _weigh(value, cap, {})


def _weigh(value, cap: int, memo: dict) -> int:
    key = id(value)
    known = memo.get(key)
    if known is not None:
        return known
    if isinstance(value, dict):
        items = value.values()
    elif isinstance(value, (list, tuple, TSet)):
        items = value
    else:
        return 1  # a function, a generator: nothing to walk
    total = len(value) + 1
    if total > cap:
        return total
    # The kinds of the elements, found in C: a flat container needs no walk in Python.
    if not set(map(type, items)) <= _FLAT:
        for item in items:
            cls = item.__class__
            if cls in _FLAT:
                continue
            total += len(item) // 32 if cls is str else WALK_COST + _weigh(item, cap, memo)
            if total > cap:
                return total
    memo[key] = total
    return total
