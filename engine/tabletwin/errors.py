"""One exception family for everything a model author can get wrong.

Every error may carry a :class:`Span`: where in the model file it is. Spans are 0-based
(line and column in code points, end exclusive), the way the YAML parser and the language
server count; people see them 1-based through :meth:`Span.human`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """A range of the model text: 0-based lines and code-point columns, end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, line: int, column: int) -> "Span":
        return cls(line, column, line, column + 1)

    def human(self) -> tuple[int, int]:
        """1-based (line, column) of the start, as printed for people and in JSON."""
        return self.line + 1, self.column + 1

    def shifted(self, offset: int, length: int = 1) -> "Span":
        """The sub-range ``offset .. offset + length`` of a single-line span's text."""
        start = self.column + offset
        return Span(self.line, start, self.line, start + length)


class TabletwinError(Exception):
    """Base of all errors shown to model authors. ``span`` and ``path`` are optional."""

    def __init__(self, message: str, span: Span | None = None, path: str | None = None):
        super().__init__(message)
        self.message = message
        self.span = span
        self.path = path

    def __str__(self) -> str:
        return self.message

    def located(self, filename: str = "-") -> str:
        """``FILE:LINE:COL: error: message``, the form of the command line."""
        if self.span is None:
            return f"{filename}: error: {self.message}"
        line, column = self.span.human()
        return f"{filename}:{line}:{column}: error: {self.message}"


class YamlError(TabletwinError):
    """The text is not readable YAML, or breaks one of the model's YAML rules."""


class NotAModelError(TabletwinError):
    """Readable YAML that is not a model (not a mapping with ``flow``)."""


class EngineError(TabletwinError):
    """The engine stopped a game: ``kind`` is ``NotExecutable`` or ``ExprError``.

    ``path`` is the model path of the node, op or field where it stopped.
    """

    kind = "EngineError"

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


class NotExecutable(EngineError):
    """The model lacks something the engine needs (an expression, an actor, code)."""

    kind = "NotExecutable"


class ExprError(EngineError):
    """Something failed while running: an expression, a bad path, a loop that never ends."""

    kind = "ExprError"
