"""Tactic places from the real server: unknown places as warnings with a quick fix, the model
read from its unsaved buffer (and the tactic checked again when it changes), and rename across
the model and its tactics."""

import asyncio

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, TIMEOUT, change_text, cursor, open_text, server_fixture, uri_of, wait
from .publications import Publications

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
MODEL = (DATA / "arena.yaml").read_text(encoding="utf-8")
MODEL_URI = uri_of("arena.yaml")
TACTIC = (DATA / "arena-basic.yaml").read_text(encoding="utf-8")
W = types.DiagnosticSeverity.Warning


def described(diagnostics):
    return [((d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character),
             d.severity, d.message, d.data) for d in diagnostics]


async def publication(published: Publications, uri: str, after: int) -> types.PublishDiagnosticsParams:
    """The first publication for ``uri`` among those after the first ``after``."""
    async def find():
        while True:
            for params in published.items[after:]:
                if params.uri == uri:
                    return params
            published.arrived.clear()
            await published.arrived.wait()

    return await asyncio.wait_for(find(), TIMEOUT)


def close(client: LanguageClient, uri: str) -> None:
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))


async def test_an_unknown_place_is_a_warning_on_its_characters_with_a_quick_fix(client: LanguageClient):
    published = Publications(client)
    uri = uri_of("typo-tactic.yaml")
    text = TACTIC.replace("  - {at: action punch,", '  - {note: "🥊", at: action pnch,') + "search: {at: [step ac]}\n"
    open_text(client, uri, text)
    diagnostics = await published.wait_for(uri, 1)
    assert described(diagnostics) == [
        ((6, 21, 6, 32), W, "no place 'action pnch' in arena.yaml: the rule is never used there "
         "(did you mean 'action punch'?)",
         {"path": "rules[1].at", "place": "action pnch", "suggestion": "action punch"}),
        ((7, 14, 7, 21), W, "no place 'step ac' in arena.yaml: look-ahead never happens there "
         "(did you mean 'step act'?)",
         {"path": "search.at[0]", "place": "step ac", "suggestion": "step act"}),
    ]
    here = types.Range(types.Position(6, 25), types.Position(6, 25))
    found = await wait(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=here,
        context=types.CodeActionContext(diagnostics=diagnostics[:1]))))
    fix = next(action for action in found if action.title == "Change 'action pnch' to 'action punch'")
    assert fix.is_preferred and list(fix.diagnostics) == diagnostics[:1]
    (edit,) = fix.edit.changes[uri]
    # The boxing glove before the place is one code point and two UTF-16 units.
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character, edit.new_text) == (
        6, 21, 32, "action punch")


async def test_a_tactic_is_checked_against_the_unsaved_model_and_again_when_it_changes(client: LanguageClient):
    published = Publications(client)
    uri = uri_of("strike-tactic.yaml")
    text = TACTIC.replace("at: action punch", "at: action strike")
    strike = "no place 'action strike' in arena.yaml: the rule is never used there"
    open_text(client, uri, text)
    assert [d.message for d in await published.wait_for(uri, 1)] == [strike]

    after = len(published.items)
    renamed = MODEL.replace("[punch, rest]", "[strike, rest]").replace("  punch:\n", "  strike:\n")
    open_text(client, MODEL_URI, renamed)
    again = await publication(published, uri, after)
    assert (again.version, list(again.diagnostics)) == (1, [])
    items = await wait(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(6, 9))))
    assert "action strike" in [item.label for item in items.items]

    after = len(published.items)
    change_text(client, MODEL_URI, renamed.replace("strike", "stroke"), 2)
    again = await publication(published, uri, after)
    assert [d.message for d in again.diagnostics] == [strike + " (did you mean 'action stroke'?)"]

    after = len(published.items)
    close(client, MODEL_URI)
    again = await publication(published, uri, after)
    assert (again.version, [d.message for d in again.diagnostics]) == (1, [strike])
    close(client, uri)


async def test_a_model_closed_before_its_own_analysis_has_its_tactics_checked_again(client: LanguageClient):
    """The model's analysis waits out the grace (features/diagnostics.py) while its tactics are
    checked at once; closed in between, it is still known as a model."""
    published = Publications(client)
    uri = uri_of("quick-close-tactic.yaml")
    strike = "no place 'action strike' in arena.yaml: the rule is never used there"
    open_text(client, uri, TACTIC.replace("at: action punch", "at: action strike"))
    assert [d.message for d in await published.wait_for(uri, 1)] == [strike]

    after = len(published.items)
    open_text(client, MODEL_URI, MODEL.replace("[punch, rest]", "[strike, rest]").replace("  punch:\n", "  strike:\n"))
    again = await publication(published, uri, after)
    assert list(again.diagnostics) == []
    after = len(published.items)
    close(client, MODEL_URI)
    again = await publication(published, uri, after)
    assert [d.message for d in again.diagnostics] == [strike]
    close(client, uri)


async def test_renaming_an_action_in_the_model_edits_its_tactics(client: LanguageClient):
    """The open tactic that plays the model, and arena-basic.yaml beside it on disk (not open);
    not the open one in another folder, which plays another arena."""
    tactic_uri = uri_of("rename-tactic.yaml")
    other_uri = "file:///nonexistent/folder/arena-basic.yaml"  # plays an arena that is not this one
    open_text(client, tactic_uri, TACTIC)
    open_text(client, other_uri, TACTIC)
    text, position = cursor(MODEL.replace("  punch:\n", "  pu‸nch:\n"))
    open_text(client, MODEL_URI, text)
    model = types.TextDocumentIdentifier(uri=MODEL_URI)
    prepared = await wait(client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=model, position=position)))
    assert prepared == types.Range(types.Position(43, 2), types.Position(43, 7))
    edit = await wait(client.text_document_rename_async(types.RenameParams(
        text_document=model, position=position, new_name="strike")))
    assert changes(edit) == {
        MODEL_URI: [(37, 51, 56, "strike"), (43, 2, 7, "strike")],
        tactic_uri: [(6, 16, 21, "strike")],
        uri_of("arena-basic.yaml"): [(6, 16, 21, "strike")],
    }
    close(client, MODEL_URI)
    close(client, other_uri)
    close(client, tactic_uri)


def changes(edit: types.WorkspaceEdit) -> dict:
    """``{uri: [(line, start, end, new text), ...]}`` of a rename."""
    return {uri: [(e.range.start.line, e.range.start.character, e.range.end.character, e.new_text) for e in edits]
            for uri, edits in edit.changes.items()}


async def test_renaming_from_a_place_in_a_tactic_edits_the_model_file(client: LanguageClient):
    text, position = cursor(TACTIC.replace("at: step act, when_x: ahead, pick: rest",
                                           "at: step act, when_x: ahead, pick: punch")
                            .replace("at: action punch", "at: action pun‸ch"))
    uri = uri_of("from-tactic.yaml")
    open_text(client, uri, text)
    document = types.TextDocumentIdentifier(uri=uri)
    prepared = await wait(client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=document, position=position)))
    assert prepared == types.Range(types.Position(6, 16), types.Position(6, 21))
    edit = await wait(client.text_document_rename_async(types.RenameParams(
        text_document=document, position=position, new_name="strike")))
    assert changes(edit) == {
        uri: [(5, 40, 45, "strike"), (6, 16, 21, "strike")],
        (DATA / "arena.yaml").resolve().as_uri(): [(37, 51, 56, "strike"), (43, 2, 7, "strike")],
    }
    with pytest.raises(Exception, match="'rest' is already an action"):
        await wait(client.text_document_rename_async(types.RenameParams(
            text_document=document, position=position, new_name="rest")))
    close(client, uri)
