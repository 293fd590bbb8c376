"""Expressions as the engine holds them: compiled on first use, failing with the model path.

A model may contain expressions with syntax errors; the validator reports them up front, and
the engine raises them when (and only when) it reaches them, as the spec says. So a
:class:`Code` compiles lazily and turns every error into an :class:`ExprError` that names the
field's model path.
"""

from __future__ import annotations

from ..errors import ExprError, TabletwinError
from ..expr import EvalError, ExprSyntaxError, compile_expression
from ..expr.budget import MAX_ELEMENTS, WORK_LIMIT

Path = tuple

EVALUATION_COST = 10
"""Steps of a game's work budget one evaluation spends besides what it loops over and builds:
evaluating even a name takes the time of about ten loop steps."""


class Code:
    """One ``_x`` field (or derived value, function part): text plus where it is written."""

    __slots__ = ("text", "path", "local_names", "_compiled", "_fast", "_entry")

    def __init__(self, text, path: Path, local_names: frozenset[str] | None = None):
        self.text = text
        self.path = path
        self.local_names = local_names
        self._compiled = None
        self._fast = None
        self._entry = None

    def __repr__(self) -> str:
        return f"Code({self.text!r})"

    def __reduce__(self):
        # Text, path and declared names are the whole of a Code: what it compiled (generated
        # functions, which do not pickle) is made again where it is next used.
        return Code, (self.text, self.path, self.local_names)

    def compiled(self):
        compiled = self._compiled
        if compiled is None:
            try:
                compiled = self._compiled = compile_expression(self.text, self.local_names)
            except ExprSyntaxError as exc:
                raise ExprError(exc.message, path=self.path) from None
        return compiled

    def __call__(self, local_names: dict, scope):
        """Evaluate as the outermost evaluation (the hot path of the engine).

        Outside a game it gets a fresh budget of :data:`WORK_LIMIT` units; in a game it spends
        :data:`EVALUATION_COST`, and whatever else it spends, from the game's (``scope.steps``).
        Either way it may build :data:`MAX_ELEMENTS` elements.
        """
        fast = self._fast or self._prepare()
        # Expression.evaluate, inlined: the usual case is one call of the compiled code.
        scope.frame = local_names
        scope.room = MAX_ELEMENTS
        if scope.in_game:
            steps = scope.steps - EVALUATION_COST
            if steps < 0:
                raise self._out_of_work()
            scope.steps = steps
        else:
            scope.steps = WORK_LIMIT
        try:
            return fast(local_names, scope)
        except Exception as exc:
            return self._evaluate(local_names, scope, exc)

    def evaluator(self):
        """A callable that does what calling this Code does, one Python call cheaper: the
        compiled code with the outermost evaluation's bookkeeping in it (Expression.entry). For
        callers that hold a Code for many evaluations (the compiled flow); a Code whose text
        does not compile is its own evaluator, and fails where it is reached."""
        entry = self._entry
        if entry is None:
            try:
                compiled = self.compiled()
            except ExprError:
                return self
            entry = self._entry = compiled.entry(self._evaluate, self._out_of_work, MAX_ELEMENTS, EVALUATION_COST,
                                                 WORK_LIMIT)
        return entry

    def _out_of_work(self):
        from ..game.work import out_of_work  # the game's budget ran out (see there)

        return out_of_work(None, self.path)

    def _prepare(self):
        compiled = self._compiled or self.compiled()
        self._fast = compiled.fast_function
        return self._fast

    def _evaluate(self, local_names: dict, scope, exc: Exception):
        """After the fast code failed: an engine error, the budget ran out, a run-time error, or a
        TypeError that the strict code may answer differently (it is the only one run again)."""
        if isinstance(exc, TabletwinError):
            raise exc  # raised by the engine inside a call (modified(), a board function)
        if scope.steps < 0 and scope.in_game:
            raise self._out_of_work() from None
        if scope.steps < 0 or not isinstance(exc, TypeError):
            # Not run again: a spent budget would only be spent again.
            raise ExprError(EvalError.from_exception(exc, self.compiled().source).message, path=self.path) from None
        left = scope.steps
        try:
            return self.compiled().evaluate(local_names, scope)
        except EvalError as error:
            raise ExprError(error.message, path=self.path) from None
        finally:
            if scope.in_game:  # evaluate() started a budget of its own: spend it from the game's
                scope.steps = left - (WORK_LIMIT - scope.steps)

    def run(self, local_names: dict, scope):
        """Evaluate inside a running evaluation (derived values, modifiers, functions)."""
        fast = self._fast
        if fast is not None and not scope.strict:
            return fast(local_names, scope)
        self._prepare()
        return self._compiled.run(local_names, scope)


def evaluator_of(code: "Code | None"):
    """``code.evaluator()``, or None for a field that is not there."""
    return None if code is None else code.evaluator()
