"""Completion from the real server over stdio: flow mappings, half-typed text, UTF-16 columns, tactics."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, change_text, cursor, open_text, server_fixture, uri_of, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
MODEL = (DATA / "arena.yaml").read_text(encoding="utf-8")
TACTIC = (DATA / "arena-basic.yaml").read_text(encoding="utf-8")


async def complete(client: LanguageClient, marked: str, name: str) -> list[types.CompletionItem]:
    text, position = cursor(marked)
    uri = uri_of(name)
    open_text(client, uri, text)
    result = await wait(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position)))
    return result.items if isinstance(result, types.CompletionList) else (result or [])


def labels(items) -> list[str]:
    return [item.label for item in sorted(items, key=lambda item: item.sort_text or item.label)]


async def test_fields_of_an_op_inside_a_flow_mapping(client: LanguageClient):
    marked = MODEL.replace('{op: draw, from: deck, to: "hand[actor]"}', '{op: draw, from: deck, ‸}')
    items = await complete(client, marked, "flowmap.yaml")
    assert labels(items) == ["to", "n", "n_x", "visible_to_x", "position", "note"]
    first = items[0]
    assert first.kind == types.CompletionItemKind.Property
    assert first.text_edit.new_text == "to: "
    assert first.text_edit.range == types.Range(types.Position(42, 31), types.Position(42, 31))


async def test_a_half_typed_document(client: LanguageClient):
    marked = MODEL.split("triggers:")[0] + "  broken: {op: [\n  more:\n    effect:\n      - {op: ‸\n"
    items = await complete(client, marked, "halftyped.yaml")
    assert labels(items)[:5] == ["set", "add", "let", "place", "create"]
    assert len(items) == 27
    assert items[0].kind == types.CompletionItemKind.EnumMember


async def test_columns_are_utf16_after_an_emoji(client: LanguageClient):
    marked = MODEL.replace("    label: Punch\n", '    label: "Punch 🥊"\n').replace(
        '      - {op: move, what_x: card, from: "hand[actor]", to: discard}',
        '      - {op: move, what_x: card, note: "🥊 é", from: "hand[actor]", to: dis‸}')
    items = await complete(client, marked, "emoji.yaml")
    assert labels(items) == ["deck", "hand", "discard"]
    edit = items[0].text_edit
    # "dis" is code points 71 to 74 of the line; the emoji before it is two UTF-16 units.
    assert edit.range == types.Range(types.Position(48, 72), types.Position(48, 75))
    assert edit.new_text == "deck"


async def test_names_in_an_expression_after_an_edit(client: LanguageClient):
    uri = uri_of("edited.yaml")
    open_text(client, uri, MODEL)
    marked = MODEL.replace('if_x: "score[current] >= GOAL"', 'if_x: "score[current] >= GO‸"')
    text, position = cursor(marked)
    change_text(client, uri, text, 2)
    result = await wait(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position)))
    found = {item.label: item for item in result.items}
    assert found["GOAL"].kind == types.CompletionItemKind.Constant
    assert found["other"].detail == "other(p)"
    assert "actor" not in found  # end conditions see no local names
    assert found["GOAL"].text_edit.range.start.character == position.character - 2


async def test_places_and_labels_in_a_tactic_file(client: LanguageClient):
    items = await complete(client, TACTIC.replace("at: step act,", "at: ‸,"), "arena-basic.yaml")
    assert labels(items)[:3] == ["step act", "action punch", "trigger counter"]
    assert items[0].documentation.value == "step `act`: the actor picks one of punch, rest"
    items = await complete(client, TACTIC.replace("pick: rest}", "pick: ‸}"), "arena-basic.yaml")
    assert labels(items) == ["punch", "rest"]
