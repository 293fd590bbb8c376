"""Tiny models, scripted answers and caught engine errors for the op and reactive-rule tests.

Most tests run one action ``a`` in a one-step flow. :func:`play` and :func:`stopped` add that
flow (``{id: s, kind: step, actor_x: "0", do: a}``) and an end condition that fires after the
step (``done``, a draw) when the model text has no top-level ``flow:`` resp. ``end:`` key.
"""

from __future__ import annotations

import re
import textwrap

import pytest

from tabletwin import ExprError, Game, NotExecutable, load_model

STEP = 'flow: {id: s, kind: step, actor_x: "0", do: a}\n'
DONE = 'end: [{id: done, if_x: "True", result: draw}]\n'


def model_of(text: str, *, defaults: bool = True):
    """The model of a YAML text (dedented); with ``defaults`` the one-step flow and ``done``."""
    text = textwrap.dedent(text)
    if defaults:
        if not re.search(r"^flow\s*:", text, re.M):
            text += STEP
        if not re.search(r"^end\s*:", text, re.M):
            text += DONE
    return load_model(text)


def drive(game: Game, *labels) -> Game:
    """Answer the next requests by option label; each label must be one of the options."""
    for wanted in labels:
        request = game.request
        assert request is not None and request.kind != "end", f"the game is over, cannot answer {wanted!r}"
        options = list(request.options)
        assert wanted in options, f"{wanted!r} is not among {options} at {request.where}"
        game.answer(options.index(wanted))
    return game


def play(text: str, *labels, defaults: bool = True) -> Game:
    """A game of ``text``, driven through ``labels``."""
    return drive(Game(model_of(text, defaults=defaults)), *labels)


def stopped(text: str, *labels, defaults: bool = True):
    """The engine error (NotExecutable or ExprError) that stops a game of ``text``.

    The error may come from the start of the game or from any of the answers.
    """
    model = model_of(text, defaults=defaults)
    with pytest.raises((NotExecutable, ExprError)) as info:
        drive(Game(model), *labels)
    return info.value


def asked(game: Game) -> tuple:
    """``(kind, player, where, options)`` of the current request."""
    request = game.request
    return request.kind, request.player, request.where, list(request.options)


def ended(game: Game, reason: str = "done") -> bool:
    request = game.request
    assert request.kind == "end", f"still asking {request.options} at {request.where}"
    assert request.reason == reason
    return True


def observed(game: Game, kind: str | None = None) -> list[tuple]:
    """``(where, kind, label, visible_to)`` of the observations (of one kind)."""
    return [(o.where, o.kind, o.label, o.visible_to) for o in game.observations if kind is None or o.kind == kind]


def fails(error, kind: str, message: str) -> bool:
    """``error`` is of ``kind`` with exactly ``message``."""
    assert error.kind == kind, f"{error.kind}: {error.message}"
    assert error.message == message, f"{error.message!r} != {message!r}"
    assert str(error) == f"{kind}: {message}"
    return True
