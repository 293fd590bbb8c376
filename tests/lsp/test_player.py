"""The real server over stdio: the ``tabletwin/player/*`` requests of the Player webview, with
exact games of Kuhn poker, tic-tac-toe and a broken Pig at fixed seeds."""

import asyncio
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.protocol import JsonRPCResponseMessage
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import open_and_wait

from tabletwin.model import load_model
from tabletwin.play import play

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KUHN = (EXAMPLES / "kuhn_poker.yaml").read_text(encoding="utf-8")
KUHN_URI = (EXAMPLES / "kuhn_poker.yaml").as_uri()
TTT = (EXAMPLES / "tic_tac_toe.yaml").read_text(encoding="utf-8")
TTT_URI = (EXAMPLES / "tic_tac_toe.yaml").as_uri()
PIG = (EXAMPLES / "pig.yaml").read_text(encoding="utf-8")
PIG_URI = (EXAMPLES / "pig.yaml").as_uri()
BROKEN = PIG.replace("{op: add, var: turn_total, amount_x: pips}",
                     '{op: add, var: turn_total, amount_x: "pips // (pips - 2)"}')
STOP_MESSAGE = "error evaluating 'pips // (pips - 2)': ZeroDivisionError: division by zero"
ENDLESS = PIG.replace("GOAL: 30", "GOAL: 1000000000")  # cut at 5,000 requests


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"runTestGames": "never"}))
    # Results of our own requests as the JSON they are: pygls would make namedtuples of them,
    # which rename keys such as "from".
    lsp_client.protocol._converter.register_structure_hook(JsonRPCResponseMessage, lambda obj, cls: cls(**obj))
    yield
    await lsp_client.shutdown_session()


def plain(value):
    """A result as JSON values (pygls gives objects of unknown type as namedtuples)."""
    if hasattr(value, "_asdict"):
        value = value._asdict()
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


async def ask(client: LanguageClient, method: str, params: dict, timeout: float = 30):
    return plain(await asyncio.wait_for(client.protocol.send_request_async(method, params), timeout))


async def start(client, uri, **params):
    return await ask(client, "tabletwin/player/start", {"uri": uri, **params})


def zones(view) -> dict:
    return {f"{z['name']}[{z['owner']}]" if z["owner"] is not None else z["name"]: z["cards"]
            for z in view["table"]["zones"]}


async def test_kuhn_poker_played_by_hand_as_seat_0(client: LanguageClient):
    await open_and_wait(client, KUHN, KUHN_URI)
    result = await start(client, KUHN_URI, players=["human", "random"], seed=4, viewAs=0)
    session, view = result["session"], result["view"]
    assert result["problem"] is None and isinstance(session, str)
    assert view["request"]["index"] == 0 and view["request"]["kind"] == "chance"  # start does not play
    assert view["request"]["options"] == ["?", "?", "?"]  # the hidden deck
    result = await ask(client, "tabletwin/player/advance", {"session": session, "until": "human"})
    view = result["view"]
    assert view["request"] == {"index": 2, "kind": "decision", "player": 0, "where": "step act",
                               "station": "flow.children[1].children[0]", "line": 62, "column": 11,
                               "options": ["check", "bet"], "probabilities": None, "by_hand": True,
                               "seen_by": [0, 1]}
    assert zones(view) == {"deck": ["?"], "hand[0]": ["Q"], "hand[1]": ["?"]}
    deal_0, deal_1 = view["log"][1], view["log"][2]
    assert (deal_0["options"], deal_0["answer"], deal_0["seen_by"]) == (["?", "?", "?"], "Q", [0])
    assert (deal_1["options"], deal_1["answer"], deal_1["seen_by"]) == (["?", "?"], "?", [1])
    assert deal_1["changes"]["moves"] == [{"card": "?", "from": "deck", "to": "hand[1]"}]
    assert (deal_0["line"], deal_0["column"]) == (67, 56)  # the draw op in action deal
    assert "K" not in str(view)

    view = (await ask(client, "tabletwin/player/answer", {"session": session, "index": 1}))["view"]
    assert view["request"]["player"] == 1 and view["request"]["options"] == ["?", "?"]
    assert view["request"]["by_hand"] is False
    assert view["log"][-1]["answer"] == "bet"
    assert view["log"][-1]["changes"]["variables"] == [
        {"name": "current", "seat": None, "before": "0", "after": "1"},  # the loop goes on to seat 1
        {"name": "stake", "seat": 0, "before": "1", "after": "2"},
        {"name": "bet_out", "seat": None, "before": "False", "after": "True"}]

    view = (await ask(client, "tabletwin/player/advance", {"session": session, "until": "end"}))["view"]
    assert view["end"] == {"reason": "fold", "payoffs": [1, -1]} and view["request"]["kind"] == "end"
    assert [(e["index"], e["answer"]) for e in view["log"]] == [(None, "deal"), (0, "Q"), (1, "?"), (2, "bet"),
                                                                (3, "fold")]

    everyone = await ask(client, "tabletwin/player/view", {"session": session, "viewAs": None})
    assert everyone["problem"] is None and zones(everyone["view"])["hand[1]"] == ["K"]
    assert everyone["view"]["log"][2]["answer"] == "K"
    wrong = await ask(client, "tabletwin/player/view", {"session": session, "viewAs": 2})
    assert wrong["problem"] == "view_as must be a seat from 0 to 1, -1 (a spectator), None (everyone) or 'auto'"
    assert wrong["view"]["view_as"] is None

    again = await ask(client, "tabletwin/player/back", {"session": session, "index": 2})
    assert again["view"]["request"]["index"] == 2 and again["view"]["request"]["by_hand"] is True
    assert len(again["view"]["log"]) == 3 and again["view"]["end"] is None


async def test_answers_that_do_not_fit_say_why(client: LanguageClient):
    await open_and_wait(client, KUHN, KUHN_URI)
    session = (await start(client, KUHN_URI, players=["human", "random"], seed=4, viewAs=0))["session"]
    result = await ask(client, "tabletwin/player/answer", {"session": session, "index": 0})
    assert result["problem"] == "request 0 is not asked of a hand-played seat"
    await ask(client, "tabletwin/player/advance", {"session": session, "until": "human"})
    result = await ask(client, "tabletwin/player/answer", {"session": session, "index": 2})
    assert result["problem"] == "answer 2 is not one of the 2 options (0 to 1)"
    assert result["view"]["request"]["index"] == 2
    await ask(client, "tabletwin/player/answer", {"session": session, "index": 0})
    result = await ask(client, "tabletwin/player/answer", {"session": session, "index": 0})
    assert result["problem"] == "request 3 is not asked of a hand-played seat"
    result = await ask(client, "tabletwin/player/advance", {"session": session, "until": "later"})
    assert result["problem"] == "until must be one, human or end, not 'later'"
    result = await ask(client, "tabletwin/player/back", {"session": session, "index": 9})
    assert result["problem"] == "there is no request 9 to go back to (0 to 3)"


async def test_tic_tac_toe_run_to_a_request_then_one_at_a_time(client: LanguageClient):
    await open_and_wait(client, TTT, TTT_URI)
    result = await start(client, TTT_URI, players=["random"], seed=3, viewAs=None, runTo=4)
    view = result["view"]
    assert view["request"]["index"] == 4 and view["request"]["options"] == ["0", "3", "4", "5", "6"]
    assert (view["request"]["where"], view["request"]["line"], view["request"]["column"]) == ("action mark", 66, 9)
    assert zones(view) == {"board": [".", "O", "O", ".", ".", ".", ".", "X", "X"]}
    assert [e["answer"] for e in view["log"] if not e["automatic"]] == ["8", "1", "7", "2"]
    assert view["log"][1]["changes"]["moves"] == [{"card": "X", "from": None, "to": "board"},
                                                  {"card": ".", "from": "board", "to": None}]
    session = result["session"]
    view = (await ask(client, "tabletwin/player/advance", {"session": session, "until": "one"}))["view"]
    assert view["request"]["index"] == 5
    view = (await ask(client, "tabletwin/player/advance", {"session": session, "until": "end"}))["view"]
    assert view["end"] == {"reason": "three_in_a_row", "payoffs": [1, -1]}
    restarted = await ask(client, "tabletwin/player/restart", {"session": session, "seed": 3,
                                                               "players": ["first", "first"]})
    view = restarted["view"]
    assert (view["seed"], view["players"], view["request"]["index"]) == (3, ["first", "first"], 0)
    view = (await ask(client, "tabletwin/player/advance", {"session": session, "until": "end"}))["view"]
    assert view["end"] == {"reason": "three_in_a_row", "payoffs": [1, -1]}
    assert [e["answer"] for e in view["log"] if not e["automatic"]] == ["0", "1", "2", "3", "4", "5", "6"]


async def test_the_stopped_test_game_reopens_at_its_error(client: LanguageClient):
    published = await open_and_wait(client, BROKEN, PIG_URI)
    await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="tabletwin.runTestGames", arguments=[PIG_URI, 3])), 30)
    params = await published.wait_until(lambda p: p.uri == PIG_URI and p.diagnostics)
    # The stop; the rules those games never used are information beside it.
    (diagnostic,) = [d for d in params.diagnostics if d.severity == types.DiagnosticSeverity.Error]
    expected = play(load_model(BROKEN), None, 0)
    data = plain(diagnostic.data)["player"]
    assert data == {"seed": 0, "players": ["random", "random"], "request": len(expected.requests)}
    result = await start(client, PIG_URI, players=data["players"], seed=data["seed"], viewAs=None,
                         runTo=data["request"])
    error = result["view"]["error"]
    line = BROKEN.splitlines().index('          - {op: add, var: turn_total, amount_x: "pips // (pips - 2)"}')
    column = BROKEN.splitlines()[line].index("amount_x")
    assert error == {"kind": "ExprError", "message": STOP_MESSAGE, "line": line + 1, "column": column + 1,
                     "station": "flow.children[1].children[0]"}  # the step decide
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (line, column)
    assert result["view"]["request"]["kind"] == "error" and result["view"]["request"]["index"] == data["request"]
    same = await start(client, PIG_URI, players=["random"], seed=0, viewAs=None, runTo="error")
    assert same["view"]["error"] == error


async def test_an_unreadable_buffer_is_the_views_error_until_restart(client: LanguageClient):
    await open_and_wait(client, "flow: [\n", PIG_URI)
    result = await start(client, PIG_URI, players=["random"], seed=1, viewAs=None)
    error = result["view"]["error"]
    assert error["kind"] == "YamlError" and error["line"] == 1 and result["view"]["request"]["kind"] == "error"
    problem = await ask(client, "tabletwin/player/advance", {"session": result["session"], "until": "end"})
    assert problem["problem"].startswith("the model cannot be played: ")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=PIG_URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=PIG)]))
    view = (await ask(client, "tabletwin/player/restart", {"session": result["session"]}))["view"]
    assert view["error"] is None and view["seats"] == 2 and view["request"]["kind"] == "chance"


async def test_a_player_that_cannot_play_is_the_views_error(client: LanguageClient):
    await open_and_wait(client, PIG, PIG_URI)
    view = (await start(client, PIG_URI, players=["wizard"], seed=0, viewAs=None))["view"]
    message = "unknown player 'wizard': use random, first, human, agent:NAME or a tactic file"
    assert view["error"] == {"kind": "PlayerError", "message": message, "line": None, "column": None,
                             "station": None}


async def test_an_endless_game_is_cut_off_the_event_loop(client: LanguageClient):
    await open_and_wait(client, ENDLESS, PIG_URI)
    session = (await start(client, PIG_URI, players=["random"], seed=0, viewAs=None))["session"]
    # The future of the answer itself: done as soon as the answer is read, in arrival order.
    advancing = client.protocol.send_request("tabletwin/player/advance", {"session": session, "until": "end"})
    status = await ask(client, "tabletwin/documentStatus", {"uri": PIG_URI}, timeout=5)
    assert status["players"] == 2 and not advancing.done()  # answered while the game runs
    view = plain(await asyncio.wait_for(asyncio.wrap_future(advancing), 30))["view"]
    assert view["error"]["kind"] == "cut"
    assert view["error"]["message"] == "cut off after 5,000 requests: a loop without an end?"
    assert view["request"]["index"] == 5000 and len(view["log"]) == 1000
    assert view["log_omitted"] == len(view["log"]) + view["log_omitted"] - 1000 > 0


async def test_sessions_end_on_close_and_with_their_document(client: LanguageClient):
    await open_and_wait(client, PIG, PIG_URI)
    first = (await start(client, PIG_URI, players=["random"], seed=0, viewAs=None))["session"]
    second = (await start(client, PIG_URI, players=["random"], seed=0, viewAs=None))["session"]
    assert first != second
    assert await ask(client, "tabletwin/player/close", {"session": first}) is None
    with pytest.raises(JsonRpcInvalidParams, match=f"no open session '{first}'"):
        await ask(client, "tabletwin/player/view", {"session": first, "viewAs": None})
    assert (await ask(client, "tabletwin/player/view", {"session": second, "viewAs": 0}))["view"]["view_as"] == 0
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=PIG_URI)))
    with pytest.raises(JsonRpcInvalidParams, match=f"no open session '{second}'"):
        await ask(client, "tabletwin/player/advance", {"session": second, "until": "one"})


async def test_start_without_a_document_is_refused(client: LanguageClient):
    with pytest.raises(JsonRpcInvalidParams, match="params must name the document"):
        await ask(client, "tabletwin/player/start", {"players": ["random"]})


async def test_a_hand_played_seat_is_the_viewer_unless_another_is_asked(client: LanguageClient):
    await open_and_wait(client, KUHN, KUHN_URI)
    view = (await start(client, KUHN_URI, players=["random", "human"], seed=4))["view"]
    assert view["view_as"] == 1
    view = (await start(client, KUHN_URI, players=["human", "human"], seed=4))["view"]
    assert view["view_as"] == -1 and zones(view) == {"deck": ["?", "?", "?"], "hand[0]": [], "hand[1]": []}
    view = (await start(client, KUHN_URI, players=["random", "human"], seed=4, viewAs=None))["view"]
    assert view["view_as"] is None


async def test_the_oldest_session_ends_past_the_limit(client: LanguageClient):
    from tabletwin_lsp.features.player import MAX_SESSIONS

    await open_and_wait(client, TTT, TTT_URI)
    names = [(await start(client, TTT_URI, players=["first"], seed=0))["session"] for _ in range(MAX_SESSIONS + 1)]
    with pytest.raises(JsonRpcInvalidParams, match=f"no open session '{names[0]}'"):
        await ask(client, "tabletwin/player/view", {"session": names[0], "viewAs": None})
    for name in (names[1], names[-1]):
        assert (await ask(client, "tabletwin/player/view", {"session": name, "viewAs": None}))["problem"] is None
