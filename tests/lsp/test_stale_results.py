"""Results of test games are about the text they played: the first edit clears them, also when
the edit breaks the YAML and the last readable version's other diagnostics are kept."""

import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import open_and_wait
from .test_unused_rules import DEAD, URI, command, information

BROKEN = DEAD.replace("\nactions:\n", "\nactions:\n   oops: [\n", 1)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"runTestGames": "never"}))
    yield
    await lsp_client.shutdown_session()


async def test_unused_rules_go_when_an_edit_breaks_the_yaml(client: LanguageClient):
    published = await open_and_wait(client, DEAD, URI)
    kept = list(published.items[-1].diagnostics)
    await command(client, "tabletwin.runTestGames", URI)
    params = await published.wait_until(lambda p: p.uri == URI and information(p))
    assert [d.code for d in information(params)] == ["unused-rule"]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=BROKEN)]))
    diagnostics = await published.wait_for(URI, 2)
    assert [d.code for d in diagnostics] == ["yaml"] + [d.code for d in kept]
    assert "unused-rule" not in [d.code for d in diagnostics]
    assert list(client.diagnostics[URI]) == diagnostics
