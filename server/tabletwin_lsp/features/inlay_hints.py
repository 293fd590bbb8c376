"""Inlay hints: constants' values, constant outcome probabilities, and the names of decision
places (see :mod:`tabletwin.editor.inlays`); after test games or a simulation, how many of
its games used each action (``used in 12/20 games``, until the next edit: see :mod:`..usage`)."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.workspace.position_codec import ServerTextPosition

from tabletwin.editor.inlays import inlay_hints
from tabletwin.modelfile.paths import parse_path

from .. import editing, usage
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
    if snap.kind == "model":
        found += _usage_hints(snap, usage.current(uri, document.version), wanted.line, wanted.end_line, codec)
    return found


def _usage_hints(snap, used: usage.ActionUsage | None, first_line: int, last_line: int, codec) -> list:
    """``used in n/N games`` after each action's key, from the games played on this version."""
    if used is None or snap.loaded is None:
        return []
    found = []
    for key, path, games in used.actions:
        try:
            span = snap.loaded.positions.key_span(parse_path(path))
        except ValueError:  # a key holding ".", "[" or "]"
            continue
        if span is None or not first_line <= span.end_line <= last_line:
            continue
        position = codec.position_to_client_units(snap.lines, ServerTextPosition(span.end_line, span.end_column))
        found.append(types.InlayHint(
            position=position, label=f"used in {games}/{used.games} games", padding_left=True,
            tooltip=f"{games} of the {used.games} games of the last {used.run} took action {key} at least once"))
    return found


def usage_changed(ls: LanguageServer) -> None:
    """Ask the client for the inlay hints again (new games were played), if it can be asked."""
    workspace = ls.client_capabilities.workspace
    hints = workspace.inlay_hint if workspace is not None else None
    if hints is not None and hints.refresh_support:
        ls.workspace_inlay_hint_refresh(None)
