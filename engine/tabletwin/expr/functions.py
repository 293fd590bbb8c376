"""Own functions (``functions`` in a model): pure functions written in the language.

A function sees its parameters, its ``let`` names (each sees the earlier ones) and the global
part of the scope, never the caller's local names. Calls nest at most
:data:`MAX_CALL_DEPTH` deep, so a runaway recursion ends in a clear error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .expression import Expression, compile_expression
from .runtime import charge

MAX_CALL_DEPTH = 100
"""Own functions may call each other (or themselves) this many calls deep."""

PARAM_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*\??$")


@dataclass(frozen=True)
class FunctionDef:
    """A function's definition, compiled once per model."""

    name: str
    params: tuple[tuple[str, bool], ...]  # (name, optional)
    lets: tuple[tuple[str, Expression], ...]
    body: Expression

    @classmethod
    def compile(cls, name: str, params: list[str], lets: dict, body) -> "FunctionDef":
        """From the model's fields; raises ExprSyntaxError for a bad expression, ValueError for bad params."""
        parsed_params = []
        for param in params:
            if not isinstance(param, str) or not PARAM_NAME.match(param):
                raise ValueError(f"function {name}: parameter {param!r} is not a name")
            optional = param.endswith("?")
            parsed_params.append((param[:-1] if optional else param, optional))
        compiled_lets = tuple((key, compile_expression(text)) for key, text in lets.items())
        return cls(name, tuple(parsed_params), compiled_lets, compile_expression(body))

    def bind(self, scope) -> "OwnFunction":
        return OwnFunction(self, scope)


class OwnFunction:
    """A function bound to a scope, callable from compiled expressions."""

    __slots__ = ("definition", "scope", "__name__")

    def __init__(self, definition: FunctionDef, scope):
        self.definition = definition
        self.scope = scope
        self.__name__ = definition.name

    def __call__(self, *args, **kwargs):
        definition = self.definition
        scope = self.scope
        if scope.calls >= MAX_CALL_DEPTH:
            raise RecursionError(f"more than {MAX_CALL_DEPTH} calls deep")
        local_names = self._arguments(args, kwargs)
        charge(scope, 1)
        scope.calls += 1
        try:
            for name, expression in definition.lets:
                local_names[name] = expression.run(local_names, scope)
            return definition.body.run(local_names, scope)
        finally:
            scope.calls -= 1

    def _arguments(self, args: tuple, kwargs: dict) -> dict:
        params = self.definition.params
        name = self.definition.name
        if len(args) > len(params):
            raise TypeError(f"{name}() takes {len(params)} arguments but {len(args)} were given")
        bound = {param: value for (param, _), value in zip(params, args)}
        for key, value in kwargs.items():
            if not any(key == param for param, _ in params):
                raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
            if key in bound:
                raise TypeError(f"{name}() got multiple values for argument '{key}'")
            bound[key] = value
        for param, optional in params:
            if param not in bound:
                if not optional:
                    raise TypeError(f"{name}() missing argument '{param}'")
                bound[param] = None
        return bound
