"""Workspace symbols, code lenses, and references and renames that reach the tactic files beside
a model, from the real server started on the folder ``data/features``."""

import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .editor_client import DATA, cursor, open_text, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
FOLDER = DATA / "features"
MODEL = (FOLDER / "colours.yaml").read_text(encoding="utf-8")
URI = (FOLDER / "colours.yaml").resolve().as_uri()
TACTIC_URI = (FOLDER / "colours-tactic.yaml").resolve().as_uri()
BASE_URI = (FOLDER / "colours-base.yaml").resolve().as_uri()


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    folder = types.WorkspaceFolder(uri=FOLDER.resolve().as_uri(), name="features")
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), workspace_folders=[folder]))
    yield
    await lsp_client.shutdown_session()


def where(location) -> tuple:
    r = location.range
    return (location.uri, r.start.line, r.start.character, r.end.character)


async def test_workspace_symbols_of_models_and_tactics_on_disk(client: LanguageClient):
    found = await wait(client.workspace_symbol_async(types.WorkspaceSymbolParams(query="pla")))
    assert [(s.name, s.kind, s.container_name, where(s.location)) for s in found] == [
        ("play", types.SymbolKind.Function, "colours", (URI, 28, 2, 6))]
    found = await wait(client.workspace_symbol_async(types.WorkspaceSymbolParams(query="ahd")))
    assert [(s.name, s.kind, s.container_name, where(s.location)) for s in found] == [
        ("ahead", types.SymbolKind.Variable, "colours-basic", (TACTIC_URI, 4, 2, 7))]


async def test_code_lenses_count_uses_by_kind_and_tactics(client: LanguageClient):
    open_text(client, URI, MODEL)
    found = await wait(client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=URI))))
    assert [(lens.range.start.line, lens.range.start.character, lens.command.title) for lens in found] == [
        (9, 2, "1 expression"),  # function other
        (14, 4, "1 expression"),  # zone hand
        (28, 2, "1 step · 1 tactic"),  # action play: colours-tactic.yaml names `action play`
        (40, 2, "1 step"),  # action rest
    ]


async def test_references_of_an_action_include_tactic_places(client: LanguageClient):
    text, position = cursor(MODEL.replace("  play:\n", "  pl‸ay:\n"))
    open_text(client, URI, text)
    found = await wait(client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=position,
        context=types.ReferenceContext(include_declaration=True))))
    assert [where(location) for location in found] == [
        (URI, 26, 48, 52), (URI, 28, 2, 6), (TACTIC_URI, 7, 16, 20)]


async def test_renaming_a_step_id_renames_the_places_of_the_tactics(client: LanguageClient):
    text, position = cursor(MODEL.replace("{id: act,", "{id: a‸ct,"))
    open_text(client, URI, text)
    document = types.TextDocumentIdentifier(uri=URI)
    found = await wait(client.text_document_references_async(types.ReferenceParams(
        text_document=document, position=position, context=types.ReferenceContext(include_declaration=True))))
    assert [where(location) for location in found] == [
        (URI, 26, 11, 14), (BASE_URI, 3, 15, 18), (TACTIC_URI, 6, 14, 17)]
    prepared = await wait(client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=document, position=position)))
    assert prepared == types.Range(types.Position(26, 11), types.Position(26, 14))
    edit = await wait(client.text_document_rename_async(types.RenameParams(
        text_document=document, position=position, new_name="choose")))
    assert {uri: [(e.range.start.line, e.range.start.character, e.range.end.character, e.new_text) for e in edits]
            for uri, edits in edit.changes.items()} == {
        URI: [(26, 11, 14, "choose")],
        BASE_URI: [(3, 15, 18, "choose")],  # written quoted: "step act"
        TACTIC_URI: [(6, 14, 17, "choose")],
    }


async def test_renaming_a_window_and_a_trigger(client: LanguageClient):
    text = MODEL.replace("end:\n", "priority:\n  windows:\n    main: {allows: [fast]}\n"
                         "triggers:\n  - {id: boost, event: go, optional: true, do: []}\nend:\n")
    text = text.replace("{id: act, kind: step,", "{id: act, kind: step, window: main,")
    marked, position = cursor(text.replace("    main: {", "    ma‸in: {"))
    open_text(client, URI, marked)
    document = types.TextDocumentIdentifier(uri=URI)
    edit = await wait(client.text_document_rename_async(types.RenameParams(
        text_document=document, position=position, new_name="reply")))
    assert [(e.range.start.line, e.range.start.character, e.new_text) for e in edit.changes[URI]] == [
        (26, 36, "reply"), (49, 4, "reply")]
    marked, position = cursor(text.replace("{id: boost,", "{id: bo‸ost,"))
    open_text(client, URI, marked)
    edit = await wait(client.text_document_rename_async(types.RenameParams(
        text_document=document, position=position, new_name="surge")))
    assert [(e.range.start.line, e.range.start.character, e.new_text) for e in edit.changes[URI]] == [
        (51, 9, "surge")]
