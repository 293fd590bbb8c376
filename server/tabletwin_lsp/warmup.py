"""The converters of the first messages made when the server starts, not on their first use.

cattrs makes the function that reads (structures) or writes (unstructures) a message type the
first time that type is met, and lsprotocol's unions pick their member's function as they meet
it: about 20 ms for the messages of an editor's first keystroke (``didOpen`` 4 ms, ``didChange``
8, ``completion`` 6, ``hover`` 2, the completion list answered 4), which the first completion
after opening a large model paid on top of its own work. So one small message of each kind is
read and one answer of each kind written at start (about 20 ms, before ``initialize`` is read).
"""

from __future__ import annotations

import json

from lsprotocol import types
from pygls.protocol import JsonRPCResponseMessage

_DOCUMENT = {"uri": "file:///warmup.yaml"}
_POSITION = {"textDocument": _DOCUMENT, "position": {"line": 0, "character": 0}}
_RANGE = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}

FIRST_MESSAGES = {
    types.TEXT_DOCUMENT_DID_OPEN: {"textDocument": {**_DOCUMENT, "languageId": "yaml", "version": 1, "text": "a: 1\n"}},
    types.TEXT_DOCUMENT_DID_CHANGE: {"textDocument": {**_DOCUMENT, "version": 2}, "contentChanges": [
        {"range": _RANGE, "text": "b"}, {"text": "b: 1\n"}]},
    types.TEXT_DOCUMENT_COMPLETION: _POSITION,
    types.TEXT_DOCUMENT_HOVER: _POSITION,
    types.TEXT_DOCUMENT_SIGNATURE_HELP: _POSITION,
}
"""What an editor sends as soon as a document is opened and typed in (one of each change kind)."""

_TEXT = types.MarkupContent(kind=types.MarkupKind.Markdown, value="v")
FIRST_ANSWERS = (
    types.CompletionList(is_incomplete=False, items=[types.CompletionItem(
        label="a", kind=types.CompletionItemKind.Property, detail="d", documentation=_TEXT, sort_text="a",
        filter_text="a", text_edit=types.TextEdit(range=types.Range(types.Position(0, 0), types.Position(0, 1)),
                                                  new_text="a"),
        insert_text_format=types.InsertTextFormat.Snippet, insert_text_mode=types.InsertTextMode.AdjustIndentation,
        label_details=types.CompletionItemLabelDetails(description="d"),
        command=types.Command(title="t", command="c"))]),
    types.Hover(contents=_TEXT, range=types.Range(types.Position(0, 0), types.Position(0, 1))),
)
"""What the server answers them with, with every field the completion handler sets (pygls writes
a request's answer as a plain response message whose ``result`` is written by its own type)."""


def prepare(protocol) -> None:
    """Read each of :data:`FIRST_MESSAGES` and write each of :data:`FIRST_ANSWERS`, as the protocol does."""
    converter = protocol._converter
    for number, (method, params) in enumerate(FIRST_MESSAGES.items()):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if protocol.get_result_type(method) is not None:  # a request, not a notification
            message["id"] = number
        converter.structure(message, protocol.get_message_type(method))
    for number, result in enumerate(FIRST_ANSWERS):
        json.dumps(JsonRPCResponseMessage(id=number, result=result, jsonrpc="2.0"),
                   default=protocol._serialize_message)
