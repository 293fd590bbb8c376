"""The real server over stdio: the validator's findings, gaps and tactic errors as diagnostics.

Each test opens a document and compares the published diagnostics exactly: range (0-based line,
UTF-16 column), severity, message and data. The analysis runs after a debounce in a worker
thread and only the latest version is published; the last tests check that too.
"""

import asyncio
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import Publications

URI = "file:///work/demo.yaml"
TACTIC_URI = "file:///work/demo-tactic.yaml"
E, W, I = types.DiagnosticSeverity.Error, types.DiagnosticSeverity.Warning, types.DiagnosticSeverity.Information


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"tabletwin": {"runTestGames": "never"}}))
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, text: str, uri: str = URI, version: int = 1) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)))


def change(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def described(diagnostics):
    return [((d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character),
             d.severity, d.message, d.data) for d in diagnostics]


MODEL = """\
game: demo
label: Démo 🎲
num_players: 2
state:
  vars:
    score: {scope: player, type: int, init: 0}
flow:
  id: game
  kind: loop
  over_x: players
  as: current
  children:
    - {id: turn, kind: step, actor_x: current, do: [bump, jump]}
actions:
  bump:
    labl: "Bump é"
    effect:
      - {op: add, var: "score[actor]", amount_x: "len('🎲') ** ** 2"}
      - op: if
        cond: the score is high
        then: []
      - {op: add, var: "score[actor]", amount_x: 'é ** ** 2'}
      - op: add
        var: "score[actor]"
        amount_x: 2 ) 3
end:
  - {id: done, result: draw, if_x: "max(score) >= 3"}
"""


async def test_a_model_gets_errors_warnings_and_gaps_at_their_places(client: LanguageClient):
    published = Publications(client)
    open_document(client, MODEL)
    diagnostics = await published.wait_for(URI, 1)
    assert described(diagnostics) == [
        ((10, 6, 10, 13), E, "flow game: loop variable 'current' is not declared in state.vars", {"path": "flow.as"}),
        ((12, 58, 12, 62), E, "step turn: action 'jump' is not in actions", {"path": "flow.children[0].do[1]"}),
        # the second `**` of "len('🎲') ** ** 2": code point 62 of the line, 63 in UTF-16 (the emoji is two units)
        ((17, 63, 17, 64), E, 'syntax error in expression "len(\'🎲\') ** ** 2": invalid syntax (position 12)',
         {"path": "actions.bump.effect[0].amount_x"}),
        ((21, 55, 21, 56), E, 'syntax error in expression "é ** ** 2": invalid syntax (position 5)',
         {"path": "actions.bump.effect[2].amount_x"}),
        ((24, 20, 24, 21), E, "syntax error in expression \"2 ) 3\": unmatched ')' (position 2)",
         {"path": "actions.bump.effect[3].amount_x"}),
        ((15, 4, 15, 8), W, "unknown key 'labl' at actions.bump",
         {"path": "actions.bump.labl", "key": "labl", "suggestion": "label"}),
        ((18, 8, 18, 14), I, "action bump: if needs cond_x", {"path": "actions.bump.effect[1]", "gap": "text"}),
    ]
    assert {d.source for d in diagnostics} == {"tabletwin"}


async def test_fixing_the_model_clears_its_diagnostics(client: LanguageClient):
    published = Publications(client)
    open_document(client, MODEL)
    assert len(await published.wait_for(URI, 1)) == 7
    fixed = (MODEL.replace("as: current", "as: current_player").replace("actor_x: current", "actor_x: current_player")
             .replace("[bump, jump]", "[bump]").replace("labl:", "label:")
             .replace("len('🎲') ** ** 2", "len('🎲') ** 2").replace("'é ** ** 2'", "'1'").replace("2 ) 3", "2")
             .replace("cond: the score is high", "cond_x: \"score[actor] > 2\"")
             .replace("score: {scope", "current_player: {type: ref, init: 0}\n    score: {scope"))
    change(client, URI, 2, fixed)
    assert await published.wait_for(URI, 2) == []


TACTIC = """\
tactic: démo
game: demo
rules:
  - {at: action bump, pick: go, pik: x}
  - at: action bump
    when_x: "a =="
  - at: step turn
    pick: bump
    pick_x: "1"
let:
  mine: "MARKS[me] +* 1"
default: bogus
"""


async def test_a_tactic_gets_schema_rule_and_expression_errors(client: LanguageClient):
    published = Publications(client)
    open_document(client, TACTIC, TACTIC_URI)
    diagnostics = await published.wait_for(TACTIC_URI, 1)
    assert described(diagnostics) == [
        ((3, 32, 3, 35), W, "unknown key 'pik' at rules[0]", {"path": "rules[0].pik", "key": "pik", "suggestion": "pick_x"}),
        ((4, 4, 4, 19), E, "tactic démo: rule 2 (at action bump) has no pick field", {"path": "rules[1]"}),
        ((5, 17, 5, 17), E, 'syntax error in expression "a ==": invalid syntax (position 4)', {"path": "rules[1].when_x"}),
        ((6, 4, 6, 17), E, "tactic démo: rule 3 (at step turn) has 2 pick fields", {"path": "rules[2]"}),
        ((10, 20, 10, 21), E, 'syntax error in expression "MARKS[me] +* 1": invalid syntax (position 11)',
         {"path": "let.mine"}),
        ((11, 9, 11, 14), W, "`default` must be one of random, first (not 'bogus')", {"path": "default"}),
    ]


async def test_a_tactic_with_broken_yaml_gets_the_yaml_error(client: LanguageClient):
    published = Publications(client)
    open_document(client, "tactic: x\nrules: [\n", TACTIC_URI)
    diagnostics = await published.wait_for(TACTIC_URI, 1)
    assert [(d.range.start.line, d.severity, d.code) for d in diagnostics] == [(1, E, "yaml")]


async def test_only_the_latest_of_quick_edits_is_published(client: LanguageClient):
    published = Publications(client)
    open_document(client, MODEL)
    await published.wait_for(URI, 1)
    for version in range(2, 12):
        change(client, URI, version, MODEL.replace("jump", f"jump{version}"))
    diagnostics = await published.wait_for(URI, 11)
    assert "step turn: action 'jump11' is not in actions" in [d.message for d in diagnostics]
    await asyncio.sleep(0.5)
    # Edits sent together fall within one debounce: the versions before the last are never published.
    assert [p.version for p in published.items if p.uri == URI] == [1, 11]


async def test_the_debounce_setting_is_read_from_did_change_configuration(client: LanguageClient):
    published = Publications(client)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"tabletwin": {"debounceMs": 1500, "runTestGames": "never"}}))
    open_document(client, MODEL)
    await published.wait_for(URI, 1)
    loop = asyncio.get_running_loop()
    # An edit soon after the last one (the open) waits until the document has had 1.5 s of quiet.
    start = loop.time()
    change(client, URI, 2, MODEL.replace("jump", "leap"))
    await published.wait_for(URI, 2)
    assert loop.time() - start >= 1.45
    # An edit after a quiet time is checked at once.
    await asyncio.sleep(1.6)
    start = loop.time()
    change(client, URI, 3, MODEL.replace("jump", "hop"))
    assert "step turn: action 'hop' is not in actions" in [d.message for d in await published.wait_for(URI, 3)]
    assert loop.time() - start < 1.0


async def test_invalid_settings_fall_back_to_the_defaults_with_a_log_message(client: LanguageClient):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"tabletwin": {"debounceMs": "soon", "testGames": 5, "colour": "red"}}))

    async def logged():
        while not any("debounceMs must be" in m.message for m in client.log_messages):
            await asyncio.sleep(0.02)

    await asyncio.wait_for(logged(), 10)
    messages = [m.message for m in client.log_messages]
    assert any("tabletwin.debounceMs must be a whole number of milliseconds from 0 to 5000, not 'soon'; "
               "using the default 200" in m for m in messages)
    assert any("unknown key tabletwin.colour (ignored)" in m for m in messages)
    assert any("Settings(test_games=5, run_test_games='save', debounce_ms=200, game_seconds=10, "
               "workspace_diagnostics=True)" in m for m in messages)


async def test_closing_a_document_clears_its_diagnostics(client: LanguageClient):
    published = Publications(client)
    open_document(client, MODEL)
    await published.wait_for(URI, 1)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=URI)))
    await published.wait_for(URI, None)


def test_settings_are_read_in_camel_or_snake_case_and_fall_back_to_the_defaults():
    from tabletwin_lsp.settings import Settings, parse, section_of

    assert parse(None) == (Settings(20, "save", 200), [])
    assert parse({"testGames": 5, "run_test_games": "change", "debounceMs": 0.0}) == (Settings(5, "change", 0), [])
    settings, problems = parse({"testGames": True, "runTestGames": "always", "debounceMs": 9000})
    assert settings == Settings()
    assert problems == [
        "settings: tabletwin.testGames must be a whole number from 0 to 1000, not True; using the default 20",
        "settings: tabletwin.runTestGames must be one of never, save, change, not 'always'; using the default 'save'",
        "settings: tabletwin.debounceMs must be a whole number of milliseconds from 0 to 5000, not 9000; "
        "using the default 200"]
    assert parse([1]) == (Settings(), ["settings: expected a mapping for 'tabletwin', not list; using the defaults"])
    assert parse({"gameSeconds": 1}) == (Settings(game_seconds=1), [])
    assert parse({"game_seconds": 3600.0}) == (Settings(game_seconds=3600), [])
    assert parse({"gameSeconds": 0.25}) == (Settings(game_seconds=0.25), [])
    assert parse({"gameSeconds": 0}) == (Settings(), [
        "settings: tabletwin.gameSeconds must be a number of seconds from 0.1 to 3600, not 0; "
        "using the default 10"])
    assert parse({"gameSeconds": 3601})[1] == [
        "settings: tabletwin.gameSeconds must be a number of seconds from 0.1 to 3600, not 3601; "
        "using the default 10"]
    assert parse({"gameSeconds": float("nan")})[0] == Settings()
    assert section_of({"tabletwin": {"testGames": 3}}) == {"testGames": 3}
    # diagnostics.workspace, nested as VS Code sends it or dotted
    assert parse({"diagnostics": {"workspace": False}}) == (Settings(workspace_diagnostics=False), [])
    assert parse({"diagnostics.workspace": False}) == (Settings(workspace_diagnostics=False), [])
    assert parse({"diagnostics": {"workspace": "no"}}) == (Settings(), [
        "settings: tabletwin.diagnostics.workspace must be true or false, not 'no'; using the default True"])
    assert section_of({"testGames": 3}) == {"testGames": 3}
