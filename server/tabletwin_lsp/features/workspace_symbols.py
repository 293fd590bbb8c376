"""Workspace symbols across every model and tactic file of the workspace folders and the open
documents (see :mod:`tabletwin.editor.workspace_symbols`)."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from tabletwin.editor.workspace import snapshot_of, yaml_files
from tabletwin.editor.workspace_symbols import workspace_symbols

from .. import buffers, editing
from ..server import server
from .navigation import SYMBOL_KINDS


@server.feature(types.WORKSPACE_SYMBOL)
@server.thread()
def symbols(ls: LanguageServer, params: types.WorkspaceSymbolParams) -> list[types.WorkspaceSymbol]:
    seen, snaps = set(), []
    for document in list(ls.workspace.text_documents.values()):
        if not document.path:
            continue
        # An open document: its newest version that was indexed (one is, once it was edited
        # or asked about), else the current one.
        snap = editing.last_good(document.uri) or editing.snapshot(ls, document.uri)[1]
        if snap.kind is not None:
            seen.add(buffers.key(document.path))
            snaps.append(snap)
    roots = [to_fs_path(folder.uri) for folder in ls.workspace.folders.values()]
    if not roots and ls.workspace.root_path:
        roots = [ls.workspace.root_path]
    for path in yaml_files([root for root in roots if root]):
        key = buffers.key(path)
        if key in seen:
            continue
        seen.add(key)
        snap = snapshot_of(path)
        if snap is not None:
            snaps.append(snap)
    lines = {snap.path: snap.lines for snap in snaps}
    result = []
    for found in workspace_symbols(snaps, params.query):
        snap_lines = lines[found.path]
        # Positions in the units the client negotiated (UTF-16 unless it chose otherwise).
        location = types.Location(uri=buffers.open_uri(ls, found.path),
                                  range=editing.to_range(_codec(ls), snap_lines, found.span))
        result.append(types.WorkspaceSymbol(name=found.name, kind=SYMBOL_KINDS.get(found.kind, types.SymbolKind.Key),
                                            location=location, container_name=found.container or None))
    return result


def _codec(ls: LanguageServer):
    return ls.workspace.position_codec
