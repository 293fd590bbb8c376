"""Syntax findings: YAML that cannot be read, and expressions outside the language.

Every ``_x`` field, every ``derived_x`` entry, own functions' ``x`` and ``let`` and derived
values are compiled; a syntax error is placed on the offending characters when the expression
is written as a one-line scalar whose text is the expression itself (plain, or quoted without
escapes), and on the whole value otherwise.
"""

from __future__ import annotations

from ..errors import NotAModelError, Span, YamlError
from ..expr import ExprSyntaxError, compile_expression, expression_text
from ..modelfile import check_is_model, format_path, load_yaml
from ..modelfile.shared import Once
from . import reuse
from .codes import EXPRESSION_SYNTAX, NOT_A_MODEL, YAML
from .findings import Finding


def expression_fields(data: dict) -> list:
    """``(path, text)`` of every expression in a model, in document order."""
    found: list = []
    _fields_in(data, (), found, Once())
    functions = data.get("functions")
    if isinstance(functions, dict):
        for name, function in functions.items():
            if isinstance(function, dict):
                if isinstance(function.get("x"), (str, int, float)):
                    found.append((("functions", name, "x"), function["x"]))
                lets = function.get("let")
                if isinstance(lets, dict):
                    for key, text in lets.items():
                        if isinstance(text, (str, int, float)):
                            found.append((("functions", name, "let", key), text))
    derived = (data.get("state") or {}).get("derived") if isinstance(data.get("state"), dict) else None
    if isinstance(derived, dict):
        for name, entry in derived.items():
            if isinstance(entry, dict) and isinstance(entry.get("x"), (str, int, float)):
                found.append((("state", "derived", name, "x"), entry["x"]))
            elif isinstance(entry, (str, int, float)) and not isinstance(entry, bool):
                found.append((("state", "derived", name), entry))
    return found


def _fields_in(value, path: tuple, found: list, once: Once) -> None:
    """The ``_x`` fields and ``derived_x`` entries below ``value`` (a plain recursion: a generator
    passes each field up through every level, which made this walk the validator's slowest).

    A mapping or list an alias shares is walked once, at its anchor: its fields are found there.
    """
    if not once.first(value):
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and key.endswith("_x") and key != "derived_x":
                if isinstance(item, (str, int, float)) and item is not None:
                    found.append((path + (key,), item))
                continue
            if key == "derived_x" and isinstance(item, dict):
                for name, text in item.items():
                    if isinstance(text, (str, int, float)):
                        found.append((path + (key, name), text))
                continue
            if isinstance(item, (dict, list)):
                _part(item, path + (key,), found, once)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, (dict, list)):
                _part(item, path + (index,), found, once)


def _part(value, path: tuple, found: list, once: Once) -> None:
    """:func:`_fields_in` of a section or entry, reused while it is the same object (see :mod:`.reuse`)."""
    if len(path) > 2 or not reuse.reusable(path):
        _fields_in(value, path, found, once)  # it may share a value with a part walked before it
        return

    def walk() -> list:
        fields: list = []
        _fields_in(value, path, fields, Once())  # it shares nothing: no other part holds what it holds
        return fields

    found.extend(reuse.remembered("expression_fields", path, value, walk))


def syntax_findings(text: str) -> list[Finding]:
    """YAML and expression syntax errors of a model text; [] for a clean (or non-model) text."""
    try:
        loaded = load_yaml(text)
    except YamlError as exc:
        return [Finding(exc.message, exc.span, code=YAML)]
    try:
        check_is_model(loaded)
    except NotAModelError as exc:
        return [Finding(exc.message, exc.span, code=NOT_A_MODEL)]
    return expression_syntax_findings(loaded, text)


def expression_syntax_findings(loaded, text: str | None = None) -> list[Finding]:
    """Syntax errors of the expressions of a loaded model."""
    lines = (text if text is not None else loaded.text).splitlines()
    return compile_findings(expression_fields(loaded.data), loaded.positions, lines)


def compile_findings(fields, positions, lines: list[str] | str) -> list[Finding]:
    """A finding per ``(path, expression)`` of ``fields`` that does not compile, on its characters.

    ``lines`` are the text's lines, or the text itself (split only if an expression does not compile).
    """
    findings = []
    for path, value in fields:
        try:
            compile_expression(value)
        except ExprSyntaxError as exc:
            if lines.__class__ is str:
                lines = lines.splitlines()
            span = expression_span(positions.value_span(path), expression_text(value), exc, lines)
            findings.append(Finding(exc.message, span, path=format_path(path), code=EXPRESSION_SYNTAX))
    return findings


def expression_span(value_span: Span | None, source: str, exc: ExprSyntaxError, lines: list[str]) -> Span | None:
    """The offending characters of a one-line expression scalar (plain, or quoted without escapes);
    the whole value otherwise."""
    if value_span is None or value_span.line != value_span.end_line or value_span.line >= len(lines):
        return value_span
    raw = lines[value_span.line][value_span.column:value_span.end_column]
    if raw == source:
        start = value_span.column
    elif len(raw) >= 2 and raw[0] in "'\"" and raw[-1] == raw[0] and raw[1:-1] == source:
        start = value_span.column + 1
    else:
        return value_span
    return Span(value_span.line, start + exc.offset, value_span.line, start + min(exc.end, len(source)))
