"""The real server over stdio never dies on half-typed text and stays in step with the editor.

Thousands of random small incremental edits (deletions; insertions of brackets, quotes, tabs,
NUL, emoji, colons, newlines...) are replayed on a real model and a real tactic, with requests
in between; afterwards the server still answers, and its last diagnostics are exactly those of
the text the client holds (so no edit was lost or misapplied, UTF-16 columns included).
"""

import asyncio
import random
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import Publications

from tabletwin_lsp.analysis import analyse

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
INSERTIONS = ["[", "]", "{", "}", "'", '"', "\t", "\0", "🎲", "é", ":", ": ", "- ", "\n", "\n  ", " ", ",", "#",
              "*", "&", "|", ">", "!", "%", "@", "`", "?", "_x", "<<", "😀😀", "\\"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"tabletwin": {"runTestGames": "never"}}))
    yield
    await lsp_client.shutdown_session()


def position(text: str, index: int) -> types.Position:
    """The LSP position (UTF-16 column) of code point ``index`` of ``text``."""
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line, len(text[start:index].encode("utf-16-le")) // 2)


def random_edit(rng: random.Random, text: str) -> tuple[types.Range, str, str]:
    """A random small edit: (range in the old text, new text, the text after it)."""
    if text and rng.random() < 0.45:
        start = rng.randrange(len(text))
        end = min(len(text), start + rng.randint(1, 6))
        inserted = ""
    else:
        start = end = rng.randint(0, len(text))
        inserted = rng.choice(INSERTIONS)
    edit = types.Range(position(text, start), position(text, end))
    return edit, inserted, text[:start] + inserted + text[end:]


def shape(diagnostics):
    return [(d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.severity,
             d.message) for d in diagnostics]


async def replay(client: LanguageClient, uri: str, text: str, edits: int, seed: int) -> str:
    published = Publications(client)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    await published.wait_for(uri, 1)
    rng = random.Random(seed)
    version = 1
    for number in range(edits):
        edit, inserted, text = random_edit(rng, text)
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=edit, text=inserted)]))
        if number % 250 == 249:
            # A request on whatever the text is now: an answer or a JSON-RPC error, never silence.
            try:
                tree = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
                    command="tabletwin.showFlowTree", arguments=[uri])), 10)
                assert isinstance(tree, str)
            except JsonRpcException:
                pass
        if number % 50 == 49:
            await asyncio.sleep(0)  # let the client's reader run now and then
    diagnostics = await published.wait_for(uri, version, timeout=15)
    assert shape(diagnostics) == shape(analyse(uri, text, version).diagnostics)
    return text


async def test_thousands_of_random_edits_on_a_model(client: LanguageClient):
    uri = "file:///work/spell_duel.yaml"
    text = await replay(client, uri, (EXAMPLES / "spell_duel.yaml").read_text(encoding="utf-8"), 3000, 7)
    # Still answering: a command on the final text, and a document opened now.
    try:
        await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
            command="tabletwin.showFlowTree", arguments=[uri])), 10)
    except JsonRpcException as exc:
        assert "tabletwin.showFlowTree" in exc.message
    published = Publications(client)
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri="file:///work/pig.yaml", language_id="yaml", version=1,
        text=(EXAMPLES / "pig.yaml").read_text(encoding="utf-8"))))
    assert await published.wait_for("file:///work/pig.yaml", 1) == []
    assert text  # the replay ended on some text


async def test_a_thousand_random_edits_on_a_tactic(client: LanguageClient):
    uri = "file:///work/tic-tac-toe-basic.yaml"
    await replay(client, uri, (EXAMPLES / "tactics/tic-tac-toe-basic.yaml").read_text(encoding="utf-8"), 1000, 3)


NASTY = [
    "flow: " + "[" * 50_000,
    "flow: " + "{a: " * 20_000,
    "flow: x\na: &a [*a]\n",
    "flow:\n" + "- " * 5_000 + "x\n",
    "flow: \0\0\0\n",
    "flow: {id: t, kind: step}\n\ud800: x\n",
    "flow: {id: t, kind: step}\nactions: {a: {pre_x: \"\ud83c\"}}\n",
    "tactic: x\nrules: [" + "{" * 3_000 + "\n",
    "\ufeffflow: {id: t, kind: sequence}\nend: []\n",
    "flow: {id: t, kind: step, do: a}\nactions:\n  a: {effect: [{op: if, cond_x: \"" + "(" * 5_000 + "\"}]}\n",
    "flow: {id: t, kind: step}\nx: " + "a" * 200_000 + "\n",
    "flow:\n\t- x\n",
    "",
]


async def test_nasty_whole_texts_get_diagnostics_and_the_server_survives(client: LanguageClient):
    published = Publications(client)
    for number, text in enumerate(NASTY):
        uri = f"file:///work/nasty{number}.yaml"
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
        await published.wait_for(uri, 1, timeout=15)
    tree = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="tabletwin.showFlowTree", arguments=["file:///work/nasty8.yaml"])), 10)
    assert tree.startswith("t: sequence")
