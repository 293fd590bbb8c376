"""A finding: a message about one place of the model file."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Span


@dataclass(frozen=True, slots=True)
class Finding:
    """``severity`` is ``error``, ``warning`` or ``information``; ``path`` the model path text."""

    message: str
    span: Span | None
    severity: str = "error"
    path: str = ""
    data: dict | None = None  # for editors: e.g. {"key": "x", "suggestion": "y"} for a quick fix
    code: str = ""  # what kind of finding it is (tabletwin.checks.codes); lint keeps its code in data

    def located(self, filename: str = "-") -> str:
        if self.span is None:
            return f"{filename}: {self.severity}: {self.message}"
        line, column = self.span.human()
        return f"{filename}:{line}:{column}: {self.severity}: {self.message}"
