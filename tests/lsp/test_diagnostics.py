"""The real server over stdio: syntax diagnostics on their exact (UTF-16) ranges."""

import asyncio
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

URI = "file:///work/model.yaml"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, text: str, uri: str = URI) -> list[types.Diagnostic]:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 10)
    return list(client.diagnostics[uri])


def where(diagnostic: types.Diagnostic):
    r = diagnostic.range
    return (r.start.line, r.start.character, r.end.line, r.end.character)


async def test_expression_error_after_an_emoji_is_placed_in_utf16_units(client: LanguageClient):
    text = ('flow: {id: t, kind: step, do: a}\n'
            'actions:\n'
            '  a: {label: "🎲 é", pre_x: "x = 1", effect: []}\n'
            'end: []\n'
            'game: t\n'  # game and label: the schema asks for them, and this test is about one error
            'label: T\n')
    diagnostics = await open_document(client, text)
    assert [d.message for d in diagnostics] == ['assignment is not allowed in "x = 1"']
    # The `=` is code point 30 of the line; the emoji before it takes two UTF-16 units.
    assert where(diagnostics[0]) == (2, 31, 2, 32)
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error
    assert diagnostics[0].source == "tabletwin"
    assert diagnostics[0].data == {"path": "actions.a.pre_x"}


async def test_broken_yaml_is_one_diagnostic_and_fixing_it_clears_it(client: LanguageClient):
    diagnostics = await open_document(client, "flow: [\n")
    assert len(diagnostics) == 1
    assert where(diagnostics[0]) == (0, 6, 0, 7)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(
            text="flow: {id: t, kind: sequence}\nactions: {}\nend: []\ngame: t\nlabel: T\n")]))
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 10)
    assert list(client.diagnostics[URI]) == []


async def test_other_yaml_files_are_left_alone(client: LanguageClient):
    diagnostics = await open_document(client, "name: ci\non: [push]\njobs: {x: [}\n", "file:///work/ci.yaml")
    assert diagnostics == []
