"""Own functions (``functions`` in a model): pure functions written in the language.

A function sees its parameters, its ``let`` names (each sees the earlier ones) and the global
part of the scope, never the caller's local names. It is compiled once into a Python function
whose parameters and ``let`` names are Python locals, so a call costs about what a call of a
plain Python function does. Calls nest at most :data:`MAX_CALL_DEPTH` deep, so a runaway
recursion ends in a clear error, and every call spends :data:`~.budget.CALL_COST` units of the
work budget plus :data:`~.budget.NODE_COST` per node of its ``let``s and body.
"""

from __future__ import annotations

import ast
import keyword
import re
from dataclasses import dataclass, field

from .budget import CALL_COST, NODE_COST
from .assemble import outer_iterable
from .codegen import SelfCall, Translator, compile_python
from .expression import Expression, compile_expression
from .recursion import ENTRY_BOUND, Proof

MAX_CALL_DEPTH = 100
"""Own functions may call each other (or themselves) this many calls deep."""

NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


class FunctionDefinitionError(ValueError):
    """A bad ``params`` or ``let`` (the validator reports it at the field)."""


def _check_name(function: str, kind: str, name) -> str:
    if not isinstance(name, str) or not NAME.match(name) or keyword.iskeyword(name):
        raise FunctionDefinitionError(f"function {function}: {kind} {name!r} is not a valid name")
    return name


@dataclass(frozen=True)
class FunctionDef:
    """A function's definition, compiled once per model; :meth:`bind` it to a scope."""

    name: str
    params: tuple[tuple[str, bool], ...]  # (name, optional)
    lets: tuple[tuple[str, Expression], ...]
    body: Expression
    _factory: object = field(default=None, compare=False, repr=False)

    @classmethod
    def compile(cls, name: str, params: list, lets: dict | None, body) -> "FunctionDef":
        """From the model's fields. Raises ExprSyntaxError or FunctionDefinitionError."""
        parsed_params = []
        for param in params or ():
            text = param[:-1] if isinstance(param, str) and param.endswith("?") else param
            parsed_params.append((_check_name(name, "parameter", text), text != param))
        compiled_lets = tuple((_check_name(name, "let name", key), compile_expression(text))
                              for key, text in (lets or {}).items())
        definition = cls(name, tuple(parsed_params), compiled_lets, compile_expression(body))
        object.__setattr__(definition, "_factory", _build_factory(definition))
        return definition

    def bind(self, scope):
        """The callable for ``scope`` (a :class:`~tabletwin.expr.scope.Globals`)."""
        return self._factory(scope)


def _flavour(definition: FunctionDef, strict: bool, indent: str,
             self_call: SelfCall | None = None) -> tuple[list[str], bool]:
    """The lines of the lets and body, and whether they are a leaf: they read no name but
    their own (parameters, lets, loop variables) and call nothing but methods (and, with
    ``self_call``, the function itself), so no other own function can run inside them."""
    bound = {param for param, _ in definition.params}
    lines = []
    leaf = True
    for position, (let_name, expression) in enumerate(definition.lets):
        translator = Translator(expression._parsed, strict, frozenset(), bound, f"__l{position}_", self_call)
        let_value = ast.unparse(translator.visit(expression._parsed.tree.body))
        lines += translator.prefetch_lines(indent)
        lines.append(f"{indent}{let_name} = {let_value}")
        leaf = leaf and not (translator.reads_free_names or translator.calls_values)
        bound = bound | {let_name}
    translator = Translator(definition.body._parsed, strict, frozenset(), bound, "__x", self_call)
    tree = translator.visit(definition.body._parsed.tree.body)
    charged_iterable = outer_iterable(tree, indent)
    returned = translator.return_lines(tree, indent)
    lines += translator.prefetch_lines(indent)
    lines += charged_iterable or []
    lines += returned
    leaf = leaf and not (translator.reads_free_names or translator.calls_values)
    return lines, leaf


def _signature(params: tuple[tuple[str, bool], ...]) -> tuple[str, list[str]]:
    """Python's own argument binding where it can do the job (optional parameters last)."""
    optional_seen = False
    needs_checks = False
    for _, optional in params:
        optional_seen = optional_seen or optional
        needs_checks = needs_checks or (optional_seen and not optional)
    if not needs_checks:
        return ", ".join(f"{p}=None" if optional else p for p, optional in params), []
    signature = ", ".join(f"{p}=None" if optional else f"{p}=__rt_REQUIRED" for p, optional in params)
    checks = [f"        if {p} is __rt_REQUIRED: __rt_missing_argument({p!r})" for p, optional in params
              if not optional]
    return signature, checks


def _self_recursive(definition: FunctionDef, signature: str, checks: list[str], cost: int,
                    strict: list[str]) -> list[str] | None:
    """The body of a function whose fast code calls nothing but itself (``fib``), or None.

    Its self-calls go to ``__in(depth, ...)`` (see SelfCall): the scope's call counter is
    set once, by the outer call, and nothing but the function itself runs inside to read it.
    The outer call also makes sure the scope's name is the function (not shadowed by a
    variable; ``get`` computes no derived value) and the names of the plain builtins it calls
    are those builtins, once: an expression changes no name. If not, or in the strict rerun,
    the outer call runs the strict code (``strict``, its lines as the caller made them), where
    every call goes by the scope (and the strict code is right for any values, only slower).
    """
    if checks:
        return None
    params = [name for name, _ in definition.params]
    required = sum(1 for _, optional in definition.params if not optional)
    self_call = SelfCall(definition.name, "__in", "__d", required, len(params))
    fast, alone = _flavour(definition, False, "        ", self_call)
    if not alone:
        return None
    shadowed = [f"__G.get({definition.name!r}) is not __fn"]
    shadowed += [f"__G.get({name!r}) is not __rt_plain_{name}" for name in sorted(self_call.plain_builtins)]
    inner_parameters = ["__d", *(f"{p}=None" if optional else p for p, optional in definition.params)]
    proven = _proven(definition, required, len(params))
    entry = []
    if proven:
        small, _, measure, _, _ = proven
        bounded = []
        if measure is not None:  # deep enough for the limit only when entered with more than this
            name, floor = measure
            bounded = [f"                if {name} + __depth <= {MAX_CALL_DEPTH - 2 + floor}:",
                       *(_charge(cost, "                    ") if proven[4] else []),
                       f"                    return __inf({', '.join(params)})"]
        if small:
            guard = " and ".join(f"{p}.__class__ is __rt_int and {-ENTRY_BOUND} <= {p} <= {ENTRY_BOUND}"
                                 for p in sorted(small))
            entry = [f"            if {guard}:", *bounded,
                     f"                return __ins(__depth + 1, {', '.join(params)})"]
        else:
            entry = [f"            return __ins(__depth + 1, {', '.join(params)})"]
    return [
        f"    def __fn({signature}):",
        "        __depth = __G.calls",
        f"        if __depth >= {MAX_CALL_DEPTH}: __rt_too_deep()",
        "        __G.calls = __depth + 1",
        "        try:",
        f"            if __G.strict or {' or '.join(shadowed)}:",
        f"                __G.steps -= {cost}",
        "                if __G.steps < 0: __rt_charge(__G, 0)",
        *strict,
        *entry,
        f"            return __in(__depth + 1, {', '.join(params)})",
        "        finally:",
        "            __G.calls = __depth",
        *_inner("__in", inner_parameters, cost, fast),
        *(_inner("__ins", inner_parameters, cost, proven[1]) if proven else []),
        *(_inner("__inf", inner_parameters[1:], cost, proven[3], charged=not proven[4])
          if proven and proven[2] else []),
    ]


def _charge(units: int, indent: str) -> list[str]:
    return [f"{indent}__G.steps -= {units}", f"{indent}if __G.steps < 0: __rt_charge(__G, 0)"]


def _inner(name: str, parameters: list[str], cost: int, lines: list[str], charged: bool = True) -> list[str]:
    """An inner function of a self-calling one: the depth in ``__d`` (unless bounded already,
    without it), then its charge (unless its caller pays it, recursion.Proof.calls_ahead)."""
    depth = [f"        if __d > {MAX_CALL_DEPTH}: __rt_too_deep()"] if parameters[0] == "__d" else []
    return [
        f"    def {name}({', '.join(parameters)}):",
        *depth,
        *(_charge(cost, "        ") if charged else []),
        *lines,
    ]


def _proven(definition: FunctionDef, required: int, count: int):
    """What recursion.Proof proved, for the outer call to check: the small-integer parameters,
    the lines of ``__ins`` (the inner function that runs when they are small integers), the
    measure and the lines of ``__inf`` (the one that runs when the measure also bounds the
    depth: it counts none); None when nothing is proven."""
    proof = Proof(definition.name, [name for name, _ in definition.params],
                  [(name, expression._parsed.tree.body) for name, expression in definition.lets],
                  definition.body._parsed.tree.body)
    if not (proof.small or proof.numeric) or required != count:
        return None
    def inner(name: str, depth: str | None):
        return _flavour(definition, False, "        ", SelfCall(definition.name, name, depth, required, count, proof))

    lines, alone = inner("__ins", "__d")
    if not alone:
        return None
    bounded = inner("__inf", None)[0] if proof.measure is not None else None
    if proof.calls_ahead:
        bounded = _calls_ahead(definition, proof, SelfCall(definition.name, "__inf", None, required, count, proof))
    return proof.small, lines, proof.measure, bounded, bool(proof.calls_ahead)


def _calls_ahead(definition: FunctionDef, proof: Proof, self_call: SelfCall) -> list[str]:
    """``__inf`` when it charges its self-calls as it takes the branch that makes them
    (recursion.Proof.calls_ahead): the outer call pays for the first."""
    body = definition.body._parsed.tree.body
    translator = Translator(definition.body._parsed, False, frozenset(), {p for p, _ in definition.params}, "__x",
                            self_call)
    test, first, second = (ast.unparse(translator.visit(node)) for node in (body.test, body.body, body.orelse))
    cost = CALL_COST + NODE_COST * definition.body.nodes
    return [f"        if {test}: return {first}", *_charge(cost * proof.calls_ahead, "        "),
            f"        return {second}"]


def _build_factory(definition: FunctionDef):
    signature, checks = _signature(definition.params)
    nodes = definition.body.nodes + sum(expression.nodes for _, expression in definition.lets)
    cost = CALL_COST + NODE_COST * nodes
    strict, _ = _flavour(definition, True, "                ")
    fast, leaf = _flavour(definition, False, "            ")
    recursive = None if leaf else _self_recursive(definition, signature, checks, cost, strict)
    if recursive is not None:
        lines = [
            "def __make(__G):",
            *recursive,
            f"    __fn.__name__ = __fn.__qualname__ = {definition.name!r}",
            "    return __fn",
        ]
        return _compile_factory(definition, lines)
    if leaf:
        # No own function can run inside: the depth is checked but need not be counted.
        strict, _ = _flavour(definition, True, "            ")
        fast, _ = _flavour(definition, False, "        ")
        body = [
            f"        if __G.calls >= {MAX_CALL_DEPTH}: __rt_too_deep()",
            f"        __G.steps -= {cost}",
            "        if __G.steps < 0: __rt_charge(__G, 0)",
            "        if __G.strict:",
            *strict,
            *fast,
        ]
    else:
        body = [
            # Every generated local starts with "__": no parameter or let name can (NAME).
            "        __depth = __G.calls",
            f"        if __depth >= {MAX_CALL_DEPTH}: __rt_too_deep()",
            "        __G.calls = __depth + 1",
            f"        __G.steps -= {cost}",
            "        try:",
            "            if __G.steps < 0: __rt_charge(__G, 0)",
            "            if __G.strict:",
            *strict,
            *fast,
            "        finally:",
            "            __G.calls = __depth",
        ]
    lines = [
        "def __make(__G):",
        f"    def __fn({signature}):",
        *checks,
        *body,
        f"    __fn.__name__ = __fn.__qualname__ = {definition.name!r}",
        "    return __fn",
    ]
    return _compile_factory(definition, lines)


def _compile_factory(definition: FunctionDef, lines: list[str]):
    make = compile_python("\n".join(lines), definition.body.source, "__make")
    make.__globals__.update(
        __rt_REQUIRED=_REQUIRED,
        __rt_missing_argument=_missing_argument(definition.name),
        __rt_too_deep=_too_deep,
    )
    return make


_REQUIRED = object()


def _missing_argument(function: str):
    def missing(param: str):
        raise TypeError(f"{function}() missing argument '{param}'")

    return missing


def _too_deep():
    raise RecursionError(f"more than {MAX_CALL_DEPTH} calls deep")
