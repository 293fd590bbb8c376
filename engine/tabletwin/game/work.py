"""The work one game may do, over all its expressions and ops together.

Each construct has its own limit (10,000 passes of a ``repeat``, 50 nested emits, 20 nested
``modified()`` calls, the work budget of one expression), but limits multiply: three nested
``repeat`` loops, a trigger that emits its own event twice, or modifiers that call
``modified()`` twice each stay within every one of them and still never end. So a game also has
one budget of work steps, spent by everything it does:

- an expression spends its loop steps and built elements, plus
  :data:`~tabletwin.model.code.EVALUATION_COST`;
- an op, a flow node, a pass of ``repeat``, an item of ``for_each``, a round of a loop and a
  turn of a window spend :data:`OP_COST`;
- a call of ``modified()`` spends :data:`MODIFIER_COST` plus one per modifier it looks at, from
  the evaluation that makes it; making an instance spends :data:`INSTANCE_COST`, and storing a
  value a step per element copied (:mod:`.stored`);
- an emit spends :data:`OP_COST` plus one per trigger and temporary modifier it looks through,
  and each trigger it fires :data:`OP_COST` more.

The costs are set so that a step takes about the same time whatever spends it (at most ~40 ns
on the machine the project is measured on): :data:`GAME_WORK_LIMIT` steps take a second or
less of processor time however a game spends them.

The budget is the work budget of the game's scope (``scope.steps``): an evaluation in a game
does not start a budget of its own (:class:`~tabletwin.model.code.Code`), so the expression
language's charging spends the game's budget directly. When it runs out the game stops with an
:class:`~tabletwin.errors.ExprError` at the place it ran out, whether an op or an expression.
"""

from __future__ import annotations

from ..errors import ExprError
from ..modelfile.paths import format_path

GAME_WORK_LIMIT = 20_000_000
"""Work steps one game may spend: well under two seconds of play, however it spends them. The
bundled examples and test models spend at most 100,000 (1/200 of it) in a game."""

OP_COST = 60
"""Steps an op, a node, a loop round or pass, a ``for_each`` item or a window turn spends."""

MODIFIER_COST = 120
"""Steps one call of ``modified()`` spends (besides one per modifier it looks at)."""

INSTANCE_COST = 100
"""Steps making one instance spends (besides copying its fields): an instance is a dict of its
own, so this also bounds the memory the instances of one game take."""


class GameTooLong(ExprError):
    """A game spent its budget. Tools that play many games stop there: the next game of the
    same model would most likely spend its whole budget too, and each takes seconds."""


def out_of_work(place: str | None, path) -> GameTooLong:
    """The error of a game that spent its budget at ``place`` (an op's place) or ``path``."""
    where = place if place else format_path(path) if path else "game"
    return GameTooLong(f"{where}: game runs too long (more than {GAME_WORK_LIMIT} steps of work)", path=path)


def spend(scope, units: int, place: str | None, path) -> None:
    """Spend ``units`` of the game's budget; stop the game at ``place`` when it is gone."""
    scope.steps -= units
    if scope.steps < 0:
        raise out_of_work(place, path)
