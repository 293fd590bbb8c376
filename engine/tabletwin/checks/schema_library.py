"""The jsonschema validator of a schema (the plain backend), with two keywords made quick.

The schemas pick an op's (or a node's) fields with ``if: {properties: {op: {const: set}}}``,
one branch per op in an ``allOf``. The standard keywords validate each small ``if`` schema
through a new validator object, which made a 5,000-line model take seconds. The two keywords
below give the same results; an ``if`` made only of ``type: object``, ``required`` and
``const``/``enum`` of text is decided directly, and an ``allOf`` of such branches on one
property becomes a table lookup. Anything else goes the standard way.

:mod:`.schema_compiled` is faster still; this validator checks what it does not compile.
"""

from __future__ import annotations

from functools import lru_cache

from jsonschema import Draft202012Validator
from jsonschema.validators import extend

from ..schemas import load_schema

_STANDARD_IF = Draft202012Validator.VALIDATORS["if"]
_STANDARD_ALL_OF = Draft202012Validator.VALIDATORS["allOf"]
_TESTS: dict[int, tuple | None] = {}
_TABLES: dict[int, tuple | None] = {}


def _quick_if(validator, if_schema, instance, schema):
    holds = _quick_test(if_schema, instance)
    if holds is None:
        yield from _STANDARD_IF(validator, if_schema, instance, schema)
    elif holds:
        if "then" in schema:
            yield from validator.descend(instance, schema["then"], schema_path="then")
    elif "else" in schema:
        yield from validator.descend(instance, schema["else"], schema_path="else")


def _quick_all_of(validator, all_of, instance, schema):
    key = id(all_of)
    if key not in _TABLES:
        _TABLES[key] = _dispatch_table(all_of)
    table = _TABLES[key]
    if table is None or not isinstance(instance, dict) or table[0] not in instance:
        yield from _STANDARD_ALL_OF(validator, all_of, instance, schema)
        return
    name, branches = table
    value = instance[name]
    for index in branches.get(value, ()) if isinstance(value, str) else ():
        yield from validator.descend(instance, all_of[index], schema_path=index)


def _quick_test(if_schema, instance) -> bool | None:
    """Whether ``instance`` passes ``if_schema``; ``None`` when the fast path does not apply."""
    key = id(if_schema)
    if key not in _TESTS:
        _TESTS[key] = _compile_test(if_schema)
    test = _TESTS[key]
    if test is None:
        return None
    object_only, required, allowed = test
    if not isinstance(instance, dict):
        return not object_only
    if any(name not in instance for name in required):
        return False
    return all(name not in instance or (isinstance(instance[name], str) and instance[name] in values)
               for name, values in allowed)


def _compile_test(if_schema) -> tuple | None:
    """``(object only, required names, ((property, allowed texts), ...))`` or ``None``."""
    if not isinstance(if_schema, dict) or not if_schema.keys() <= {"type", "required", "properties"}:
        return None
    if if_schema.get("type", "object") != "object":
        return None
    allowed = []
    for name, sub in if_schema.get("properties", {}).items():
        if not isinstance(sub, dict) or len(sub) != 1:
            return None
        values = [sub["const"]] if "const" in sub else sub.get("enum")
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            return None
        allowed.append((name, frozenset(values)))
    return "type" in if_schema, tuple(if_schema.get("required", ())), tuple(allowed)


def _dispatch_table(all_of) -> tuple | None:
    """``(property, {text: [branch index, ...]})`` for an ``allOf`` of ``{if: {properties: {p: {const}}}, then}``."""
    name, branches = None, {}
    for index, branch in enumerate(all_of):
        if not isinstance(branch, dict) or branch.keys() != {"if", "then"}:
            return None
        test = _compile_test(branch["if"])
        if test is None or test[0] or test[1] or len(test[2]) != 1:
            return None
        prop, values = test[2][0]
        if (name is not None and prop != name) or len(values) != 1:
            return None
        name = prop
        branches.setdefault(next(iter(values)), []).append(index)
    return (name, branches) if name is not None else None


QuickValidator = extend(Draft202012Validator, {"if": _quick_if, "allOf": _quick_all_of})


@lru_cache(maxsize=None)
def library_validator(kind: str):
    """The validator of schema ``kind``; the schema dicts stay alive with it."""
    return QuickValidator(load_schema(kind))


__all__ = ["QuickValidator", "library_validator"]
