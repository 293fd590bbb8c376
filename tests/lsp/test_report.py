"""The real server over stdio: ``tabletwin/simulationReport`` and ``tabletwin/ladder``, the answers
the editor's report webview draws. The games must be exactly those of ``tabletwin simulate`` and
``tabletwin ladder``; the ranges must be where the rules are written (UTF-16 columns)."""

import asyncio
import json
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import ClientServerConfig, LanguageClient

from tabletwin.game.tally import catalogue
from tabletwin.model import load_model
from tabletwin.simulate import expand_specs, run_games, simulation_report


from ..simulate.helpers import run
from .publications import open_and_wait

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# A character outside the BMP before the end of a step: two UTF-16 units, one code point.
PIG = (EXAMPLES / "pig.yaml").read_text(encoding="utf-8").replace('note: "System step: a fresh turn"',
                                                                 'note: "🎲 a fresh turn"')
URI = (EXAMPLES / "pig.yaml").as_uri()
PIG_SEARCH = "tactics/pig-search.yaml"
HOLD_8 = "tactics/pig-hold-at-8.yaml"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"runTestGames": "never"}))
    # pygls turns the answers of requests it has no type for into namedtuples, which rename keys
    # such as "step decide"; read ours as plain JSON like the answers of executeCommand.
    known = lsp_client.protocol.get_result_type
    lsp_client.protocol.get_result_type = lambda method: (
        types.ExecuteCommandResponse if method.startswith("tabletwin/") else known(method))
    yield
    await lsp_client.shutdown_session()


async def request(client: LanguageClient, method: str, params: dict, timeout: float = 120):
    return await asyncio.wait_for(client.protocol.send_request_async(method, params), timeout)


def lsp_range(line: int, start: int, end: int) -> dict:
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


async def test_the_report_is_the_simulate_json_with_where_each_rule_is_written(client: LanguageClient):
    await open_and_wait(client, PIG, URI)
    answer = await request(client, "tabletwin/simulationReport",
                           {"uri": URI, "games": 30, "players": [HOLD_8, "random"], "seed": 5})
    model = load_model(PIG)
    games = run_games(PIG, [[str(EXAMPLES / HOLD_8), "random"]], 30, 5, model=model)
    expected = simulation_report([g for (g,) in games], expand_specs([HOLD_8, "random"], 2), 5, catalogue(model))
    assert answer["report"] == expected.as_json()
    assert (answer["model"], answer["version"]) == ("pig.yaml", 1)
    lines = PIG.splitlines()
    start_turn_line = lines.index('    - {id: start_turn, kind: step, do: start_turn, note: "🎲 a fresh turn"}')
    decide_line = next(n for n, line in enumerate(lines) if line.startswith("        - {id: decide,"))
    decide = lsp_range(decide_line, 10, len(lines[decide_line]))
    assert answer["locations"] == {
        "rules": {
            "actions": {"start_turn": lsp_range(50, 2, 12), "roll": lsp_range(54, 2, 6), "hold": lsp_range(65, 2, 6)},
            # the whole flow mapping; its end counts the die as two UTF-16 units
            "steps": {"start_turn": lsp_range(start_turn_line, 6, len(lines[start_turn_line]) + 1),
                      "decide": decide},
            # a rule written over two lines: its first line
            "end": {"reached_goal": lsp_range(75, 4, len(lines[75].rstrip()))},
        },
        "places": {"step decide": decide},
    }
    assert lines[50:51] == ["  start_turn:"] and lines[54] == "  roll:" and lines[65] == "  hold:"
    assert lines[75].startswith("  - {id: reached_goal,")


async def test_the_report_follows_the_edited_buffer(client: LanguageClient):
    text = PIG.replace("actions:\n", "actions:\n  never:\n    effect: []\n")
    await open_and_wait(client, text, URI)
    answer = await request(client, "tabletwin/simulationReport", {"uri": URI, "games": 3})
    assert answer["report"]["unused"] == ["actions.never"]
    assert answer["report"]["coverage"]["actions"]["never"] == {"games": 0, "uses": 0, "path": "actions.never"}
    assert answer["locations"]["rules"]["actions"]["never"] == lsp_range(50, 2, 7)
    assert answer["locations"]["rules"]["actions"]["roll"] == lsp_range(56, 2, 6)


async def test_bad_report_params_are_refused(client: LanguageClient):
    await open_and_wait(client, PIG, URI)
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/simulationReport: unknown param 'gmes'; params are uri, "
                                                   "games, players, seed"):
        await request(client, "tabletwin/simulationReport", {"uri": URI, "gmes": 3})
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/simulationReport: params must carry the document's uri"):
        await request(client, "tabletwin/simulationReport", {"games": 3})
    with pytest.raises(JsonRpcInvalidParams, match="games must be a whole number from 1 to 1000000, not 0"):
        await request(client, "tabletwin/simulationReport", {"uri": URI, "games": 0})
    for params in (["x"], None):
        with pytest.raises(JsonRpcInvalidParams, match="tabletwin/simulationReport: params must be an object with the "
                                                       "document's uri"):
            await request(client, "tabletwin/simulationReport", params)
    await open_and_wait(client, "name: ci\non: [push]\n", "file:///nowhere/ci.yaml")
    with pytest.raises(JsonRpcInvalidParams, match="file:///nowhere/ci.yaml is not a model"):
        await request(client, "tabletwin/simulationReport", {"uri": "file:///nowhere/ci.yaml"})


async def test_the_ladder_is_the_ladder_json_with_its_verdict(client: LanguageClient, capsys):
    await open_and_wait(client, PIG, URI)
    answer = await request(client, "tabletwin/ladder",
                           {"uri": URI, "tactic": PIG_SEARCH, "budgets": [0, 2], "games": 2, "seed": 1})
    path = EXAMPLES / "pig.yaml"
    argv = ["ladder", "-", "--tactic", str(EXAMPLES / PIG_SEARCH), "--budgets", "0,2", "--games", "2", "--seed", "1"]
    document = json.loads(run(argv + ["--json"], capsys, stdin_text=PIG)[1])
    _, text, _ = run(argv, capsys, stdin_text=PIG)
    assert answer == {"model": path.name, "tactic": "pig-search.yaml", "report": document,
                      "verdict": text.splitlines()[-1]}
    assert answer["verdict"].startswith("More thinking")
    # budgets as text, as people type them
    again = await request(client, "tabletwin/ladder",
                          {"uri": URI, "tactic": PIG_SEARCH, "budgets": "0, 2", "games": 2, "seed": 1})
    assert again == answer


async def test_bad_ladders_are_refused_with_the_command_lines_messages(client: LanguageClient):
    await open_and_wait(client, PIG, URI)
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/ladder: --budgets must include 0: budget 0 is the floor"):
        await request(client, "tabletwin/ladder", {"uri": URI, "tactic": PIG_SEARCH, "budgets": [4, 8]})
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/ladder: tactic pig-hold-at-8 has no search, so it cannot "
                                                   "use a budget of rollouts"):
        await request(client, "tabletwin/ladder", {"uri": URI, "tactic": HOLD_8, "budgets": [0, 8]})
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/ladder: .*nothere.yaml"):
        await request(client, "tabletwin/ladder", {"uri": URI, "tactic": "nothere.yaml", "budgets": [0]})
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/ladder: budgets must be a list of whole numbers"):
        await request(client, "tabletwin/ladder", {"uri": URI, "tactic": PIG_SEARCH, "budgets": 4})
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/ladder: tactic must be the path of a tactic file"):
        await request(client, "tabletwin/ladder", {"uri": URI, "budgets": [0]})
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/ladder: .*NUL character"):
        await request(client, "tabletwin/ladder", {"uri": URI, "tactic": "a\0b.yaml", "budgets": [0]})
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/ladder: --budgets: a budget must be from 0 to 10,000 "
                                                   "rollouts, not a number of 5,001 digits"):
        await request(client, "tabletwin/ladder", {"uri": URI, "tactic": PIG_SEARCH, "budgets": "0," + "9" * 5001})
    with pytest.raises(JsonRpcInvalidParams, match="tabletwin/ladder: games must be a whole number from 1 to 100000"):
        await request(client, "tabletwin/ladder", {"uri": URI, "tactic": PIG_SEARCH, "budgets": [0], "games": 10 ** 9})


def test_places_name_the_rule_they_are_in():
    from tabletwin_lsp.features.report import place_rule

    assert place_rule("step decide") == ("steps", "decide")
    assert place_rule("step pick · 2") == ("steps", "pick")
    assert place_rule("action buy (cost)") == ("actions", "buy")
    assert place_rule("window reply") == ("windows", "reply")
    assert place_rule("trigger on_six · 1 · 2") == ("triggers", "on_six")
    assert place_rule("game") is None and place_rule("flow.children[1]") is None and place_rule("step") is None
