"""Every publishDiagnostics a test client receives (pytest-lsp keeps only the last one)."""

import asyncio

from lsprotocol import types
from pytest_lsp import LanguageClient


class Publications:
    """Every publishDiagnostics the client receives, in order (pytest-lsp keeps only the last)."""

    def __init__(self, client: LanguageClient):
        self.client = client
        self.items: list[types.PublishDiagnosticsParams] = []
        self.arrived = asyncio.Event()
        self._arm()

    def _arm(self):
        self.client.protocol.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS).add_done_callback(self._got)

    def _got(self, future):
        if future.cancelled() or future.exception() is not None:
            return
        self.items.append(future.result())
        self._arm()
        self.arrived.set()

    async def wait_until(self, predicate, timeout: float = 10) -> types.PublishDiagnosticsParams:
        async def find():
            while True:
                for params in self.items:
                    if predicate(params):
                        return params
                self.arrived.clear()
                await self.arrived.wait()

        return await asyncio.wait_for(find(), timeout)

    async def wait_for(self, uri: str, version: int, timeout: float = 10) -> list[types.Diagnostic]:
        params = await self.wait_until(lambda p: p.uri == uri and p.version == version, timeout)
        return list(params.diagnostics)


async def open_and_wait(client: LanguageClient, text: str, uri: str) -> Publications:
    """Open ``text`` as version 1 of ``uri`` and wait for its first diagnostics."""
    published = Publications(client)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    await published.wait_for(uri, 1)
    return published
