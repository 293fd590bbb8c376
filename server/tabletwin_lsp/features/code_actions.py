"""Quick fixes: did you mean (for unknown keys, names, ops and, in a tactic, places and labels),
the missing ``_x`` twin (a snippet edit when the client takes them, so the cursor lands inside the
quotes), declaring a zone or variable, ``hand[actor]``, ``==`` for ``=``, quoting a YAML 1.1
boolean key (see :mod:`tabletwin.editor.fixes`, :mod:`tabletwin.editor.lintfixes` and
:func:`tabletwin.editor.tactic_places.place_fixes`); and ``source.fixAll``: every preferred fix
of the file's published diagnostics at once. Runs in a worker thread: it needs the current
version's index."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.editor import Diagnostic, code_actions
from tabletwin.editor.fixall import fix_all
from tabletwin.editor.tactic_places import place_fixes

from .. import analysis as analyses
from .. import editing
from ..server import server
from . import pending

FIX_ALL_TITLE = "Fix all: apply every sure fix in this file"


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix,
                                                           types.CodeActionKind.SourceFixAll]))
@server.thread()
def quick_fixes(ls: LanguageServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    document, snap = editing.snapshot(ls, uri)
    if snap.kind is None:
        return None
    only = params.context.only
    if only and not any(kind.startswith(types.CodeActionKind.QuickFix) for kind in only):
        if any(types.CodeActionKind.SourceFixAll.startswith(kind) for kind in only):
            return _fix_all(document, snap, uri)
        return None
    asked = params.context.diagnostics
    diagnostics = [Diagnostic(editing.span(document, snap, d.range), d.message,
                              d.data if isinstance(d.data, dict) else None) for d in asked]
    fixes = code_actions(snap, editing.span(document, snap, params.range), diagnostics, editing.exact_index(uri, snap))
    if snap.kind == "tactic":
        fixes += place_fixes(snap, diagnostics)
    codec = document.position_codec
    actions = []
    snippets = _snippet_support(ls)
    for fix in fixes:
        if fix.snippet and snippets:
            edit = types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=document.version),
                edits=[types.SnippetTextEdit(range=editing.to_range(codec, snap.lines, e.span),
                                             snippet=types.StringValue(e.text)) for e in fix.snippet])])
            first = fix.snippet[0]
            # The cursor lands in the new expression: once applied, hold its "empty expression" back.
            pending.offer(uri, editing.to_range(codec, snap.lines, first.span), first.text.replace("$0", ""),
                          first.span.line + first.text.count("\n"))
        else:
            edit = types.WorkspaceEdit(changes={uri: [
                types.TextEdit(range=editing.to_range(codec, snap.lines, e.span), new_text=e.text) for e in fix.edits]})
        actions.append(types.CodeAction(
            title=fix.title, kind=types.CodeActionKind.QuickFix,
            diagnostics=[asked[i] for i in fix.diagnostics] or None,
            is_preferred=fix.preferred or None, edit=edit))
    return actions


def _snippet_support(ls: LanguageServer) -> bool:
    workspace = ls.client_capabilities.workspace
    edit = workspace.workspace_edit if workspace is not None else None
    return bool(edit is not None and edit.snippet_edit_support)


def _fix_all(document, snap, uri: str) -> list[types.CodeAction] | None:
    """One ``source.fixAll`` action with every preferred fix of the current version's findings."""
    analysis = analyses.latest(uri)
    if analysis is None or analysis.text != snap.text:
        return None  # not analysed yet: the findings would be about another text
    diagnostics = [Diagnostic(f.span, f.message, ({"path": f.path} | (f.data or {})) if f.path else f.data)
                   for f in analysis.findings if f.span is not None]
    edits = fix_all(snap, diagnostics, editing.exact_index(uri, snap))
    if not edits:
        return None
    codec = document.position_codec
    return [types.CodeAction(title=FIX_ALL_TITLE, kind=types.CodeActionKind.SourceFixAll, edit=types.WorkspaceEdit(
        changes={uri: [types.TextEdit(range=editing.to_range(codec, snap.lines, e.span), new_text=e.text)
                       for e in edits]}))]
