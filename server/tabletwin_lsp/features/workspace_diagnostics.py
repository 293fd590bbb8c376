"""Problems of every model and tactic file in the workspace folders, not only of open documents.

When the client is initialized, the workspace folders are walked (:func:`tabletwin.editor.
workspace.yaml_files`, which skips tool folders and hidden ones) and each model or tactic file
that is not open is analysed from the disk, one at a time in the server's thread pool, and its
diagnostics published without a version. Files changed on the disk (``workspace/
didChangeWatchedFiles``, registered with the client when it allows) are analysed again (a model
with the tactic files that may play it, in its folder and the folders below), deleted ones get
their diagnostics cleared, and a document closed in the editor gets its disk version's
diagnostics back. Open documents are the diagnostics feature's.

Cost is bounded: at most :data:`MAX_FILES` files are analysed per scan, files larger than the
editor checks are skipped (their analysis says so in one line), and nothing runs on the event
loop but the sending. The setting ``tabletwin.diagnostics.workspace`` (true by default) turns it
off; turning it off clears what was published for closed files.
"""

from __future__ import annotations

import asyncio

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import analysis as analyses
from .. import buffers
from .. import settings as config
from ..server import server
from ..workspace import read_file
from . import diagnostics

#: Most files analysed per scan of the workspace (the rest get no diagnostics until opened).
MAX_FILES = 200
#: The watcher registered with the client: YAML files anywhere in the workspace.
WATCHED = "**/*.{yaml,yml}"

_published: set[str] = set()  # closed files whose diagnostics this module published
_pending: asyncio.Queue | None = None  # file paths waiting for their analysis
_worker: asyncio.Task | None = None
_models_changed: set[str] = set()  # files changed on the disk: if a model, its tactics follow


def _roots(ls: LanguageServer) -> list[str]:
    roots = [to_fs_path(folder.uri) for folder in ls.workspace.folders.values()]
    if not roots and ls.workspace.root_path:
        roots = [ls.workspace.root_path]
    return [root for root in roots if root]


def _enqueue(ls: LanguageServer, paths) -> None:
    global _pending, _worker
    if _pending is None:
        _pending = asyncio.Queue()
    for path in paths:
        _pending.put_nowait(path)
    if _worker is None or _worker.done():
        _worker = diagnostics._background(_drain(ls))


async def _drain(ls: LanguageServer) -> None:
    loop = asyncio.get_running_loop()
    while _pending is not None and not _pending.empty():
        path = _pending.get_nowait()
        changed = path in _models_changed
        _models_changed.discard(path)
        if not config.current().workspace_diagnostics:
            continue
        uri = buffers.open_uri(ls, path)  # the client's spelling when it is open
        if diagnostics.is_open(ls, uri):
            continue
        try:
            text = await loop.run_in_executor(ls.thread_pool, read_file, path)
        except OSError:
            _clear(ls, uri)  # gone, or not a readable file any more
            continue
        if analyses.document_kind(text) == analyses.OTHER:
            _clear(ls, uri)
            continue
        result = await loop.run_in_executor(ls.thread_pool, analyses.analyse, uri, text, None,
                                            diagnostics.codec(ls), buffers.frozen_lookup(ls))
        if diagnostics.is_open(ls, uri) or not config.current().workspace_diagnostics:
            continue  # opened meanwhile: the open document's diagnostics are the ones to show
        _published.add(uri)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=list(result.diagnostics)))
        if changed and result.kind == analyses.MODEL:  # its tactics are checked against it
            tactics = await loop.run_in_executor(ls.thread_pool, _tactics_near, path)
            for tactic in tactics:
                _pending.put_nowait(tactic)


def _tactics_near(model_path: str) -> list[str]:
    from tabletwin.editor.workspace import tactics_near

    return [snap.path for snap in tactics_near(model_path) if snap.path]


def _clear(ls: LanguageServer, uri: str) -> None:
    if uri in _published:
        _published.discard(uri)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def scan(ls: LanguageServer) -> None:
    """Analyse the model and tactic files of the workspace folders that are not open."""
    if not config.current().workspace_diagnostics:
        return
    from tabletwin.editor.workspace import yaml_files

    _enqueue(ls, yaml_files(_roots(ls), MAX_FILES))


def _register_watcher(ls: LanguageServer) -> None:
    workspace = ls.client_capabilities.workspace
    watched = workspace.did_change_watched_files if workspace is not None else None
    if watched is None or not watched.dynamic_registration:
        return  # the client watches files itself, or not at all
    options = types.DidChangeWatchedFilesRegistrationOptions(
        watchers=[types.FileSystemWatcher(glob_pattern=WATCHED)])
    registration = types.Registration(id="tabletwin-watched-yaml", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                                      register_options=options)

    async def register() -> None:
        try:
            await ls.client_register_capability_async(types.RegistrationParams(registrations=[registration]))
        except Exception as exc:  # noqa: BLE001 - without a watcher, changes on the disk are not seen
            diagnostics.log_message(ls, f"tabletwin: could not watch the workspace's YAML files: {exc}")

    diagnostics._background(register())


def on_initialized(ls: LanguageServer) -> None:
    _register_watcher(ls)
    scan(ls)


def on_close(ls: LanguageServer, uri: str) -> None:
    """A document closed in the editor: its file's diagnostics from the disk again."""
    if config.current().workspace_diagnostics and uri.startswith("file:"):
        path = to_fs_path(uri)
        if path:
            _enqueue(ls, [path])


def on_settings(ls: LanguageServer) -> None:
    """The setting may have changed: scan when it is on, clear the closed files' diagnostics when off."""
    if config.current().workspace_diagnostics:
        if not _published:
            scan(ls)
        return
    for uri in list(_published):
        _clear(ls, uri)


diagnostics.initialized_listeners.append(on_initialized)
diagnostics.settings_listeners.append(on_settings)
diagnostics.close_listeners.append(lambda uri: on_close(server, uri))


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_watched_files(ls: LanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
    changed = []
    for event in params.changes:
        if not event.uri.startswith("file:") or not event.uri.endswith((".yaml", ".yml")):
            continue
        path = to_fs_path(event.uri)
        if event.type == types.FileChangeType.Deleted:
            _clear(ls, event.uri)
            if path:
                _clear(ls, buffers.open_uri(ls, path))  # as published, if spelled otherwise
            continue
        if path:
            changed.append(path)
    if changed and config.current().workspace_diagnostics:
        _models_changed.update(changed)
        _enqueue(ls, changed)
