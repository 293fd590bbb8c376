"""Lint: warnings beyond the validator of the spec, each with a code (see docs/validating.md).

The spec's validator does not resolve names; its errors stay exactly as the spec lists them.
These warnings find what the engine would only find when it gets there: names not in scope,
undeclared variables, per-player zones without an index, wrong numbers of arguments, ``about``
paths naming nothing, ops without a field they need, and in a tactic, ``pick`` labels its places
never offer. They never change whether a model is ``ok``.

:func:`lint_model` takes a loaded model (and the editor's symbol index of it when one is at
hand); :func:`lint_tactic` a loaded tactic with its model.
"""

from __future__ import annotations

from ..checks.findings import Finding
from ..modelfile import LoadedYaml
from ..validate.walk import shared_walks
from .about import about_findings
from .codes import CODES, SOURCE, doc_link, other_code
from .finding import code_of, is_lint
from .names import arity_findings
from .ops import missing_field_findings, missing_index_findings
from .tactic import label_findings
from .undefined import name_findings


def lint_model(loaded: LoadedYaml, index=None, fields: list | None = None) -> list[Finding]:
    """The lint warnings of a readable model, in document order; ``fields``: the model's
    :func:`~tabletwin.checks.expression_fields` when the caller has them (the validator does)."""
    from ..editor.indexes import shared_index

    from ..checks import expression_fields

    data = loaded.data if isinstance(loaded.data, dict) else {}
    with shared_walks(data):
        if fields is None:
            fields = expression_fields(data)
        if index is None:
            index = shared_index(loaded, loaded.text.split("\n"), "model", fields)
        found = name_findings(index) + arity_findings(index, fields) + missing_index_findings(index) \
            + missing_field_findings(index) + about_findings(index)
    return sorted(found, key=_order)


def lint_tactic(loaded: LoadedYaml, model) -> list[Finding]:
    """The lint warnings of a tactic against its model (a :class:`~tabletwin.editor.places.ModelFile`)."""
    return sorted(label_findings(loaded, model), key=_order)


def _order(finding: Finding):
    span = finding.span
    return (span.line, span.column) if span else (-1, -1)


__all__ = ["CODES", "SOURCE", "code_of", "doc_link", "is_lint", "lint_model", "lint_tactic", "other_code"]
