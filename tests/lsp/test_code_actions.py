"""Quick fixes from the real server, for the server's own diagnostics and for what the cursor is on."""

import asyncio

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, open_text, server_fixture, uri_of, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
MODEL = (DATA / "arena.yaml").read_text(encoding="utf-8")


async def actions_at(client: LanguageClient, text: str, name: str, line: int, character: int,
                     diagnostics: list[types.Diagnostic] | None = None) -> list[types.CodeAction]:
    uri = uri_of(name)
    if diagnostics is None:
        open_text(client, uri, text)
        diagnostics = []
    here = types.Range(types.Position(line, character), types.Position(line, character))
    return await wait(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=here,
        context=types.CodeActionContext(diagnostics=diagnostics))))


async def published(client: LanguageClient, uri: str, text: str) -> list[types.Diagnostic]:
    open_text(client, uri, text)
    for _ in range(50):
        await wait(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS))
        if client.diagnostics.get(uri):
            return list(client.diagnostics[uri])
    return []


async def test_did_you_mean_for_an_unknown_key_the_server_reported(client: LanguageClient):
    uri = uri_of("typo.yaml")
    text = MODEL.replace("    label: Punch\n", "    lable: Punch\n")
    diagnostics = await asyncio.wait_for(published(client, uri, text), 20)
    unknown = [d for d in diagnostics if isinstance(d.data, dict) and d.data.get("key") == "lable"]
    assert unknown, diagnostics
    found = await actions_at(client, text, "typo.yaml", unknown[0].range.start.line,
                             unknown[0].range.start.character, unknown)
    fix = next(action for action in found if action.title == "Change 'lable' to 'label'")
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
    assert list(fix.diagnostics) == unknown[:1]
    (edit,) = fix.edit.changes[uri]
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character, edit.new_text) == (
        44, 4, 9, "label")


async def test_quote_a_boolean_key(client: LanguageClient):
    text = MODEL.replace("{id: counter, event: hit,", "{id: counter, on: hit,")
    found = await actions_at(client, text, "on.yaml", 56, 20)
    assert [action.title for action in found] == ["Quote the key on (YAML 1.1 reads it as true/false)"]
    (edit,) = found[0].edit.changes[uri_of("on.yaml")]
    assert (edit.range.start.character, edit.range.end.character, edit.new_text) == (18, 20, '"on"')


async def test_add_a_twin_and_declare_a_loop_variable(client: LanguageClient):
    text = MODEL.replace('    pre_x: "len(hand[actor]) > 0"\n', "    pre: a card in hand\n")
    found = await actions_at(client, text, "twin.yaml", 45, 6)
    assert [action.title for action in found] == ["Add pre_x (the expression the engine runs for 'pre')"]
    (edit,) = found[0].edit.changes[uri_of("twin.yaml")]
    assert edit.new_text == '\n    pre_x: ""'
    text = MODEL.replace("    current: {init: 0}\n", "")
    found = await actions_at(client, text, "loopvar.yaml", 33, 8)
    assert [action.title for action in found] == ["Declare the loop variable 'current' in state.vars"]
    (edit,) = found[0].edit.changes[uri_of("loopvar.yaml")]
    assert (edit.range.start.line, edit.new_text) == (24, "\n    current: {init: null}")


async def test_did_you_mean_for_a_name_after_an_emoji(client: LanguageClient):
    text = MODEL.replace('{op: move, what_x: card, from: "hand[actor]", to: discard}',
                         '{op: move, note: "🃏", what_x: crad, from: "hand[actor]", to: discard}')
    found = await actions_at(client, text, "name.yaml", 48, 40)
    assert [action.title for action in found] == ["Change 'crad' to 'card'"]
    (edit,) = found[0].edit.changes[uri_of("name.yaml")]
    # "crad" is code points 38 to 42; the emoji before it counts two UTF-16 units.
    assert (edit.range.start.character, edit.range.end.character) == (39, 43)
