"""Every conversion between tabletwin's findings and LSP types lives here.

tabletwin counts lines and columns from 0 in code points; LSP counts columns in UTF-16 code units
by default. The document's position codec converts (an emoji is one code point, two units).
"""

from __future__ import annotations

from lsprotocol import types
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from tabletwin.checks import Finding
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


def to_diagnostic(document: TextDocument, finding: Finding) -> types.Diagnostic:
    code = code_of(finding)  # lint warnings: their own source, a code and the code's docs
    href = doc_link(code) if code else None
    if code is None and (other := other_code(finding.data)) is not None:
        code, href = other  # a gap, an unknown key: a code and docs too
    return types.Diagnostic(
        range=to_range(document, finding),
        message=finding.message,
        severity=_SEVERITY.get(finding.severity, types.DiagnosticSeverity.Error),
        source=LINT_SOURCE if code_of(finding) else SOURCE,
        code=code,
        code_description=types.CodeDescription(href=href) if href else None,
        data=({"path": finding.path} | (finding.data or {})) if finding.path else finding.data,
    )
