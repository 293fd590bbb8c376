"""A chunk of results as a worker sends it to the parent: plain tuples, each repeated value once.

A chunk is a list of games, each a tuple of results (frozen dataclasses such as
:class:`~.runner.GameResult`). Pickled as they are, every result carries its class and the
names of its fields, and two games that used the same rules carry two equal tuples. Packed, a
result is the tuple of its field values, and equal tuples (payoffs, choices, usage) are one
object, which pickle then writes once and refers to; unpacking builds equal results again.
"""

from __future__ import annotations

from dataclasses import fields


def pack_chunk(chunk: list) -> tuple:
    """``(classes, games)``: the result classes by number, and each game as ``((class number, values), ...)``."""
    classes: list = []
    numbers: dict = {}
    shared: dict = {}
    games = []
    for game in chunk:
        packed = []
        for result in game:
            cls = result.__class__
            number = numbers.get(cls)
            if number is None:
                number = numbers[cls] = len(classes)
                classes.append(cls)
            packed.append((number, tuple([_shared(value, shared) for value in result.__dict__.values()])))
        games.append(tuple(packed))
    return tuple(classes), games


def unpack_chunk(packed: tuple) -> list:
    """The chunk :func:`pack_chunk` packed: equal results, in the same order."""
    classes, games = packed
    names = [tuple(field.name for field in fields(cls)) for cls in classes]
    chunk = []
    for game in games:
        results = []
        for number, values in game:
            cls = classes[number]
            result = cls.__new__(cls)
            object.__setattr__(result, "__dict__", dict(zip(names[number], values)))
            results.append(result)
        chunk.append(tuple(results))
    return chunk


def _shared(value, shared: dict):
    """``value``, or an equal tuple met before in this chunk."""
    if value.__class__ is not tuple:
        return value
    try:
        return shared.setdefault(value, value)
    except TypeError:  # holds something unhashable: kept as it is
        return value
