"""Quick fixes: did you mean (for unknown keys, names and, in a tactic, places), the missing
``_x`` twin, declaring a loop variable, quoting a YAML 1.1 boolean key (see
:mod:`tabletwin.editor.fixes` and :func:`tabletwin.editor.tactic_places.place_fixes`). Runs in a
worker thread: it needs the current version's index."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.editor import Diagnostic, code_actions
from tabletwin.editor.tactic_places import place_fixes

from .. import editing
from ..server import server


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
@server.thread()
def quick_fixes(ls: LanguageServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    document, snap = editing.snapshot(ls, uri)
    if snap.kind is None:
        return None
    asked = params.context.diagnostics
    diagnostics = [Diagnostic(editing.span(document, snap, d.range), d.message,
                              d.data if isinstance(d.data, dict) else None) for d in asked]
    fixes = code_actions(snap, editing.span(document, snap, params.range), diagnostics, editing.exact_index(uri, snap))
    if snap.kind == "tactic":
        fixes += place_fixes(snap, diagnostics)
    codec = document.position_codec
    actions = []
    for fix in fixes:
        edits = [types.TextEdit(range=editing.to_range(codec, snap.lines, edit.span), new_text=edit.text)
                 for edit in fix.edits]
        actions.append(types.CodeAction(
            title=fix.title, kind=types.CodeActionKind.QuickFix,
            diagnostics=[asked[i] for i in fix.diagnostics] or None,
            is_preferred=fix.preferred or None,
            edit=types.WorkspaceEdit(changes={uri: edits})))
    return actions
