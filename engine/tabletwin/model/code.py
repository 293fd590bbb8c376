"""Expressions as the engine holds them: compiled on first use, failing with the model path.

A model may contain expressions with syntax errors; the validator reports them up front, and
the engine raises them when (and only when) it reaches them, as the spec says. So a
:class:`Code` compiles lazily and turns every error into an :class:`ExprError` that names the
field's model path.
"""

from __future__ import annotations

from ..errors import ExprError
from ..expr import EvalError, ExprSyntaxError, compile_expression

Path = tuple


class Code:
    """One ``_x`` field (or derived value, function part): text plus where it is written."""

    __slots__ = ("text", "path", "local_names", "_compiled")

    def __init__(self, text, path: Path, local_names: frozenset[str] | None = None):
        self.text = text
        self.path = path
        self.local_names = local_names
        self._compiled = None

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
        """Evaluate as the outermost evaluation."""
        compiled = self._compiled or self.compiled()
        try:
            return compiled.evaluate(local_names, scope)
        except EvalError as exc:
            raise ExprError(exc.message, path=self.path) from None

    def run(self, local_names: dict, scope):
        """Evaluate inside a running evaluation (derived values, modifiers, functions)."""
        return (self._compiled or self.compiled()).run(local_names, scope)
