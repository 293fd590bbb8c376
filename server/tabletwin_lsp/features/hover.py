"""Hover: what a key, op, name or tactic place means (see :mod:`tabletwin.editor.hover`)."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.editor import hover_at

from .. import editing
from ..server import server


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover | None:
    document, snap = editing.snapshot(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    line, column = editing.position(document, snap, params.position)
    index, _ready = editing.quick_index(params.text_document.uri, snap)
    found = hover_at(snap, line, column, index, wait=False)
    if found is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=found.markdown),
                       range=editing.to_range(document.position_codec, snap.lines, found.span))
