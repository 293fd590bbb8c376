"""Compile once, evaluate many: the :class:`Expression` object and its cache."""

from __future__ import annotations

import ast

from ..errors import TabletwinError
from .checker import parse
from .assemble import build_entry, build_function, build_provider
from .codegen import ReadAtUse, count_nodes
from .errors import EvalError, ExprSyntaxError
from .budget import MAX_ELEMENTS, WORK_LIMIT

_CACHE: dict[tuple, "Expression | _Refusal"] = {}
CACHE_SIZE = 20_000
"""Distinct expression texts kept compiled; a model has a few hundred."""


class _Refusal(tuple):
    """A cached syntax error: its message and position only.

    Caching the exception itself would keep its traceback, and through the traceback's frames
    the whole analysis (AST, scanner state) of every refused text, alive in the cache.
    """

    __slots__ = ()

    @classmethod
    def of(cls, error: ExprSyntaxError) -> "_Refusal":
        return cls((error.message, error.source, error.offset, error.end))

    def error(self) -> ExprSyntaxError:
        message, source, offset, end = self
        return ExprSyntaxError(message, source, offset, end)


def expression_text(value) -> str:
    """An ``_x`` field as text: YAML numbers and booleans are written the Python way."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value)


def compile_expression(value, local_names: frozenset[str] | None = None) -> "Expression":
    """The compiled expression for a text (or YAML number/boolean); cached.

    ``local_names``: the local names the place always binds (``{'actor'}`` in an action's
    ``pre_x``, nothing in a flow expression); their reads are resolved once per evaluation, or at
    each use when given as a :class:`~.codegen.ReadAtUse`. Leave it ``None`` where the local names
    vary (a trigger sees whatever its emitter bound).
    Raises :class:`ExprSyntaxError` for anything outside the language.
    """
    source = expression_text(value)
    key = (source, local_names) if local_names.__class__ is not ReadAtUse else (source, local_names, ReadAtUse)
    cached = _CACHE.get(key)
    if cached is None:
        try:
            cached = Expression(source, local_names)
        except ExprSyntaxError as exc:
            cached = _Refusal.of(exc)
        if len(_CACHE) >= CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = cached
    if cached.__class__ is _Refusal:
        raise cached.error()
    return cached


class Expression:
    """A checked, compiled expression. Evaluate it with :meth:`evaluate`."""

    __slots__ = ("source", "local_names", "nodes", "_parsed", "_fast", "_strict", "_make_entry", "_make_provider")

    def __init__(self, source: str, local_names: frozenset[str] | None = None):
        self.source = source
        self.local_names = local_names
        self._parsed = parse(source)
        self.nodes = count_nodes(self._parsed.tree.body)
        self._fast = build_function(self._parsed, False, local_names)
        self._strict = None
        self._make_entry = None
        self._make_provider = None

    def __repr__(self) -> str:
        return f"Expression({self.source!r})"

    def evaluate(self, local_names: dict, scope) -> object:
        """The value of the expression, as the outermost evaluation; errors become :class:`EvalError`.

        It starts a fresh work budget. Code that runs *inside* an evaluation (a derived value,
        a modifier applied by ``modified()``) calls :meth:`run` instead.
        """
        scope.frame = local_names
        scope.steps = WORK_LIMIT
        scope.room = MAX_ELEMENTS
        try:
            return self._fast(local_names, scope)
        except TypeError:
            return self._evaluate_strictly(local_names, scope)
        except TabletwinError:
            raise  # raised by the engine inside a call (modified(), a board function): already reported
        except Exception as exc:
            raise EvalError.from_exception(exc, self.source) from None

    def _evaluate_strictly(self, local_names: dict, scope) -> object:
        scope.steps = WORK_LIMIT
        scope.room = MAX_ELEMENTS
        scope.calls = 0
        scope.strict = True
        try:
            return self.strict_function()(local_names, scope)
        except TabletwinError:
            raise
        except Exception as exc:
            raise EvalError.from_exception(exc, self.source) from None
        finally:
            scope.strict = False

    def run(self, local_names: dict, scope) -> object:
        """Evaluate inside a running evaluation, letting Python errors through."""
        if scope.strict:
            return self.strict_function()(local_names, scope)
        return self._fast(local_names, scope)

    @property
    def is_literal(self) -> bool:
        """The whole text is one constant: a number, a text, ``True``, ``False`` or ``None``."""
        return isinstance(self._parsed.tree.body, ast.Constant)

    @property
    def fast_function(self):
        """The compiled code itself, for callers that inline :meth:`evaluate`."""
        return self._fast

    def entry(self, evaluate, spent, room: int, cost: int, limit: int):
        """The fast code with an outermost evaluation's bookkeeping in the same function (see
        assemble.build_entry); its source is compiled once per expression and text."""
        made = self._make_entry
        if made is None or made[0] != (room, cost, limit):
            made = self._make_entry = ((room, cost, limit),
                                       build_entry(self._parsed, self.local_names, room, cost, limit))
        return made[1](evaluate, spent)

    def provider(self, run, spent, no_locals: dict, cost: int):
        """This expression as a derived value's ``provide(G)`` (see assemble.build_provider); its
        source is compiled once per expression and cost."""
        made = self._make_provider
        if made is None or made[0] != cost:
            made = self._make_provider = (cost, build_provider(self._parsed, self.local_names, cost))
        return made[1](run, spent, no_locals)

    def strict_function(self):
        if self._strict is None:
            self._strict = build_function(self._parsed, True, self.local_names)
        return self._strict
