"""The first minutes of a model, through the real server: an empty *.model.yaml and a text that
starts with ``game:`` get completion, hover and plain missing-key warnings (never "this is not a
model"); the whole-model snippet validates and plays; keys with known values ask for their
suggestions; ops come with their fields as tab stops; a name just declared is offered at once."""

import asyncio
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import ClientServerConfig, LanguageClient

from tabletwin.editor.newmodel import SNIPPET, filled
from tabletwin_lsp.analysis import NO_FLOW_YET

from .editor_client import DATA, change_text, cursor, uri_of, wait
from .publications import Publications, open_and_wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
ARENA = (DATA / "arena.yaml").read_text(encoding="utf-8")
SUGGEST = types.Command(title="Suggest values", command="editor.action.triggerSuggest")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"runTestGames": "never"}))
    yield
    await lsp_client.shutdown_session()


async def complete_at(client: LanguageClient, uri: str, position: types.Position) -> dict[str, types.CompletionItem]:
    result = await wait(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position)))
    return {item.label: item for item in result.items}


def ordered(items: dict) -> list[str]:
    return [item.label for item in sorted(items.values(), key=lambda item: item.sort_text or item.label)]


async def test_an_empty_model_file_has_no_diagnostics_and_offers_the_whole_model_first(client: LanguageClient):
    uri = uri_of("blank.model.yaml")
    published = await open_and_wait(client, "", uri)
    assert await published.wait_for(uri, 1) == []
    items = await complete_at(client, uri, types.Position(0, 0))
    assert ordered(items)[:4] == ["new model", "game", "label", "num_players"]
    snippet = items["new model"]
    assert snippet.kind == types.CompletionItemKind.Snippet
    assert snippet.insert_text_format == types.InsertTextFormat.Snippet
    assert snippet.text_edit.new_text == SNIPPET
    assert snippet.text_edit.range == types.Range(types.Position(0, 0), types.Position(0, 0))
    assert {"flow", "actions", "state", "end"} <= set(items)


async def test_a_text_starting_with_game_gets_missing_keys_and_hover_not_not_a_model(client: LanguageClient):
    uri = uri_of("draft.yaml")  # not a *.model.yaml: its first key makes it a model
    published = Publications(client)
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="yaml", version=1, text="# Dice\ngame: dice\nlabel: Dice\n")))
    diagnostics = await published.wait_for(uri, 1)
    first_key = types.Range(types.Position(1, 0), types.Position(1, 4))
    assert [(d.message, d.severity, d.range) for d in diagnostics] == [
        (NO_FLOW_YET, types.DiagnosticSeverity.Warning, first_key),
        ("missing key 'actions' at the top level", types.DiagnosticSeverity.Warning, first_key),
        ("missing key 'end' at the top level", types.DiagnosticSeverity.Warning, first_key),
    ]
    hover = await wait(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(2, 2))))
    assert hover.contents.value.startswith("**`label`** · Model file\n\n")
    items = await complete_at(client, uri, types.Position(3, 0))
    assert "new model" not in items and "label" not in items and "flow" in items


async def test_the_whole_model_snippet_with_its_defaults_validates_and_plays(client: LanguageClient):
    uri = uri_of("snippet.model.yaml")
    published = await open_and_wait(client, "", uri)
    items = await complete_at(client, uri, types.Position(0, 0))
    change_text(client, uri, filled(items["new model"].text_edit.new_text), 2)
    assert await published.wait_for(uri, 2) == []
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="tabletwin.runTestGames", arguments=[uri])), 30)
    assert (result["games"], result["finished"], result["reasons"], result["stopped"]) == (20, 20, {"reached_goal": 20}, {})


async def test_keys_with_known_values_ask_for_their_suggestions(client: LanguageClient):
    text, position = cursor(ARENA.replace('{op: draw, from: deck, to: "hand[actor]"}', "{op: draw, ‸}"))
    uri = uri_of("keys.yaml")
    await open_and_wait(client, text, uri)
    items = await complete_at(client, uri, position)
    assert items["from"].text_edit.new_text == "from: "
    assert items["from"].command == SUGGEST  # zones are declared
    assert items["to"].command == SUGGEST
    assert items["position"].command == SUGGEST  # top or bottom
    assert items["n"].command is None and items["note"].command is None and items["n_x"].command is None
    text, position = cursor(ARENA.replace("result: draw}", "‸}"))
    change_text(client, uri, text, 2)
    items = await complete_at(client, uri, position)
    assert items["result"].command == SUGGEST and items["result"].text_edit.new_text == "result: "
    assert items["who_x"].command is None


async def test_op_snippets_show_their_description_and_insert_the_fields_they_need(client: LanguageClient):
    text, position = cursor(ARENA.replace("  rest:\n    effect: []\n", "  rest:\n    effect:\n      - ‸\n"))
    uri = uri_of("ops.yaml")
    await open_and_wait(client, text, uri)
    items = await complete_at(client, uri, position)
    draw = items["op: draw"]
    assert draw.kind == types.CompletionItemKind.Snippet
    assert draw.label_details.description == "Takes the top card(s) of `from` into `to`"
    assert draw.detail == "Takes the top card(s) of `from` into `to`"
    assert draw.insert_text_format == types.InsertTextFormat.Snippet
    assert draw.text_edit.new_text == "{op: draw, from: ${1:zone}, to: ${2:zone}}"
    assert items["op: choose"].text_edit.new_text == "{op: choose, options: ${1:[yes, no]}, bind: ${2:choice}}"
    assert len([label for label in items if label.startswith("op: ")]) == 27

    text, position = cursor(ARENA.replace("  rest:\n    effect: []\n", "  rest:\n    effect:\n      - {op: dr‸}\n"))
    change_text(client, uri, text, 2)
    items = await complete_at(client, uri, position)
    assert items["draw"].text_edit.new_text == "draw, from: ${1:zone}, to: ${2:zone}"
    assert items["draw"].text_edit.range == types.Range(types.Position(position.line, 13), position)
    assert items["draw"].insert_text_format == types.InsertTextFormat.Snippet
    assert items["draw"].label_details.description == "Takes the top card(s) of `from` into `to`"

    text, position = cursor(ARENA.replace("  rest:\n    effect: []\n", "  rest:\n    effect:\n      - op: se‸\n"))
    change_text(client, uri, text, 3)
    items = await complete_at(client, uri, position)
    assert items["set"].text_edit.new_text == "set\n  var: ${1:variable}\n  value: ${2:0}"
    assert items["set"].insert_text_mode == types.InsertTextMode.AdjustIndentation

    # With other fields already written, the op's name alone.
    text, position = cursor(ARENA.replace("{op: draw, from: deck,", "{op: dr‸, from: deck,"))
    change_text(client, uri, text, 4)
    items = await complete_at(client, uri, position)
    assert items["draw"].text_edit.new_text == "draw"
    assert items["draw"].insert_text_format == types.InsertTextFormat.PlainText


async def test_a_name_just_declared_is_offered_at_once(client: LanguageClient):
    uri = uri_of("fresh.yaml")
    await open_and_wait(client, ARENA, uri)
    before = await complete_at(client, uri, types.Position(42, 38))  # the server now holds the names of version 1
    assert "discard" in before and "pile" not in before
    declared = ARENA.replace("    discard: {}\n", "    discard: {}\n    pile: {}\n").replace(
        "    current: {init: 0}\n", "    current: {init: 0}\n    streak: {init: 0}\n").replace(
        "  rest:\n    effect: []\n", "  rest:\n    effect: []\n  taunt:\n    effect: []\n")
    change_text(client, uri, declared, 2)  # declared, and at once (no pause, no save) used:
    text, position = cursor(declared.replace('to: "hand[actor]"}', "to: ‸}"))
    change_text(client, uri, text, 3)
    assert "pile" in await complete_at(client, uri, position)
    text, position = cursor(declared.replace("do: [punch, rest]", "do: [punch, rest, ‸]"))
    change_text(client, uri, text, 4)
    assert "taunt" in await complete_at(client, uri, position)
    text, position = cursor(declared.replace("      - {op: move, what_x: card,", "      - {op: set, var: ‸}\n"
                                                                                   "      - {op: move, what_x: card,"))
    change_text(client, uri, text, 5)
    items = await complete_at(client, uri, position)
    assert items["streak"].detail == "variable"


async def test_commands_on_an_empty_model_say_it_is_empty(client: LanguageClient):
    uri = uri_of("empty.model.yaml")
    await open_and_wait(client, "", uri)
    answer = await wait(client.protocol.send_request_async("tabletwin/diagram", {"uri": uri}))
    answer = answer._asdict() if hasattr(answer, "_asdict") else answer
    assert answer["problem"] == "the model cannot be read: it is empty"
    with pytest.raises(JsonRpcInvalidParams, match="^tabletwin.runTestGames: the model cannot be read: it is empty$"):
        await wait(client.workspace_execute_command_async(types.ExecuteCommandParams(
            command="tabletwin.runTestGames", arguments=[uri])))
    change_text(client, uri, "game: dice\n", 2)
    with pytest.raises(JsonRpcInvalidParams, match=f"^tabletwin.showFlowTree: the model cannot be read: {NO_FLOW_YET}$"):
        await wait(client.workspace_execute_command_async(types.ExecuteCommandParams(
            command="tabletwin.showFlowTree", arguments=[uri])))
