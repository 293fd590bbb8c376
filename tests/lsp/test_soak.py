"""A long session with the real server: random edits of an example, interleaved with completion,
hover, the outline and test games. Every request must be answered within :data:`ANSWER_SECONDS`
and the server's resident memory must stay flat after the warm-up (within :data:`MEMORY_DRIFT`).

The default run makes :data:`SHORT_EDITS` edits (seconds); ``TABLETWIN_SOAK=1`` makes
:data:`LONG_EDITS` (run it with ``-s`` to see the figures it prints).
"""

import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .editor_client import change_text
from .publications import open_and_wait

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "spell_duel.yaml"
TEXT = EXAMPLE.read_text(encoding="utf-8")
URI = EXAMPLE.as_uri()

SHORT_EDITS = 300
LONG_EDITS = 10_000
ANSWER_SECONDS = 2.0
MEMORY_DRIFT = 0.20
"""Largest change of the resident memory between the samples just after the warm-up (the second
fifth of the session) and the samples of the last fifth, as a fraction."""
RESET_EVERY = 50
"""Every this many edits the whole example comes back (a valid model again) and test games run."""
SNIPPETS = ["x", " ", ":", "\n", "  - ", "roll", "{", "}", "'", "[", "]", "_x: ", "op: ", "#", "\n    "]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"runTestGames": "never", "testGames": 3}))
    yield
    await lsp_client.shutdown_session()


def position(text: str, offset: int) -> types.Position:
    before = text[:offset]
    return types.Position(line=before.count("\n"), character=offset - (before.rfind("\n") + 1))


def random_edit(rng: random.Random, text: str) -> tuple[str, types.TextDocumentContentChangePartial]:
    """A small random insertion or deletion (the example is ASCII: a character is a UTF-16 unit)."""
    start = rng.randrange(len(text) + 1)
    end = min(len(text), start + rng.randrange(6)) if rng.random() < 0.4 else start
    inserted = rng.choice(SNIPPETS) if end == start or rng.random() < 0.5 else ""
    change = types.TextDocumentContentChangePartial(
        range=types.Range(position(text, start), position(text, end)), text=inserted)
    return text[:start] + inserted + text[end:], change


def resident_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


async def test_a_long_session_of_random_edits_stays_responsive_and_flat(client: LanguageClient):
    edits = LONG_EDITS if os.environ.get("TABLETWIN_SOAK") == "1" else SHORT_EDITS
    rng = random.Random(12)
    pid = client._server.pid
    published = await open_and_wait(client, TEXT, URI)
    text, version = TEXT, 1
    seconds: dict[str, list[float]] = {"completion": [], "hover": [], "outline": [], "test games": [],
                                       "diagnostics": []}
    memory: list[tuple[int, int]] = []

    async def timed(kind: str, request):
        start = time.perf_counter()
        result = await asyncio.wait_for(request, ANSWER_SECONDS * 5)
        seconds[kind].append(time.perf_counter() - start)
        return result

    def document() -> types.TextDocumentIdentifier:
        return types.TextDocumentIdentifier(uri=URI)

    started = time.perf_counter()
    for number in range(1, edits + 1):
        version += 1
        if number % RESET_EVERY == 0:
            text = TEXT
            change_text(client, URI, text, version)
            await timed("diagnostics", published.wait_for(URI, version, timeout=ANSWER_SECONDS * 5))
            result = await timed("test games", client.workspace_execute_command_async(types.ExecuteCommandParams(
                command="tabletwin.runTestGames", arguments=[URI, 3, number])))
            assert result["games"] == 3 and result["finished"] == 3
            published.items.clear()
        else:
            text, change = random_edit(rng, text)
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
                content_changes=[change]))
        where = position(text, rng.randrange(len(text) + 1))
        roll = rng.random()
        if roll < 0.5:
            await timed("completion", client.text_document_completion_async(types.CompletionParams(
                text_document=document(), position=where)))
        elif roll < 0.8:
            await timed("hover", client.text_document_hover_async(types.HoverParams(
                text_document=document(), position=where)))
        elif roll < 0.9:
            await timed("outline", client.text_document_document_symbol_async(types.DocumentSymbolParams(
                text_document=document())))
        if number % 10 == 0:
            memory.append((number, resident_bytes(pid)))
    total = time.perf_counter() - started

    fifth = edits // 5
    after_warm_up = statistics.median(m for n, m in memory if fifth <= n < 2 * fifth)
    last = statistics.median(m for n, m in memory if n >= 4 * fifth)
    print(f"\nsoak: {edits} edits in {total:.0f} s; resident memory after warm-up {after_warm_up / 2**20:.1f} MB, "
          f"at the end {last / 2**20:.1f} MB ({(last / after_warm_up - 1) * 100:+.1f}%)")
    for kind, values in seconds.items():
        if values:
            print(f"soak: {kind}: {len(values)} answers, median {statistics.median(values) * 1000:.0f} ms, "
                  f"max {max(values) * 1000:.0f} ms")
    slowest = {kind: max(values) for kind, values in seconds.items() if values}
    assert all(value < ANSWER_SECONDS for value in slowest.values()), slowest
    assert abs(last / after_warm_up - 1) <= MEMORY_DRIFT
