"""Signature help inside expressions (see :mod:`tabletwin.editor.signature`)."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.editor.signature import signature_at

from .. import editing
from ..server import server


@server.feature(types.TEXT_DOCUMENT_SIGNATURE_HELP,
                types.SignatureHelpOptions(trigger_characters=["(", ","], retrigger_characters=[")"]))
def signature_help(ls: LanguageServer, params: types.SignatureHelpParams) -> types.SignatureHelp | None:
    document, snap = editing.snapshot(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    line, column = editing.position(document, snap, params.position)
    found = signature_at(snap, line, column, editing.recent_index(params.text_document.uri, snap))
    if found is None:
        return None
    signatures = [_information(signature) for signature in found.signatures]
    active = found.signatures[found.active].active
    return types.SignatureHelp(signatures=signatures, active_signature=found.active, active_parameter=active)


def _information(signature) -> types.SignatureInformation:
    # Parameter offsets count UTF-16 units of the label, as the client counts them.
    parameters = [types.ParameterInformation(label=(_units(signature.label[:start]), _units(signature.label[:end])))
                  for start, end in signature.parameters]
    return types.SignatureInformation(
        label=signature.label, parameters=parameters, active_parameter=signature.active,
        documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value=signature.doc))


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2
