"""Go to definition, find references, rename and the outline (see :mod:`tabletwin.editor.navigation`).

These answer from the index of the exact version asked about (their ranges point into it),
which on a large model means loading and indexing it first: they run in worker threads, so
completion and hover are never queued behind them.

Find references and rename of an action, step id, window or trigger reach the tactic files that
play its model: the open ones and those beside the model on disk (and, renaming from a place in a
tactic, the model file, open or not): one workspace edit over several documents.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from tabletwin.editor import definition, document_symbols, prepare_rename, references, rename
from tabletwin.editor.workspace import tactics_near

from .. import buffers, editing
from ..analysis import TACTIC, document_kind
from ..server import server

SYMBOL_KINDS = {
    "section": types.SymbolKind.Namespace, "node": types.SymbolKind.Object, "case": types.SymbolKind.Boolean,
    "action": types.SymbolKind.Function, "zone": types.SymbolKind.Array, "var": types.SymbolKind.Variable,
    "derived": types.SymbolKind.Property, "entity": types.SymbolKind.Class, "constant": types.SymbolKind.Constant,
    "function": types.SymbolKind.Function, "board": types.SymbolKind.Struct, "outcome": types.SymbolKind.Class,
    "agent": types.SymbolKind.Class, "code": types.SymbolKind.Module, "window": types.SymbolKind.Interface,
    "trigger": types.SymbolKind.Event, "modifier": types.SymbolKind.Operator, "end": types.SymbolKind.Boolean,
    "question": types.SymbolKind.String, "content": types.SymbolKind.Object, "let": types.SymbolKind.Variable,
    "rule": types.SymbolKind.Method,
}


def _exact(ls: LanguageServer, uri: str):
    document, snap = editing.snapshot(ls, uri)
    return document, snap, editing.exact_index(uri, snap)


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
@server.thread()
def goto_definition(ls: LanguageServer, params: types.DefinitionParams) -> list[types.Location] | None:
    document, snap, index = _exact(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    line, column = editing.position(document, snap, params.position)
    return [editing.to_location(document, snap, found) for found in definition(snap, line, column, index)]


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
@server.thread()
def find_references(ls: LanguageServer, params: types.ReferenceParams) -> list[types.Location] | None:
    document, snap, index = _exact(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    line, column = editing.position(document, snap, params.position)
    found = references(snap, line, column, params.context.include_declaration, index,
                       tactics_for(ls, document) if snap.kind == "model" else ())
    return [editing.to_location(document, snap, location) for location in found]


@server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
@server.thread()
def prepare(ls: LanguageServer, params: types.PrepareRenameParams):
    document, snap, index = _exact(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    line, column = editing.position(document, snap, params.position)
    found = prepare_rename(snap, line, column, index)
    if found is None:
        return None
    return editing.to_range(document.position_codec, snap.lines, found)


@server.feature(types.TEXT_DOCUMENT_RENAME, types.RenameOptions(prepare_provider=True))
@server.thread()
def rename_symbol(ls: LanguageServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    document, snap, index = _exact(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    line, column = editing.position(document, snap, params.position)
    tactics = tactics_for(ls, document) if snap.kind == "model" else _open_tactics(ls, document.uri)
    result = rename(snap, line, column, params.new_name, index, tactics)
    if isinstance(result, str):
        raise JsonRpcException(result, code=types.LSPErrorCodes.RequestFailed)
    if result.skipped:
        ls.window_show_message(types.ShowMessageParams(
            type=types.MessageType.Warning,
            message=f"{result.skipped} use(s) written with escapes or over several lines were not renamed"))
    codec = document.position_codec
    changes = {}
    if result.edits:
        changes[document.uri] = _text_edits(codec, snap.lines, result.edits)
    for other in result.others:
        changes.setdefault(buffers.open_uri(ls, other.path), []).extend(_text_edits(codec, other.lines, other.edits))
    if not changes:
        changes[document.uri] = []
    return types.WorkspaceEdit(changes=changes)


def _text_edits(codec, lines, edits) -> list[types.TextEdit]:
    return [types.TextEdit(range=editing.to_range(codec, lines, edit.span), new_text=edit.text) for edit in edits]


def _open_tactics(ls: LanguageServer, uri: str) -> list:
    """Snapshots of the open tactic documents other than ``uri``."""
    found = []
    for document in list(ls.workspace.text_documents.values()):
        if document.uri != uri and document.path and document_kind(document.source) == TACTIC:
            found.append(editing.snapshot(ls, document.uri)[1])
    return found


def tactics_for(ls: LanguageServer, document) -> list:
    """The open tactic documents, then the tactic files beside the model (read from the disk
    unless open); :func:`tabletwin.editor.place_uses.tactics_of` keeps one per file."""
    found = _open_tactics(ls, document.uri)
    if document.path:
        found += tactics_near(document.path, buffers.frozen_lookup(ls))
    return found


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@server.thread()
def outline(ls: LanguageServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
    document, snap = editing.snapshot(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    symbols = document_symbols(snap)
    lines = snap.lines
    if snap.loaded is None:
        good = editing.last_good(params.text_document.uri)
        if good is not None:  # half-typed text: the outline of the last version that parsed
            symbols, lines = document_symbols(good), good.lines
    codec = document.position_codec
    return [_symbol(codec, lines, symbol) for symbol in symbols]


def _symbol(codec, lines, symbol) -> types.DocumentSymbol:
    return types.DocumentSymbol(
        name=symbol.name or "?",
        kind=SYMBOL_KINDS.get(symbol.kind, types.SymbolKind.Key),
        range=editing.to_range(codec, lines, symbol.span),
        selection_range=editing.to_range(codec, lines, symbol.selection),
        detail=symbol.detail or None,
        children=[_symbol(codec, lines, child) for child in symbol.children] or None,
    )
