"""Definition, references, rename and outline from the real server."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, cursor, open_text, server_fixture, uri_of, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
MODEL = (DATA / "arena.yaml").read_text(encoding="utf-8")
TACTIC = (DATA / "arena-basic.yaml").read_text(encoding="utf-8")


def place(client: LanguageClient, marked: str, name: str = "nav.yaml"):
    text, position = cursor(marked)
    uri = uri_of(name)
    open_text(client, uri, text)
    return types.TextDocumentIdentifier(uri=uri), position


def where(location: types.Location):
    r = location.range
    return (r.start.line, r.start.character, r.end.line, r.end.character)


async def test_definition_of_an_action_and_of_an_event(client: LanguageClient):
    document, position = place(client, MODEL.replace("do: [punch, rest]", "do: [pu‸nch, rest]"))
    found = await wait(client.text_document_definition_async(types.DefinitionParams(text_document=document, position=position)))
    assert [where(loc) for loc in found] == [(43, 2, 43, 7)]
    document, position = place(client, MODEL.replace("{id: counter, event: hit,", "{id: counter, event: h‸it,"))
    found = await wait(client.text_document_definition_async(types.DefinitionParams(text_document=document, position=position)))
    assert [where(loc) for loc in found] == [(50, 15, 50, 18)]


async def test_references_of_a_zone(client: LanguageClient):
    document, position = place(client, MODEL.replace("    hand: {owner", "    ha‸nd: {owner"))
    found = await wait(client.text_document_references_async(types.ReferenceParams(
        text_document=document, position=position, context=types.ReferenceContext(include_declaration=True))))
    assert [where(loc)[:2] for loc in found] == [(21, 4), (42, 36), (45, 16), (47, 33), (48, 40), (64, 67)]
    assert {loc.uri for loc in found} == {document.uri}


async def test_rename_a_variable_with_an_emoji_on_the_line(client: LanguageClient):
    marked = MODEL.replace("    cur", "    cur‸").replace(
        '{id: won, if_x: "score[current] >= GOAL"', '{id: won, if: "🏆", if_x: "score[current] >= GOAL"')
    document, position = place(client, marked)
    prepared = await wait(client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=document, position=position)))
    assert prepared == types.Range(types.Position(25, 4), types.Position(25, 11))
    edit = await wait(client.text_document_rename_async(types.RenameParams(text_document=document, position=position, new_name="turn")))
    edits = edit.changes[document.uri]
    assert [(e.range.start.line, e.range.start.character, e.range.end.character) for e in edits] == [
        (25, 4, 11), (34, 6, 13), (36, 38, 45), (37, 37, 44), (63, 37, 44), (63, 76, 83)]
    assert {e.new_text for e in edits} == {"turn"}


async def test_rename_refused_with_a_reason(client: LanguageClient):
    document, position = place(client, MODEL.replace("    cur", "    cur‸"))
    with pytest.raises(Exception, match="'score' is already a variable"):
        await wait(client.text_document_rename_async(types.RenameParams(text_document=document, position=position, new_name="score")))


async def test_outline(client: LanguageClient):
    document, _position = place(client, MODEL + "‸")
    symbols = await wait(client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document)))
    by_name = {symbol.name: symbol for symbol in symbols}
    assert by_name["actions"].kind == types.SymbolKind.Namespace
    assert [(s.name, s.kind) for s in by_name["actions"].children] == [
        ("draw_card", types.SymbolKind.Function), ("punch", types.SymbolKind.Function),
        ("rest", types.SymbolKind.Function)]
    assert [s.name for s in by_name["flow"].children[0].children] == ["draw", "act"]
    assert [s.name for s in by_name["end"].children] == ["won", "spent"]


async def test_a_place_in_a_tactic_opens_the_model(client: LanguageClient):
    document, position = place(client, TACTIC.replace("at: step act,", "at: step a‸ct,"), "arena-basic.yaml")
    found = await wait(client.text_document_definition_async(types.DefinitionParams(text_document=document, position=position)))
    assert [(loc.uri, where(loc)) for loc in found] == [(uri_of("arena.yaml"), (37, 11, 37, 14))]
