"""The real server over stdio: ``tabletwin/documentStatus`` (what the status bar of an editor shows)."""

import asyncio
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import Publications, open_and_wait

from tabletwin.validate import validate

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PIG = (EXAMPLES / "pig.yaml").read_text(encoding="utf-8")
URI = (EXAMPLES / "pig.yaml").as_uri()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"runTestGames": "never"}))
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, text: str, uri: str = URI) -> Publications:
    return await open_and_wait(client, text, uri)


async def status(client: LanguageClient, uri: str = URI) -> dict:
    answer = await asyncio.wait_for(client.protocol.send_request_async("tabletwin/documentStatus", {"uri": uri}), 30)
    return answer._asdict() if hasattr(answer, "_asdict") else answer


async def test_a_model_before_and_after_its_test_games(client: LanguageClient):
    await open_document(client, PIG)
    expected = validate(PIG, games=0).figures.executable
    assert await status(client) == {"kind": "model", "readable": True, "errors": 0, "warnings": 0,
                                    "executable": round(expected, 6), "players": 2, "testGames": None,
                                    "draft": False}
    await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="tabletwin.runTestGames", arguments=[URI, 5])), 30)
    games = (await status(client))["testGames"]
    games = games._asdict() if hasattr(games, "_asdict") else games
    summary = validate(PIG, games=5).as_json()["test_games"]
    assert games["games"] == 5 and games["finished"] == summary["finished"] and games["version"] == 1


async def test_test_games_of_an_older_text_are_cleared_by_an_edit(client: LanguageClient):
    published = await open_document(client, PIG)
    await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="tabletwin.runTestGames", arguments=[URI, 2])), 30)
    assert (await status(client))["testGames"] is not None
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=PIG.replace("GOAL: 30", "GOAL: 40"))]))
    await published.wait_for(URI, 2, timeout=30)
    assert (await status(client))["testGames"] is None


async def test_counts_errors_and_players_of_a_broken_model(client: LanguageClient):
    text = PIG.replace("num_players: 2", "num_players: 3").replace("{op: add, var: turn_total",
                                                                  "{op: frobnicate, var: turn_total")
    assert "num_players: 3" in text and "op: frobnicate" in text
    await open_document(client, text)
    answer = await status(client)
    assert answer["kind"] == "model" and answer["readable"] is True and answer["players"] == 3
    assert answer["errors"] == len(validate(text, games=0).errors) >= 1


async def test_yaml_that_does_not_load(client: LanguageClient):
    await open_document(client, "flow: [\n")
    assert await status(client) == {"kind": "model", "readable": False, "errors": 1, "warnings": 0,
                                    "executable": None, "players": None, "testGames": None, "draft": False}


async def test_a_model_being_written_is_a_draft(client: LanguageClient):
    uri = (EXAMPLES / "new.model.yaml").as_uri()
    await open_document(client, "game: dice\nlabel: Dice\nstate:\n  vars:\n    a: {init_x: \"1 +\"}\n", uri)
    assert await status(client, uri) == {"kind": "model", "readable": False, "errors": 1, "warnings": 3,
                                         "executable": None, "players": None, "testGames": None, "draft": True}


async def test_a_tactic_and_other_yaml(client: LanguageClient):
    tactic = (EXAMPLES / "tactics").as_uri() + "/some.yaml"
    await open_document(client, "tactic: t\ngame: pig\nrules: []\n", tactic)
    assert (await status(client, tactic))["kind"] == "tactic"
    other = (EXAMPLES / "other.yaml").as_uri()
    await open_document(client, "name: just data\n", other)
    assert await status(client, other) == {"kind": "other", "readable": False, "errors": 0, "warnings": 0,
                                           "executable": None, "players": None, "testGames": None,
                                           "draft": False}


async def test_params_without_a_uri_are_refused(client: LanguageClient):
    with pytest.raises(JsonRpcInvalidParams, match="params must be"):
        await status(client, "")
