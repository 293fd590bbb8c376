"""Collecting findings with their positions while the checks walk the model."""

from __future__ import annotations

from ..checks import Finding
from ..checks.codes import MODEL_ERROR, MODEL_WARNING
from ..modelfile import LoadedYaml, format_path


class Collector:
    """Errors and warnings in the order the checks find them, each placed in the file."""

    def __init__(self, loaded: LoadedYaml):
        self.loaded = loaded
        self.data = loaded.data
        self.positions = loaded.positions
        self.errors: list[Finding] = []
        self.warnings: list[Finding] = []

    def place(self, path: tuple, on_key: bool = False):
        positions = self.positions
        span = positions.key_span(path) if on_key else positions.value_span(path)
        if span is None:
            span = positions.span(path)
        if span is None:
            span = positions.nearest(path)[1]
        return span

    def error(self, message: str, path: tuple, on_key: bool = False) -> None:
        self.errors.append(Finding(message, self.place(path, on_key), "error", format_path(path), code=MODEL_ERROR))

    def warning(self, message: str, path: tuple, on_key: bool = False) -> None:
        self.warnings.append(Finding(message, self.place(path, on_key), "warning", format_path(path), code=MODEL_WARNING))

    def add(self, finding: Finding) -> None:
        (self.errors if finding.severity == "error" else self.warnings).append(finding)
