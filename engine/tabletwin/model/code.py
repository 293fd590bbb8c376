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


class Code:
    """One ``_x`` field (or derived value, function part): text plus where it is written."""

    __slots__ = ("text", "path", "local_names", "_compiled", "_fast")

    def __init__(self, text, path: Path, local_names: frozenset[str] | None = None):
        self.text = text
        self.path = path
        self.local_names = local_names
        self._compiled = None
        self._fast = None

    def __repr__(self) -> str:
        return f"Code({self.text!r})"

    def compiled(self):
        compiled = self._compiled
        if compiled is None:
            try:
                compiled = self._compiled = compile_expression(self.text, self.local_names)
            except ExprSyntaxError as exc:
                raise ExprError(exc.message, path=self.path) from None
        return compiled

    def __call__(self, local_names: dict, scope):
        """Evaluate as the outermost evaluation (the hot path of the engine)."""
        fast = self._fast
        if fast is not None:
            # Expression.evaluate, inlined: the usual case is one call of the compiled code.
            scope.frame = local_names
            scope.steps = WORK_LIMIT
            scope.room = MAX_ELEMENTS
            try:
                return fast(local_names, scope)
            except TypeError:
                pass  # maybe the strict code's answer: evaluate decides
            except TabletwinError:
                raise
            except Exception as exc:  # not run again: it could be a whole spent budget
                raise ExprError(EvalError.from_exception(exc, self._compiled.source).message,
                                path=self.path) from None
        return self._evaluate(local_names, scope)

    def _evaluate(self, local_names: dict, scope):
        compiled = self._compiled or self.compiled()
        self._fast = compiled.fast_function
        try:
            return compiled.evaluate(local_names, scope)
        except EvalError as exc:
            raise ExprError(exc.message, path=self.path) from None

    def run(self, local_names: dict, scope):
        """Evaluate inside a running evaluation (derived values, modifiers, functions)."""
        fast = self._fast
        if fast is not None and not scope.strict:
            return fast(local_names, scope)
        compiled = self._compiled or self.compiled()
        self._fast = compiled.fast_function
        return compiled.run(local_names, scope)
