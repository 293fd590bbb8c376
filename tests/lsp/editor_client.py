"""Helpers shared by the end-to-end tests of the editor features: one real server per module."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

DATA = Path(__file__).parent / "data"
TIMEOUT = 10


def server_fixture():
    @pytest_lsp.fixture(scope="module",
                        config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
    async def client(lsp_client: LanguageClient):
        result = await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
        lsp_client.server_capabilities = result.capabilities  # what the server announced
        yield
        await lsp_client.shutdown_session()

    return client


def uri_of(name: str) -> str:
    return (DATA / name).resolve().as_uri()


def open_text(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)))


def change_text(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def cursor(text: str, marker: str = "‸") -> tuple[str, types.Position]:
    """The text without ``marker`` and the LSP position (UTF-16 columns) where it was."""
    index = text.index(marker)
    clean = text[:index] + text[index + 1:]
    before = clean[:index]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1:]
    return clean, types.Position(line=line, character=len(column.encode("utf-16-le")) // 2)


async def wait(coroutine):
    return await asyncio.wait_for(coroutine, TIMEOUT)
