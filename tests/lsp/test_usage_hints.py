"""After test games or a simulation, an inlay hint after each action's key says how many of the
games used it (``used in 12/20 games``), until the next edit; the actions no game used are also
greyed (their unused-rule information carries the tag ``Unnecessary``)."""

import asyncio
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import open_and_wait
from .test_unused_rules import DEAD, DEAD_LINE

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KUHN = (EXAMPLES / "kuhn_poker.yaml").read_text(encoding="utf-8")
URI = (EXAMPLES / "kuhn_poker.yaml").as_uri()
PIG_URI = (EXAMPLES / "pig.yaml").as_uri()
WHOLE = types.Range(types.Position(0, 0), types.Position(10_000, 0))
# What 20 test games of Kuhn poker (seeds 0 to 19, random players) used: counted by the tally.
KUHN_USAGE = {"deal": 20, "check": 12, "bet": 13, "call": 8, "fold": 5}


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    lsp_client.refreshes = 0

    @lsp_client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def refresh(_params):
        lsp_client.refreshes += 1

    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(
            inlay_hint=types.InlayHintWorkspaceClientCapabilities(refresh_support=True))),
        initialization_options={"runTestGames": "never"}))
    yield
    await lsp_client.shutdown_session()


async def command(client: LanguageClient, name: str, *arguments):
    return await asyncio.wait_for(client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=name, arguments=list(arguments))), 60)


async def usage_hints(client: LanguageClient, uri: str) -> list[tuple]:
    found = await asyncio.wait_for(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=WHOLE)), 10)
    return [(h.position.line, h.position.character, h.label, h.tooltip) for h in found
            if isinstance(h.label, str) and h.label.startswith("used in")]


def key_end(text: str, key: str) -> tuple[int, int]:
    line = text.splitlines().index(f"  {key}:")
    return line, 2 + len(key)


async def test_test_games_show_each_action_s_games_until_the_next_edit(client: LanguageClient):
    await open_and_wait(client, KUHN, URI)
    assert await usage_hints(client, URI) == []  # nothing played yet
    result = await command(client, "tabletwin.runTestGames", URI)
    assert result["games"] == 20
    assert client.refreshes == 1  # the editor is asked for the hints again
    assert await usage_hints(client, URI) == [
        (*key_end(KUHN, key), f"used in {games}/20 games",
         f"{games} of the 20 games of the last test games (random players) took action {key} at least once")
        for key, games in KUHN_USAGE.items()]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), text="# edited\n")]))
    assert await usage_hints(client, URI) == []  # they counted the games of another text


async def test_a_simulation_shows_its_own_counts_and_an_unused_action_is_greyed(client: LanguageClient):
    published = await open_and_wait(client, DEAD, PIG_URI)
    report = await command(client, "tabletwin.simulate", PIG_URI, 10, ["random", "first"], 3)
    coverage = report["coverage"]["actions"]
    hints = await usage_hints(client, PIG_URI)
    assert [label for _, _, label, _ in hints] == [
        f"used in {coverage[key]['games']}/10 games" for key in ("start_turn", "roll", "hold", "hold_forever")]
    assert hints[-1][:3] == (DEAD_LINE, 2 + len("hold_forever"), "used in 0/10 games")
    assert hints[-1][3] == ("0 of the 10 games of the last simulation (players random, first) took action "
                            "hold_forever at least once")
    params = await published.wait_until(lambda p: p.uri == PIG_URI and any(d.code == "unused-rule" for d in p.diagnostics))
    (unused,) = [d for d in params.diagnostics if d.code == "unused-rule"]
    assert list(unused.tags) == [types.DiagnosticTag.Unnecessary]
    assert unused.range.start.line == DEAD_LINE


def test_the_chunks_counts_add_up():
    from tabletwin_lsp.gameruns import PlayedTestGames
    from tabletwin_lsp.gameworker import merge_test_games, test_games_chunk

    total = PlayedTestGames()
    for start, stop in ((0, 7), (7, 20)):
        merge_test_games(total, test_games_chunk(KUHN, "-", start, stop, 0))
    assert {key: games for (key, _), games in total.action_games.items()} == KUHN_USAGE
    assert [path for _, path in total.action_games] == [f"actions.{key}" for key in KUHN_USAGE]
