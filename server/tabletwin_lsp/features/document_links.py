"""Document links: a tactic's ``extends`` and ``game``, and ``$schema`` comments
(see :mod:`tabletwin.editor.links`)."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.editor.links import document_links

from .. import buffers, editing
from ..server import server


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_LINK)
def links(ls: LanguageServer, params: types.DocumentLinkParams) -> list[types.DocumentLink] | None:
    document, snap = editing.snapshot(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    codec = document.position_codec
    return [types.DocumentLink(range=editing.to_range(codec, snap.lines, link.span), target=_uri(ls, link.target),
                               tooltip=link.tooltip)
            for link in document_links(snap)]


def _uri(ls: LanguageServer, target: str) -> str:
    if Path(target).is_absolute():
        return buffers.open_uri(ls, target)
    return target
