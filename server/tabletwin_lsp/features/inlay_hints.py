"""Inlay hints: constants' values, constant outcome probabilities, and the names of decision
places (see :mod:`tabletwin.editor.inlays`)."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.workspace.position_codec import ServerTextPosition

from tabletwin.editor.inlays import inlay_hints

from .. import editing
from ..server import server


@server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
@server.thread()
def hints(ls: LanguageServer, params: types.InlayHintParams) -> list[types.InlayHint] | None:
    uri = params.text_document.uri
    document, snap = editing.snapshot(ls, uri)
    if snap.kind is None:
        return None
    index = editing.recent_index(uri, snap) if snap.kind == "model" else None
    wanted = editing.span(document, snap, params.range)
    codec = document.position_codec
    found = []
    for hint in inlay_hints(snap, index, wanted.line, wanted.end_line):
        position = codec.position_to_client_units(snap.lines, ServerTextPosition(hint.line, hint.column))
        found.append(types.InlayHint(position=position, label=hint.label, padding_left=True,
                                     tooltip=hint.tooltip or None))
    return found
