"""The real server over stdio: tabletwin.runTestGames, tabletwin.showFlowTree, tabletwin.simulate.

The expected results are computed in process with the engine's own functions, so the server
must give exactly what ``tabletwin validate`` / ``tabletwin simulate`` give.
"""

import asyncio
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import Publications, open_and_wait

from tabletwin.game.tally import catalogue
from tabletwin.model import load_model
from tabletwin.simulate import expand_specs, run_games, simulation_report
from tabletwin.validate import validate

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PIG = (EXAMPLES / "pig.yaml").read_text(encoding="utf-8")
URI = (EXAMPLES / "pig.yaml").as_uri()
# A 1 on the die is fine, a 2 divides by zero: every test game stops at this amount_x.
BROKEN = PIG.replace("{op: add, var: turn_total, amount_x: pips}",
                     '{op: add, var: turn_total, amount_x: "pips // (pips - 2)"}')
STOP = ("ExprError: error evaluating 'pips // (pips - 2)': ZeroDivisionError: division by zero")
STOP_LINE = BROKEN.splitlines().index('          - {op: add, var: turn_total, amount_x: "pips // (pips - 2)"}')
ENDLESS = PIG.replace("GOAL: 30", "GOAL: 1000000000")  # every game is cut at 5,000 requests (~0.1 s each)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(window=types.WindowClientCapabilities(work_done_progress=True)),
        initialization_options={"runTestGames": "never"}))
    yield
    await lsp_client.shutdown_session()


async def open_model(client: LanguageClient, text: str, uri: str = URI) -> Publications:
    return await open_and_wait(client, text, uri)


async def command(client: LanguageClient, name: str, *arguments, timeout: float = 30):
    return await asyncio.wait_for(client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=name, arguments=list(arguments))), timeout)


def errors(params: types.PublishDiagnosticsParams) -> list[types.Diagnostic]:
    """The stops among the diagnostics (the rules the games never used are information)."""
    return [d for d in params.diagnostics if d.severity == types.DiagnosticSeverity.Error]


def expected_summary(text: str, games: int = 20, seed: int = 0) -> dict:
    summary = validate(text, games=games, seed=seed).as_json()["test_games"]
    del summary["where"]
    return {**summary, "timed_out": []}


async def test_run_test_games_returns_the_validators_summary(client: LanguageClient):
    await open_model(client, PIG)
    result = await command(client, "tabletwin.runTestGames", URI)
    assert result == expected_summary(PIG)
    assert result["games"] == 20 and result["finished"] == 20
    result = await command(client, "tabletwin.runTestGames", URI, 7, 3)
    assert result == expected_summary(PIG, 7, 3)
    result = await command(client, "tabletwin.runTestGames", {"uri": URI, "games": 5, "seed": 11})
    assert result == expected_summary(PIG, 5, 11)


async def test_run_test_games_reports_progress_and_shows_the_summary(client: LanguageClient):
    await open_model(client, PIG)
    await command(client, "tabletwin.runTestGames", URI, 4)
    (reports,) = client.progress_reports.values()
    begin, *middle, end = reports
    assert isinstance(begin, types.WorkDoneProgressBegin) and begin.title == "Test games"
    assert begin.message == "0/4 games" and begin.percentage == 0
    # Games go to the game process in chunks sized to take ~0.1 s: one report per chunk.
    assert middle and all(isinstance(r, types.WorkDoneProgressReport) for r in middle)
    done = [int(r.message.split("/")[0]) for r in middle]
    assert done == sorted(set(done)) and done[0] >= 1
    assert (middle[-1].message, middle[-1].percentage) == ("4/4 games", 100)
    assert isinstance(end, types.WorkDoneProgressEnd) and end.message == "4/4 finished"
    (shown,) = client.messages
    assert shown.type == types.MessageType.Info
    assert shown.message.startswith("Test games: 4 played, 4 finished (reached_goal 4); ")


async def test_stopped_games_put_their_error_on_the_op_until_the_next_edit(client: LanguageClient):
    published = await open_model(client, BROKEN)
    assert list(published.items[-1].diagnostics) == []
    result = await command(client, "tabletwin.runTestGames", URI)
    assert result == {"games": 20, "finished": 0, "avg_requests": 8.45, "reasons": {}, "stopped": {STOP: 20},
                      "unfinished": 0, "timed_out": []}
    params = await published.wait_until(lambda p: p.uri == URI and p.diagnostics)
    assert params.version == 1
    (diagnostic,) = errors(params)
    # Every game stops at its first 2, long before a goal: no one wins (tests/lsp/test_unused_rules.py).
    assert [d.message for d in params.diagnostics if d.code == "unused-rule"] == [
        "end condition reached_goal was not used in 20 games (random players): a bug, or a rule to cut?"]
    assert diagnostic.message == f"{STOP} (stopped 20 of 20 test games)"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    column = BROKEN.splitlines()[STOP_LINE].index("amount_x")
    r = diagnostic.range
    assert (r.start.line, r.start.character, r.end.line, r.end.character) == (
        STOP_LINE, column, STOP_LINE, column + len("amount_x"))
    # The first game that stopped (seed 0) answered 9 requests: the Player reopens it from "player".
    assert diagnostic.data == {"path": "actions.roll.effect[1].else[0].amount_x", "testGames": 20,
                               "player": {"seed": 0, "players": ["random", "random"], "request": 9}}
    (shown,) = client.messages
    assert shown.type == types.MessageType.Warning
    assert shown.message.endswith(f"\n20× {STOP}")

    # An edit elsewhere: the stops go (their lines may have moved) until the games run again.
    count = len(published.items)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), text="# edited\n")]))
    assert await published.wait_for(URI, 2) == []
    assert len(published.items) == count + 1


async def test_test_games_of_a_model_with_errors_do_not_run(client: LanguageClient):
    await open_model(client, PIG.replace("do: [roll, hold]", "do: [roll, hodl]"))
    result = await command(client, "tabletwin.runTestGames", URI)
    assert result == {"games": 0, "finished": 0, "avg_requests": 0.0, "reasons": {}, "stopped": {}, "unfinished": 0,
                      "timed_out": []}
    (shown,) = client.messages
    assert shown.type == types.MessageType.Warning
    assert shown.message == ("Test games did not run: the model has 1 error; test games run on a model without "
                             "errors")


async def test_bad_arguments_are_invalid_params(client: LanguageClient):
    await open_model(client, PIG)
    with pytest.raises(JsonRpcInvalidParams, match="games must be a whole number from 0 to 1000, not -1"):
        await command(client, "tabletwin.runTestGames", URI, -1)
    with pytest.raises(JsonRpcInvalidParams, match="the first argument must be the document's URI"):
        await command(client, "tabletwin.runTestGames")
    with pytest.raises(JsonRpcInvalidParams, match="cannot read file:///nowhere/ci.yaml: No such file"):
        await command(client, "tabletwin.showFlowTree", "file:///nowhere/ci.yaml")
    await open_model(client, "name: ci\non: [push]\n", "file:///nowhere/ci.yaml")
    with pytest.raises(JsonRpcInvalidParams, match="file:///nowhere/ci.yaml is not a model"):
        await command(client, "tabletwin.showFlowTree", "file:///nowhere/ci.yaml")
    await open_model(client, "flow: [\n", "file:///nowhere/broken.yaml")
    with pytest.raises(JsonRpcInvalidParams, match="the model cannot be read: "):
        await command(client, "tabletwin.simulate", "file:///nowhere/broken.yaml", 10)
    with pytest.raises(JsonRpcInvalidParams, match="a human player cannot play many games"):
        await command(client, "tabletwin.simulate", URI, 10, ["human"])


async def test_the_event_loop_answers_while_test_games_run_and_cancelling_stops_them(client: LanguageClient):
    await open_model(client, ENDLESS)
    running = asyncio.ensure_future(command(client, "tabletwin.runTestGames", URI, 1000, timeout=60))

    async def started():
        while not any(len(r) >= 2 for r in client.progress_reports.values()):
            await asyncio.sleep(0.01)

    await asyncio.wait_for(started(), 10)
    start = time.perf_counter()
    tree = await command(client, "tabletwin.showFlowTree", URI)
    assert time.perf_counter() - start < 0.5
    assert tree == validate(ENDLESS, games=0).tree
    (token,) = client.progress_reports
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    result = await asyncio.wait_for(running, 10)
    assert 1 <= result["games"] < 1000
    assert result["unfinished"] == result["games"]
    assert client.progress_reports[token][-1].message == "cancelled"


async def test_run_on_save_publishes_the_stops(client: LanguageClient):
    published = await open_model(client, BROKEN)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"tabletwin": {"runTestGames": "save", "testGames": 3}}))
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri=URI)))
    params = await published.wait_until(lambda p: p.uri == URI and p.diagnostics)
    assert [d.message for d in errors(params)] == [f"{STOP} (stopped 3 of 3 test games)"]
    assert client.messages == []  # automatic runs only publish


async def test_run_on_change_publishes_the_stops_of_the_new_text(client: LanguageClient):
    published = await open_model(client, PIG)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"tabletwin": {"runTestGames": "change", "debounceMs": 50}}))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=BROKEN)]))
    params = await published.wait_until(lambda p: p.uri == URI and p.version == 2 and p.diagnostics)
    assert [d.message for d in errors(params)] == [f"{STOP} (stopped 20 of 20 test games)"]


async def test_show_flow_tree_returns_the_tree_text(client: LanguageClient):
    await open_model(client, PIG)
    assert await command(client, "tabletwin.showFlowTree", URI) == validate(PIG, games=0).tree


async def test_simulate_returns_the_simulate_json(client: LanguageClient):
    await open_model(client, PIG)
    result = await command(client, "tabletwin.simulate", URI, 30, ["tactics/pig-hold-at-8.yaml", "random"], 5)
    model = load_model(PIG)
    specs = [str(EXAMPLES / "tactics/pig-hold-at-8.yaml"), "random"]
    games = run_games(PIG, [specs], 30, 5, model=model)
    expected = simulation_report([g for (g,) in games], expand_specs(["tactics/pig-hold-at-8.yaml", "random"], 2), 5,
                                 catalogue(model))  # every rule, with its path, as `simulate --json`
    assert result == expected.as_json()
    assert result["games"] == 30 and result["seats"][0]["player"] == "tactics/pig-hold-at-8.yaml"
    result = await command(client, "tabletwin.simulate", URI, 10)
    assert result["games"] == 10 and [s["player"] for s in result["seats"]] == ["random", "random"]
