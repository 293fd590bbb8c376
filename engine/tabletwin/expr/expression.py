"""Compile once, evaluate many: the :class:`Expression` object and its cache."""

from __future__ import annotations

from .checker import parse
from .codegen import build_function
from .errors import EvalError, ExprSyntaxError
from .runtime import WORK_LIMIT

_CACHE: dict[str, "Expression | ExprSyntaxError"] = {}
CACHE_SIZE = 20_000
"""Distinct expression texts kept compiled; a model has a few hundred."""


def expression_text(value) -> str:
    """An ``_x`` field as text: YAML numbers and booleans are written the Python way."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value)


def compile_expression(value) -> "Expression":
    """The compiled expression for a text (or YAML number/boolean); cached by text.

    Raises :class:`ExprSyntaxError` for anything outside the language.
    """
    source = expression_text(value)
    cached = _CACHE.get(source)
    if cached is None:
        try:
            cached = Expression(source)
        except ExprSyntaxError as exc:
            cached = exc
        if len(_CACHE) >= CACHE_SIZE:
            _CACHE.clear()
        _CACHE[source] = cached
    if isinstance(cached, ExprSyntaxError):
        raise cached.with_traceback(None)
    return cached


class Expression:
    """A checked, compiled expression. Evaluate it with :meth:`evaluate`."""

    __slots__ = ("source", "_parsed", "_fast", "_strict")

    def __init__(self, source: str):
        self.source = source
        self._parsed = parse(source)
        self._fast = build_function(self._parsed, strict=False)
        self._strict = None

    def __repr__(self) -> str:
        return f"Expression({self.source!r})"

    def evaluate(self, local_names: dict, scope) -> object:
        """The value of the expression; errors become :class:`EvalError`.

        Called inside another evaluation (a derived value, an own function), it behaves like
        :meth:`run`: the outermost evaluation reports the error.
        """
        outer = scope.frame
        if outer is not None:
            return self.run(local_names, scope)
        scope.steps = WORK_LIMIT
        scope.calls = 0
        scope.frame = local_names
        try:
            return self._fast(local_names, scope)
        except TypeError:
            return self._evaluate_strictly(local_names, scope)
        except Exception as exc:
            raise EvalError.from_exception(exc, self.source) from None
        finally:
            scope.frame = None

    def _evaluate_strictly(self, local_names: dict, scope) -> object:
        scope.steps = WORK_LIMIT
        scope.calls = 0
        scope.strict = True
        scope.frame = local_names
        try:
            return self.strict_function()(local_names, scope)
        except Exception as exc:
            raise EvalError.from_exception(exc, self.source) from None
        finally:
            scope.strict = False

    def run(self, local_names: dict, scope) -> object:
        """Evaluate inside a running evaluation, letting Python errors through."""
        outer = scope.frame
        scope.frame = local_names
        try:
            if scope.strict:
                return self.strict_function()(local_names, scope)
            return self._fast(local_names, scope)
        finally:
            scope.frame = outer

    def strict_function(self):
        if self._strict is None:
            self._strict = build_function(self._parsed, strict=True)
        return self._strict
