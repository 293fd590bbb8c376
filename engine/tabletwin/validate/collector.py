"""Collecting findings with their positions while the checks walk the model."""

from __future__ import annotations

from ..checks import Finding
from ..checks.codes import MODEL_ERROR, MODEL_WARNING
from ..checks.kept import placed
from ..modelfile import LoadedYaml


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
        self.errors.append(placed(self.positions, message, path, "error", MODEL_ERROR, on_key))

    def warning(self, message: str, path: tuple, on_key: bool = False) -> None:
        self.warnings.append(placed(self.positions, message, path, "warning", MODEL_WARNING, on_key))

    def add(self, finding: Finding) -> None:
        (self.errors if finding.severity == "error" else self.warnings).append(finding)
