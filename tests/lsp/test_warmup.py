"""The converters of the first messages, made at start (:mod:`tabletwin_lsp.warmup`)."""

import json

from lsprotocol import types

import tabletwin_lsp.features  # noqa: F401  (registers every feature)
from tabletwin_lsp import warmup
from tabletwin_lsp.server import server


def test_the_first_messages_are_ones_the_server_serves_and_read_as_their_types():
    protocol = server.protocol
    warmup.prepare(protocol)
    assert all(method in protocol.fm.features for method in warmup.FIRST_MESSAGES)
    change = protocol._converter.structure(
        {"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_DID_CHANGE,
         "params": warmup.FIRST_MESSAGES[types.TEXT_DOCUMENT_DID_CHANGE]},
        protocol.get_message_type(types.TEXT_DOCUMENT_DID_CHANGE))
    assert [type(piece) for piece in change.params.content_changes] == [
        types.TextDocumentContentChangePartial, types.TextDocumentContentChangeWholeDocument]


def test_the_first_answers_are_written_with_every_field_completion_sets():
    written = json.loads(json.dumps(warmup.FIRST_ANSWERS[0], default=server.protocol._serialize_message))
    assert sorted(written["items"][0]) == [
        "command", "detail", "documentation", "filterText", "insertTextFormat", "insertTextMode", "kind",
        "label", "labelDetails", "sortText", "textEdit"]
