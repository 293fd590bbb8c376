"""Rules no game used: information diagnostics on their lines after test games or a simulation.

The model is Pig with one more action, ``hold_forever``, offered at every decision but never
legal (its ``pre_x`` wants a negative turn total), so no game can take it; every other rule of
Pig is used in a few games.
"""

import asyncio
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import Publications, open_and_wait

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PIG = (EXAMPLES / "pig.yaml").read_text(encoding="utf-8")
URI = (EXAMPLES / "pig.yaml").as_uri()
HOLD_FOREVER = """\
  hold_forever:
    pre_x: "turn_total < 0"
    effect:
      - {op: set, var: turn_over, value: true}
"""
DEAD = (PIG.replace("do: [roll, hold]}", "do: [roll, hold, hold_forever]}")
        .replace("\nend:\n", HOLD_FOREVER + "\nend:\n"))
DEAD_LINE = DEAD.splitlines().index("  hold_forever:")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(window=types.WindowClientCapabilities(work_done_progress=True)),
        initialization_options={"runTestGames": "never"}))
    yield
    await lsp_client.shutdown_session()


async def command(client: LanguageClient, name: str, *arguments, timeout: float = 30):
    return await asyncio.wait_for(client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=name, arguments=list(arguments))), timeout)


async def after(published: Publications, count: int) -> types.PublishDiagnosticsParams:
    """The first publication for the model after the first ``count``."""
    return await published.wait_until(lambda p: p.uri == URI and any(p is q for q in published.items[count:]))


def message(games: int, players: str) -> str:
    return f"action hold_forever was not used in {games} games ({players}): a bug, or a rule to cut?"


def information(params: types.PublishDiagnosticsParams) -> list[types.Diagnostic]:
    return [d for d in params.diagnostics if d.severity == types.DiagnosticSeverity.Information]


def assert_one_on_hold_forever(diagnostics: list[types.Diagnostic], message: str) -> None:
    (diagnostic,) = diagnostics
    assert diagnostic.message == message
    assert (diagnostic.source, diagnostic.code) == ("tabletwin", "unused-rule")
    r = diagnostic.range
    assert (r.start.line, r.start.character, r.end.line, r.end.character) == (
        DEAD_LINE, 2, DEAD_LINE, 2 + len("hold_forever"))  # the key, as other diagnostics mark a rule
    assert diagnostic.data == {"path": "actions.hold_forever", "unusedRule": "actions"}


async def edit_goes(client: LanguageClient, published: Publications) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), text="# edited\n")]))
    assert [d for d in await published.wait_for(URI, 2) if d.code == "unused-rule"] == []


async def test_the_test_games_mark_the_action_never_taken_until_the_next_edit(client: LanguageClient):
    published = await open_and_wait(client, DEAD, URI)
    assert information(published.items[-1]) == []
    result = await command(client, "tabletwin.runTestGames", URI)
    assert result["finished"] == 20  # the tally changes nothing the validator reports
    params = await published.wait_until(lambda p: p.uri == URI and information(p))
    assert params.version == 1
    assert_one_on_hold_forever(information(params), message(20, "random players"))
    await edit_goes(client, published)


async def test_a_simulation_marks_the_action_never_taken_and_the_next_run_replaces_it(client: LanguageClient):
    published = await open_and_wait(client, DEAD, URI)
    report = await command(client, "tabletwin.simulate", URI, 30, ["random", "first"], 3)
    assert report["unused"] == ["actions.hold_forever"]  # the whole catalogue, as `simulate --json`
    params = await published.wait_until(lambda p: p.uri == URI and information(p))
    assert_one_on_hold_forever(information(params), message(30, "players random, first"))
    count = len(published.items)
    await command(client, "tabletwin.runTestGames", URI, 5)
    params = await after(published, count)
    assert_one_on_hold_forever(information(params), message(5, "random players"))
    await edit_goes(client, published)


async def test_automatic_test_games_mark_it_too(client: LanguageClient):
    published = await open_and_wait(client, PIG, URI)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"tabletwin": {"runTestGames": "change", "debounceMs": 50}}))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=DEAD)]))
    params = await published.wait_until(lambda p: p.uri == URI and p.version == 2 and information(p))
    assert_one_on_hold_forever(information(params), message(20, "random players"))


async def test_pig_uses_every_rule(client: LanguageClient):
    published = await open_and_wait(client, PIG, URI)
    count = len(published.items)
    await command(client, "tabletwin.runTestGames", URI)
    params = await after(published, count)
    assert list(params.diagnostics) == []


def test_the_tallied_chunks_report_what_the_validator_reports():
    from tabletwin.validate import validate
    from tabletwin_lsp.gameworker import test_games_chunk

    chunk = test_games_chunk(DEAD, "-", 0, 20, 0)
    expected = validate(DEAD, games=20, seed=0).as_json()["test_games"]
    del expected["where"]
    assert chunk.as_json() == expected
    assert chunk.unused == [("actions", "hold_forever", "actions.hold_forever")]


def test_a_rule_is_unused_only_when_no_chunk_used_it():
    from tabletwin_lsp.gameruns import PlayedTestGames
    from tabletwin_lsp.gameworker import TalliedTestGames, merge_test_games

    total = PlayedTestGames()
    merge_test_games(total, TalliedTestGames(games=2, unused=[("actions", "a", "actions.a"), ("end", "e", "end[0]")]))
    merge_test_games(total, TalliedTestGames(games=3, unused=[("end", "e", "end[0]"), ("steps", "s", "flow")]))
    assert (total.games, total.unused) == (5, [("end", "e", "end[0]")])
