"""What the editor features (completion, hover, navigation, code actions) share: the document
store of :mod:`tabletwin.editor`, and the conversion of its positions to LSP positions.

:mod:`tabletwin.editor` counts columns in code points; LSP clients count in the negotiated
encoding (UTF-16 unless they chose otherwise). Every conversion goes through the document's
position codec with the snapshot's own lines, so a position always refers to the text it was
computed from.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition, ServerTextRange

from tabletwin.editor import DocumentStore, Snapshot
from tabletwin.errors import Span

from .buffers import live_lookup
from .documents import too_large
from .server import server
from .workspace import read_file

store = DocumentStore(text_of=live_lookup(server))  # a tactic's model from its editor buffer when open

TOO_LARGE = Snapshot("")
"""What the features see of a document too large to check (its kind is ``None``: no answers)."""


def snapshot(ls: LanguageServer, uri: str) -> tuple[TextDocument, Snapshot]:
    """The document and the snapshot of its current version; documents the client closed are
    dropped from the store here (the diagnostics feature owns the close notification)."""
    uri = unquote(uri)
    if uri not in store.known():
        for old in store.known() - set(ls.workspace.text_documents):
            store.forget(old)
    document = ls.workspace.get_text_document(uri)
    try:
        text = document.source
    except OSError as exc:  # not open, and not a readable file (see .workspace)
        raise JsonRpcInvalidParams(f"cannot read {uri}: {exc.strerror or exc}") from None
    if too_large(text):
        store.forget(uri)
        return document, TOO_LARGE
    return document, store.snapshot(uri, text, document.version, document.path)


def recent_index(uri: str, snap: Snapshot):
    """The newest index of the document (maybe a few edits old): for completion and hover."""
    if snap is TOO_LARGE:
        return None
    return store.recent_index(unquote(uri), snap)


def quick_index(uri: str, snap: Snapshot):
    """``(index, ready)``: :func:`recent_index`, or ``(None, False)`` at once for a large document
    not indexed yet (:meth:`tabletwin.editor.DocumentStore.quick_index`)."""
    if snap is TOO_LARGE:
        return None, True
    return store.quick_index(unquote(uri), snap)


def exact_index(uri: str, snap: Snapshot):
    """The index of exactly this version: for answers that point into the text."""
    if snap is TOO_LARGE:
        return None
    return store.index(unquote(uri), snap)


def last_good(uri: str) -> Snapshot | None:
    return store.last_good(unquote(uri))


def position(document: TextDocument, snap: Snapshot, where: types.Position) -> tuple[int, int]:
    """A client position as ``(line, code-point column)``."""
    server = document.position_codec.position_from_client_units(snap.lines, where)
    return server.line, server.character


def span(document: TextDocument, snap: Snapshot, where: types.Range) -> Span:
    server = document.position_codec.range_from_client_units(snap.lines, where)
    return Span(server.start.line, server.start.character, server.end.line, server.end.character)


def to_range(codec: PositionCodec, lines: list[str], where: Span) -> types.Range:
    if _plain(lines, where.line) and _plain(lines, where.end_line):
        # Code points are the client's units on ASCII lines: no conversion (it is most of the
        # cost of answering hundreds of ranges, as code lenses and workspace symbols do).
        return types.Range(types.Position(where.line, where.column), types.Position(where.end_line, where.end_column))
    server = ServerTextRange(ServerTextPosition(where.line, where.column),
                             ServerTextPosition(where.end_line, where.end_column))
    return codec.range_to_client_units(lines, server)


def _plain(lines: list[str], line: int) -> bool:
    return 0 <= line < len(lines) and lines[line].isascii()


def to_location(document: TextDocument, snap: Snapshot, found) -> types.Location:
    """A :class:`tabletwin.editor.Location` in this document or in another file."""
    if found.path is None:
        return types.Location(uri=document.uri, range=to_range(document.position_codec, snap.lines, found.span))
    path = Path(found.path)
    try:
        lines = read_file(str(path)).split("\n")
    except OSError:
        lines = []
    return types.Location(uri=path.resolve().as_uri(), range=to_range(document.position_codec, lines, found.span))
