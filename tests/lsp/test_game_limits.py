"""The real server over stdio: games that never end are stopped, cancelling stops the games, and
the game process is free for the next command afterwards (issue "Hardening").

A game "never ends" here when, in a turn's first roll, a 6 comes up: the effect then repeats a
slow expression for ever. The server under test runs with the engine's work bound per game
lifted (``unbounded_games/sitecustomize.py``), which would otherwise end such a game within a
second. The same condition with a division by zero instead tells, in process and at once, which
seeds would hang.
"""

import asyncio
import os
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcRequestCancelled
from pytest_lsp import ClientServerConfig, LanguageClient

from tabletwin.model import load_model
from tabletwin.simulate import MAX_REQUESTS, play_game
from tabletwin.validate import validate

from .publications import open_and_wait

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PIG = (EXAMPLES / "pig.yaml").read_text(encoding="utf-8")
URI = (EXAMPLES / "pig.yaml").as_uri()
_ROLL = "      - {op: roll, die_x: DIE, bind: pips}\n"
_FIRST_SIX = "pips == 6 and turn_total == 0"


def _after_a_first_six(ops: str) -> str:
    return PIG.replace(_ROLL, f'{_ROLL}      - op: if\n        cond_x: "{_FIRST_SIX}"\n        then: {ops}\n', 1)


HANGING = _after_a_first_six("[{op: repeat, until_x: 'False', body: [{op: set, var: turn_total, "
                             "value_x: 'sum(1 for a in range(1000) for b in range(1000))'}]}]")
FAILING = _after_a_first_six("[{op: set, var: turn_total, value_x: '1 // 0'}]")
SECONDS = 1  # the gameSeconds of these tests


UNBOUNDED = {**os.environ, "PYTHONPATH": os.pathsep.join(
    [str(Path(__file__).parent / "unbounded_games"), *filter(None, [os.environ.get("PYTHONPATH")])])}


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"],
                                              server_env=UNBOUNDED))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(window=types.WindowClientCapabilities(work_done_progress=True)),
        initialization_options={"runTestGames": "never", "gameSeconds": SECONDS}))
    yield
    await lsp_client.shutdown_session()


def command(client: LanguageClient, name: str, *arguments, msg_id: str | None = None) -> asyncio.Future:
    """The command's request, sent now (with ``msg_id`` to cancel it by)."""
    return asyncio.ensure_future(client.protocol.send_request_async(
        types.WORKSPACE_EXECUTE_COMMAND, types.ExecuteCommandParams(command=name, arguments=list(arguments)),
        msg_id=msg_id))


def per_seed(seed: int) -> dict:
    return validate(FAILING, games=1, seed=seed).as_json()["test_games"]


async def games_started(client: LanguageClient) -> None:
    """Until the first test-games progress has begun (the games are under way)."""
    async def begun():
        while not client.progress_reports:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(begun(), 10)


async def pig_plays_quickly(client: LanguageClient) -> None:
    """The game process is free: test games of the plain example take well under the time limit."""
    start = time.perf_counter()
    result = await asyncio.wait_for(command(client, "tabletwin.runTestGames", PLAIN_URI, 5), 10)
    assert (result["games"], result["finished"], result["timed_out"]) == (5, 5, [])
    assert time.perf_counter() - start < 5


PLAIN_URI = "file:///games/plain/pig.yaml"


async def open_both(client: LanguageClient) -> None:
    await open_and_wait(client, HANGING, URI)
    await open_and_wait(client, PIG, PLAIN_URI)


def test_the_two_variants_differ_only_in_what_a_first_six_does():
    stops = [bool(per_seed(seed)["stopped"]) for seed in range(5, 9)]
    assert stops == [False, False, True, False]  # seed 7 meets a first six, in test games
    model = load_model(FAILING)
    simulated = [play_game(model, [], seed, MAX_REQUESTS).error is not None for seed in range(5, 9)]
    assert simulated == stops  # the same seed in a simulation
    assert validate(HANGING, games=0).as_json()["errors"] == []


async def test_a_game_that_does_not_end_is_stopped_at_the_time_limit_and_named_by_its_seed(client: LanguageClient):
    await open_both(client)
    start = time.perf_counter()
    result = await asyncio.wait_for(command(client, "tabletwin.runTestGames", URI, 4, 5), 30)
    seconds = time.perf_counter() - start
    finished = [per_seed(seed) for seed in (5, 6, 8)]
    assert result == {"games": 4, "finished": 3, "avg_requests": round(sum(f["avg_requests"] for f in finished) / 4, 2),
                      "reasons": {"reached_goal": 3}, "stopped": {}, "unfinished": 0, "timed_out": [7]}
    # Seed 7 is killed after 1 s (twice if it sat in a chunk with others: then it is played alone).
    assert SECONDS <= seconds < 2 * SECONDS + 6
    (shown,) = client.messages
    assert shown.type == types.MessageType.Warning
    assert shown.message.startswith("Test games: 4 played, 3 finished (reached_goal 3), "
                                    "1 stopped at the time limit of 1 s (seed 7); ")
    await pig_plays_quickly(client)


async def test_a_simulation_with_a_game_that_does_not_end_fails_and_names_it(client: LanguageClient):
    await open_both(client)
    with pytest.raises(JsonRpcException, match=r"tabletwin.simulate: the game with seed 7 did not finish within 1 s "
                                               r"\(the setting tabletwin.gameSeconds\); the simulation stopped"):
        await asyncio.wait_for(command(client, "tabletwin.simulate", URI, 3, None, 5), 30)
    await pig_plays_quickly(client)


async def test_cancelling_the_request_stops_the_game_at_once(client: LanguageClient):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"tabletwin": {"runTestGames": "never", "gameSeconds": 3600}}))
    await open_both(client)
    running = command(client, "tabletwin.runTestGames", URI, 1, 7, msg_id="never-ends")
    await games_started(client)
    await asyncio.sleep(0.5)  # the game is in its endless loop
    start = time.perf_counter()
    client.cancel_request(types.CancelParams(id="never-ends"))
    with pytest.raises(JsonRpcRequestCancelled):
        await asyncio.wait_for(running, 5)
    assert time.perf_counter() - start < 1
    # Without the kill, this would wait for the endless game (an hour, the limit set above).
    await pig_plays_quickly(client)
    await pig_plays_quickly(client)


async def test_cancelling_the_progress_stops_the_game_and_returns_what_was_played(client: LanguageClient):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"tabletwin": {"runTestGames": "never", "gameSeconds": 3600}}))
    await open_both(client)
    running = command(client, "tabletwin.runTestGames", URI, 4, 5)
    await games_started(client)
    (token,) = client.progress_reports

    async def seed_5_done():  # then 6 (maybe in a chunk with 7 and 8) and 7, which never ends
        while not any(isinstance(r, types.WorkDoneProgressReport) for r in client.progress_reports[token]):
            await asyncio.sleep(0.01)

    await asyncio.wait_for(seed_5_done(), 10)
    await asyncio.sleep(1)
    start = time.perf_counter()
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    result = await asyncio.wait_for(running, 5)
    assert time.perf_counter() - start < 2
    # Seed 5, and seed 6 unless it went in one chunk with 7 (the chunk sizes follow the time taken).
    assert result["games"] in (1, 2)
    assert result == {**result, "finished": result["games"], "stopped": {}, "unfinished": 0, "timed_out": []}
    assert client.progress_reports[token][-1].message == "cancelled"
    await pig_plays_quickly(client)


async def test_an_edit_stops_automatic_test_games_that_do_not_end(client: LanguageClient):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"tabletwin": {"runTestGames": "save", "gameSeconds": 3600, "testGames": 20}}))
    await open_both(client)
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri=URI)))
    await asyncio.sleep(1.5)  # seed 1 never ends: the automatic games hold the game process
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=PIG)]))
    await pig_plays_quickly(client)
