"""``validate``: everything the validator reports about a model, in one :class:`Report`."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, field

from ..checks import Finding, expression_fields, syntax_findings
from ..checks.codes import NOT_A_MODEL, YAML
from ..checks.kept import interned
from ..checks.reuse import reusing
from ..checks.syntax import compile_findings
from ..errors import NotAModelError, YamlError
from ..modelfile import LoadedYaml, check_is_model, format_path, load_yaml
from .advice import check_warnings
from .collector import Collector
from .figures import Figures, count
from .model_errors import check_errors
from .names import ExpressionIndex
from .testgames import TestGames, run_test_games
from .tree import flow_tree
from .walk import shared_walks


@dataclass
class Report:
    errors: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    figures: Figures | None = None
    test_games: TestGames | None = None
    readable: bool = True
    loaded: LoadedYaml | None = None
    lint: list[Finding] = field(default_factory=list)  # tabletwin.lint's warnings; never change ``ok``

    _tree: str = ""
    _tree_of: object = field(default=None, repr=False, compare=False)  # the data whose tree is still to make

    @property
    def tree(self) -> str:
        """The flow tree, made on first read: an editor validating each edit seldom shows it."""
        if self._tree_of is not None:
            self._tree, self._tree_of = flow_tree(self._tree_of), None
        return self._tree

    @tree.setter
    def tree(self, text: str) -> None:
        self._tree, self._tree_of = text, None

    @property
    def ok(self) -> bool:
        return self.readable and not self.errors

    def _where(self, path) -> dict:
        span = None
        if self.loaded is not None and path is not None:
            span = self.loaded.positions.span(path) or self.loaded.positions.nearest(path)[1]
        line, column = span.human() if span else (None, None)
        return {"path": format_path(path) if path is not None else "", "line": line, "column": column}

    def as_json(self) -> dict:
        def finding(f: Finding) -> dict:
            line, column = f.span.human() if f.span else (None, None)
            return {"message": f.message, "path": f.path, "line": line, "column": column}

        def lint(f: Finding) -> dict:
            return {"code": f.data["code"], **finding(f)}

        gaps = []
        if self.figures is not None:
            for gap in self.figures.gaps:
                gaps.append({"kind": gap.kind, "place": gap.place, "message": gap.message, **self._where(gap.path)})
        games = self.test_games.as_json() if self.test_games is not None else None
        if games is not None:
            games["where"] = [{"message": f"{s.kind}: {s.message}", "count": s.count, **self._where(s.path)}
                              for s in self.test_games.stopped.values()]
        return {"ok": self.ok, "errors": [finding(f) for f in self.errors],
                "warnings": [finding(f) for f in self.warnings],
                "figures": self.figures.as_json() if self.figures else None, "gaps": gaps, "test_games": games,
                "tree": self.tree, "lint": [lint(f) for f in self.lint]}


def validate(source, games: int = 20, seed: int = 0, schema: bool = True, lint: bool = True,
             reuse: bool = False) -> Report:
    """The full report for model text (or an already loaded document); ``lint`` adds
    :mod:`tabletwin.lint`'s warnings as ``report.lint``. ``reuse``: the checks of the entries
    that are the same objects as in the last validation with ``reuse`` give their results again
    (:mod:`tabletwin.checks.reuse`; for an editor, whose load of an edited text keeps them)."""
    report = Report()
    from ..model import Model

    if isinstance(source, Model):
        source = LoadedYaml(source.data, source.positions, source.text)
    try:
        loaded = source if isinstance(source, LoadedYaml) else load_yaml(source)
        check_is_model(loaded)
    except (YamlError, NotAModelError) as exc:
        report.readable = False
        report.errors.append(Finding(exc.message, exc.span, code=YAML if isinstance(exc, YamlError) else NOT_A_MODEL))
        return report
    report.loaded = loaded
    out = Collector(loaded)
    with shared_walks(loaded.data), (reusing(loaded) if reuse else nullcontext()):
        fields = list(expression_fields(loaded.data))
        for finding in compile_findings(fields, loaded.positions, loaded.text):
            out.add(finding)
        check_errors(out)
        index = ExpressionIndex(loaded.data, fields)
        check_warnings(out, index)
        if schema:
            from ..checks.schema import schema_findings

            # An error already says what is wrong at its path (an unknown op is also not in the
            # schema's list of ops); the schema's warning there would only repeat it.
            wrong = {finding.path for finding in out.errors}
            for finding in schema_findings(loaded):
                if finding.path not in wrong:
                    out.add(interned(finding))
        report.errors = sorted(out.errors, key=_order)
        report.warnings = sorted(out.warnings, key=_order)
        report.figures = count(loaded.data, index)
        report._tree_of = loaded.data
        if lint:
            from ..lint import lint_model

            report.lint = lint_model(loaded, fields=fields)  # the same walk, done once
    if not report.errors and games > 0:
        from ..model import compile_model

        report.test_games = run_test_games(compile_model(loaded), games, seed)
    return report


def _order(finding: Finding):
    span = finding.span
    return (span.line, span.column) if span else (-1, -1)


__all__ = ["Report", "syntax_findings", "validate"]
