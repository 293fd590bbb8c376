"""Schema findings: keys and values a model or tactic file's JSON Schema does not allow.

The document is checked against the schema compiled once into a checker
(:mod:`.schema_compiled`, which gives jsonschema's errors and leaves to jsonschema what it does
not compile) and each error becomes one warning at the place it is about:

- an unknown key, at its own key (``unknown key 'x' at actions.y``), with a close allowed name
  as ``data["suggestion"]``. The extra keys are computed from the schema's ``properties`` and
  ``patternProperties``, never read from jsonschema's message text;
- a missing required key, at the mapping (``missing key 'x' at actions.y``);
- a value of the wrong type or outside an enum, at the value
  (``flow.children: expected a list, not text``, ``end[0].result: 'won' is not one of ...``).

The schemas describe ops and flow nodes with ``if``/``then`` on ``op`` and ``kind``, so errors
arrive already at the deepest place; an ``anyOf``/``oneOf`` is reduced to its most relevant
branch. ``content`` is free and never checked.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from jsonschema.exceptions import ValidationError, best_match

from ..errors import Span
from ..modelfile import LoadedYaml, format_path
from ..modelfile.place_words import path_words
from .codes import MISSING_KEY, UNKNOWN_KEY, WRONG_SHAPE
from .findings import Finding
from .schema_compiled import CompiledSchema, compile_schema
from .schema_library import library_validator as _validator

SEVERITY = "warning"

_TYPE_NAMES = {
    "string": "text",
    "number": "a number",
    "integer": "a whole number",
    "boolean": "true/false",
    "null": "null",
    "array": "a list",
    "object": "a mapping",
}

_FREE_SUBTREES = {"model": ("content",), "tactic": ()}


@lru_cache(maxsize=None)
def _compiled(kind: str) -> CompiledSchema | None:
    """The compiled schema ``kind`` (``None`` if it cannot be compiled: jsonschema checks it)."""
    library = _validator(kind)
    return compile_schema(library.schema, library)


def schema_errors(data, kind: str = "model", backend: str = "compiled") -> list:
    """The errors of ``data`` against the ``kind`` schema, in jsonschema's order (but for the
    extra keys of an ``additionalProperties`` schema, which jsonschema takes in set order).

    ``backend`` is ``compiled`` (the fast checker, which falls back to jsonschema where needed)
    or ``jsonschema``. The errors found before a nesting deeper than Python's stack are kept.
    """
    if backend not in ("compiled", "jsonschema"):
        raise ValueError(f"no schema backend {backend!r}; expected compiled or jsonschema")
    compiled = _compiled(kind) if backend == "compiled" else None
    errors: list = []
    try:
        if compiled is not None:
            compiled.collect(data, errors)
        else:
            for error in _validator(kind).iter_errors(data):
                errors.append(error)
    except RecursionError:
        pass
    return errors


def schema_findings(loaded: LoadedYaml, kind: str = "model") -> list[Finding]:
    """Warnings for what the ``kind`` schema (``model`` or ``tactic``) does not allow; never raises."""
    return findings_of(schema_errors(loaded.data, kind), loaded, kind)


def findings_of(errors, loaded: LoadedYaml, kind: str = "model") -> list[Finding]:
    """The warnings of schema ``errors`` (of either backend, or jsonschema's own) about ``loaded``."""
    free = _FREE_SUBTREES.get(kind, ())
    errors = [error for error in errors if not (error.absolute_path and error.absolute_path[0] in free)]
    # A value reached through an alias or a ``<<`` merge shows up once per path but is written
    # once: keep the finding of the path written first, which is where the text is.
    errors.sort(key=lambda error: _written_at(error, loaded.positions))
    found: dict[tuple, Finding] = {}
    for error in errors:
        for dedupe, finding in _findings(error, loaded):
            found.setdefault(dedupe, finding)
    return sorted(found.values(), key=_order)


def _written_at(error, positions):
    path = tuple(error.absolute_path)
    span = positions.value_span(path)
    return ((span.line, span.column) if span is not None else (1 << 60, 0)), format_path(path)


def _order(finding: Finding):
    span = finding.span
    where = (span.line, span.column) if span is not None else (1 << 60, 0)
    return where + (finding.message,)


def _findings(error, loaded: LoadedYaml):
    """``(dedupe key, finding)`` pairs for one error (a jsonschema ``ValidationError`` or a
    :class:`~.schema_compiled.SchemaError`)."""
    error = _relevant(error)
    path = tuple(error.absolute_path)
    positions = loaded.positions
    instance = error.instance
    check = error.validator

    if check in ("anyOf", "oneOf") and error.context and all(e.validator == "required" for e in error.context):
        names = list(dict.fromkeys(name for branch in error.context for name in branch.validator_value))
        missing = " or ".join(f"'{name}'" for name in names)
        span = _mapping_span(path, instance, positions)
        yield ("missing", _span_key(span), missing), Finding(
            f"missing key {missing} {_in(loaded.data, path)}", span, SEVERITY, format_path(path), code=MISSING_KEY)
        return

    if check == "additionalProperties" and isinstance(instance, dict):
        allowed = list(error.schema.get("properties", {}))
        patterns = list(error.schema.get("patternProperties", {}))
        for key in instance:
            key = str(key)
            if key in allowed or key == "<<" or any(re.search(pattern, key) for pattern in patterns):
                continue
            span = positions.key_span(path + (key,)) or positions.nearest(path + (key,))[1]
            candidates = [name for name in allowed if name not in instance]
            close = difflib.get_close_matches(key, candidates, n=1, cutoff=0.6)
            data = {"key": key, "suggestion": close[0]} if close else {"key": key}
            yield ("unknown", _span_key(span), key), Finding(
                f"unknown key '{key}' at {_where(path)}", span, SEVERITY, format_path(path + (key,)), data, UNKNOWN_KEY)
        return

    if check == "required" and isinstance(instance, dict):
        span = _mapping_span(path, instance, positions)
        for name in error.validator_value:
            if name not in instance:
                yield ("missing", _span_key(span), name), Finding(
                    f"missing key '{name}' {_in(loaded.data, path)}", span, SEVERITY, format_path(path),
                    code=MISSING_KEY)
        return

    span = positions.value_span(path) or positions.nearest(path)[1]
    message = _value_message(error, path, loaded.data)
    yield ("value", _span_key(span), message), Finding(message, span, SEVERITY, format_path(path), code=WRONG_SHAPE)


def _mapping_span(path: tuple, mapping, positions) -> Span | None:
    """Where a missing key is reported: the mapping's key (or list item); the first key at the top.

    The whole document would be the top-level mapping's own span; an editor would then mark
    every line for one missing ``label``.
    """
    if not path and isinstance(mapping, dict) and mapping:
        first = positions.key_span((next(iter(mapping)),))
        if first is not None:
            return first
    return positions.span(path) or positions.nearest(path)[1]


def _relevant(error: ValidationError) -> ValidationError:
    """The deepest useful error below an ``anyOf``/``oneOf`` (unless all its branches are ``required``)."""
    while error.validator in ("anyOf", "oneOf") and error.context:
        if all(e.validator == "required" for e in error.context):
            return error
        error = best_match(error.context)
    return error


#: A one-line example of a value of each JSON type, after ``key: `` (``{key}`` is the key).
_EXAMPLES = {
    "array": "[a, b]",
    "object": "{name: value}",
    "string": "some text",
    "integer": "3",
    "number": "0.5",
    "boolean": "true",
}
#: Lists of ops get an op as their example.
_OP_EXAMPLE = "[{op: add, var: score, amount: 1}]"
_OP_LISTS = ("effect", "cost", "then", "else")


def _value_message(error, path: tuple, data) -> str:
    """What is wrong with a value, naming its key and the place it is in, with an example of a
    value of the right shape: ``action roll: `effect` must be a list, like `effect: [...]` (not text)``."""
    check, expected, instance = error.validator, error.validator_value, error.instance
    subject, key = _subject(path)
    place = _place(data, path)
    if check == "type":
        wanted = [expected] if isinstance(expected, str) else list(expected)
        found = _kind_of(instance)
        if "integer" in wanted and found == "a number":
            found = _plain(instance)  # a fraction where a whole number belongs: show it
        shape = _alternatives([_TYPE_NAMES.get(t, t) for t in wanted])
        example = ""
        if key is not None and wanted[0] in _EXAMPLES:
            value = _OP_EXAMPLE if wanted[0] == "array" and key in _OP_LISTS else _EXAMPLES[wanted[0]]
            example = f", like `{key}: {value}`"
        return f"{place}{subject} must be {shape}{example} (not {found})"
    if check in ("enum", "const"):
        values = [expected] if check == "const" else [v for v in expected if v is not None]
        shown = ", ".join(_plain(v) for v in values)
        found = _kind_of(instance) if isinstance(instance, (dict, list)) else _quoted(instance)
        return f"{place}{subject} must be one of {shown} (not {found})"
    if check in ("minimum", "exclusiveMinimum"):
        return f"{place}{subject} must be at least {_plain(expected)} (not {_plain(instance)})"
    if check in ("maximum", "exclusiveMaximum"):
        return f"{place}{subject} must be at most {_plain(expected)} (not {_plain(instance)})"
    if check == "oneOf":
        return f"{place}{subject} matches more than one of the allowed forms"
    return f"{place}{subject} is not allowed here ({check})"


def _subject(path: tuple) -> tuple[str, str | None]:
    """How the value is named (`` `key` ``, ``item 2 of `key` ``, ``the model``) and its key."""
    if not path:
        return "the model", None
    last = path[-1]
    if isinstance(last, int):
        owner = path[-2] if len(path) >= 2 and isinstance(path[-2], str) else "the list"
        return f"item {last + 1} of `{owner}`", None
    return f"`{last}`", str(last)


def _place(data, path: tuple) -> str:
    """The rule the value is in, in words, followed by ``: `` (nothing at the top level)."""
    container = path[:-2] if len(path) >= 2 and isinstance(path[-1], int) else path[:-1]
    if not container:
        return ""
    return path_words(data, container) + ": "


def _in(data, path: tuple) -> str:
    """``in action roll`` (the mapping that lacks a key, in words), ``at the top level``."""
    return f"in {path_words(data, path)}" if path else "at the top level"


def _alternatives(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _kind_of(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _plain(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _quoted(value) -> str:
    return f"'{value}'" if isinstance(value, str) else _plain(value)


def _where(path: tuple) -> str:
    return format_path(path) if path else "the top level"


def _span_key(span: Span | None):
    return None if span is None else (span.line, span.column, span.end_line, span.end_column)


__all__ = ["findings_of", "schema_errors", "schema_findings"]
