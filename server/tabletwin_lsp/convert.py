"""Every conversion between tabletwin's findings and LSP types lives here.

tabletwin counts lines and columns from 0 in code points; LSP counts columns in UTF-16 code units
by default. The document's position codec converts (an emoji is one code point, two units).
"""

from __future__ import annotations

from lsprotocol import types
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from tabletwin.checks import Finding, codes
from tabletwin.lint import SOURCE as LINT_SOURCE
from tabletwin.lint import code_of, doc_link, other_code

SOURCE = "tabletwin"
_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
}


def to_range(document: TextDocument, finding: Finding) -> types.Range:
    span = finding.span
    if span is None:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    server_range = ServerTextRange(ServerTextPosition(span.line, span.column),
                                   ServerTextPosition(span.end_line, span.end_column))
    return document.range_to_client_units(server_range)


def code_and_link(finding: Finding) -> tuple[str, str]:
    """The code of a finding and the link to its docs: a lint code's section of validating.md,
    every other code's section of errors.md (a finding made without one: the validator's own
    error or warning)."""
    lint_code = code_of(finding)
    if lint_code:
        return lint_code, doc_link(lint_code)
    code = finding.code
    if not code:
        other = other_code(finding.data)
        code = other[0] if other else codes.MODEL_ERROR if finding.severity == "error" else codes.MODEL_WARNING
    return code, codes.doc_url(code)


def to_diagnostic(document: TextDocument, finding: Finding) -> types.Diagnostic:
    code, href = code_and_link(finding)
    return types.Diagnostic(
        range=to_range(document, finding),
        message=finding.message,
        severity=_SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
        source=LINT_SOURCE if code_of(finding) else SOURCE,
        code=code,
        code_description=types.CodeDescription(href=href),
        data=({"path": finding.path} | (finding.data or {})) if finding.path else finding.data,
    )
