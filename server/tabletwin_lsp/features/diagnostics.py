"""Diagnostics on open and change: the syntax findings of model files."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.checks import syntax_findings

from ..convert import to_diagnostic
from ..documents import is_model_text
from ..server import server


def publish(ls: LanguageServer, uri: str) -> None:
    document = ls.workspace.get_text_document(uri)
    findings = syntax_findings(document.source) if is_model_text(document.source) else []
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=uri, version=document.version, diagnostics=[to_diagnostic(document, f) for f in findings]))


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    publish(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    publish(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri,
                                                                       diagnostics=[]))
