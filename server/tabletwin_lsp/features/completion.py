"""Completion: keys, closed values, names and snippets at the cursor (see :mod:`tabletwin.editor.completion`).

Trigger characters: ``:`` and space start a value, ``[``, quotes and ``.`` start names inside
expressions, ``-`` starts a list item. The symbol index may be a few keystrokes old on large
models (:class:`tabletwin.editor.DocumentStore`); the cursor's place is always read from the
current text.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.editor import completions
from tabletwin.editor.keydocs import docs
from tabletwin.editor.schemanav import root

from .. import editing
from ..server import server

_KINDS = {
    "key": types.CompletionItemKind.Property, "enum": types.CompletionItemKind.EnumMember,
    "snippet": types.CompletionItemKind.Snippet, "action": types.CompletionItemKind.Function,
    "flow": types.CompletionItemKind.Module, "window": types.CompletionItemKind.Interface,
    "zone": types.CompletionItemKind.Struct, "var": types.CompletionItemKind.Variable,
    "derived": types.CompletionItemKind.Field, "constant": types.CompletionItemKind.Constant,
    "function": types.CompletionItemKind.Function, "board function": types.CompletionItemKind.Function,
    "builtin": types.CompletionItemKind.Function, "method": types.CompletionItemKind.Method,
    "local": types.CompletionItemKind.Variable, "name": types.CompletionItemKind.Keyword,
    "event": types.CompletionItemKind.Event, "listened": types.CompletionItemKind.Event,
    "outcome": types.CompletionItemKind.Class, "agent": types.CompletionItemKind.Class,
    "code": types.CompletionItemKind.Reference, "place": types.CompletionItemKind.Reference,
    "label": types.CompletionItemKind.Value, "stat": types.CompletionItemKind.Value,
}
TRIGGERS = [":", " ", "[", "'", '"', ".", "-", "{", ","]
SUGGEST_NEXT = types.Command(title="Suggest values", command="editor.action.triggerSuggest")
"""Opens the value suggestions after a key is accepted (as the YAML extension does)."""


# Read once when the server starts, not on the first completion (about 15 ms, which the first
# request after opening a large model, racing its first analysis, could not spare).
docs()
root("model")
root("tactic")


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=TRIGGERS))
def completion(ls: LanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
    document, snap = editing.snapshot(ls, params.text_document.uri)
    if snap.kind is None:
        return None
    line, column = editing.position(document, snap, params.position)
    index, ready = editing.quick_index(params.text_document.uri, snap)
    items = completions(snap, line, column, index, wait=False)
    codec = document.position_codec
    # Not ready: a large model just opened, answered without its names; the client asks again.
    return types.CompletionList(is_incomplete=not ready, items=[_item(codec, snap.lines, item) for item in items])


def _item(codec, lines, item) -> types.CompletionItem:
    edit = None
    if item.replace is not None:
        edit = types.TextEdit(range=editing.to_range(codec, lines, item.replace), new_text=item.insert or item.label)
    return types.CompletionItem(
        label=item.label,
        kind=_KINDS.get(item.kind, types.CompletionItemKind.Text),
        detail=item.detail or None,
        documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value=item.documentation)
        if item.documentation else None,
        sort_text=item.sort or None,
        filter_text=item.label,
        text_edit=edit,
        insert_text=None if edit is not None else item.insert,
        insert_text_format=types.InsertTextFormat.Snippet if item.snippet else types.InsertTextFormat.PlainText,
        insert_text_mode=types.InsertTextMode.AdjustIndentation if "\n" in (item.insert or "") else None,
        label_details=types.CompletionItemLabelDetails(description=item.description) if item.description else None,
        command=SUGGEST_NEXT if item.suggest_next else None,
    )
