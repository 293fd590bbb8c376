"""Errors of the expression language: syntax errors found when compiling, and run-time errors.

Offsets are 0-based character positions in the expression's source text; the caller (the
model loader, the validator, the language server) turns them into file positions.
"""

from __future__ import annotations

import builtins
import re

from ..errors import TabletwinError
from .plain_errors import plain_message


class ExprSyntaxError(TabletwinError):
    """Invalid syntax or a forbidden construct. ``offset``..``end`` is the offending part."""

    kind = "SyntaxError"

    def __init__(self, message: str, source: str, offset: int, end: int | None = None):
        super().__init__(message)
        self.source = source
        self.offset = offset
        self.end = offset + 1 if end is None else max(end, offset + 1)


def printable(source: str) -> str:
    """``source`` with lone surrogates written as escapes: no output encoding accepts them."""
    if source.isascii():
        return source
    return _SURROGATE.sub(lambda found: f"\\u{ord(found.group()):04x}", source)


_SURROGATE = re.compile("[\ud800-\udfff]")


def syntax_error(source: str, what: str, offset: int, end: int | None = None) -> ExprSyntaxError:
    """A plain syntax error: ``syntax error in expression "<src>": <what> (position <n>)``."""
    message = f'syntax error in expression "{printable(source)}": {what} (position {offset})'
    return ExprSyntaxError(message, source, offset, end)


def not_allowed(source: str, construct: str, offset: int, end: int | None = None) -> ExprSyntaxError:
    """A forbidden construct: ``<Construct> is not allowed in "<src>"``."""
    return ExprSyntaxError(f'{construct} is not allowed in "{printable(source)}"', source, offset, end)


class BareError(Exception):
    """Marks a run-time error whose message is shown without the ``error evaluating`` wrapper."""


class DictKeyError(TypeError, BareError):
    def __init__(self, key_type: str):
        super().__init__(f"dict keys must be text, not {key_type}")


class TextFormattingError(TypeError, BareError):
    def __init__(self):
        super().__init__("string formatting with % is not allowed; use str() and +")


def kind_of(exc: BaseException) -> str:
    """The Python name of the error's kind: the nearest built-in exception class."""
    for cls in type(exc).__mro__:
        if getattr(builtins, cls.__name__, None) is cls:
            return cls.__name__
    return "Error"


class EvalError(TabletwinError):
    """A run-time error: ``error evaluating '<src>': <Kind>: <message>``."""

    def __init__(self, kind: str, detail: str, source: str, bare: bool = False):
        message = detail if bare else f"error evaluating '{source}': {kind}: {detail}"
        super().__init__(message)
        self.kind = kind
        self.detail = detail
        self.source = source

    @classmethod
    def from_exception(cls, exc: BaseException, source: str) -> "EvalError":
        if isinstance(exc, EvalError):
            return exc
        kind = kind_of(exc)
        return cls(kind, plain_message(kind, str(exc)), source, bare=isinstance(exc, BareError))
