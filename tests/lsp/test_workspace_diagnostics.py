"""Problems of the model and tactic files of the workspace that are not open: published after
initialize, again when a file changes on the disk, cleared when it is deleted, and none at all with
``tabletwin.diagnostics.workspace`` off."""

import asyncio
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .publications import Publications

BAD = """\
game: g
label: G
flow: {id: turn, kind: step, do: roll}
actions:
  roll:
    label: Roll
    pre_x: "pip == 1"
    effect: []
end: []
"""
OTHER = "name: ci\non: [push]\n"
TACTIC = "tactic: t\ngame: g\nrules:\n  - {at: step turn, pick: hold}\n"
TWO_ACTIONS = BAD.replace("do: roll}", "do: [roll, hold]}").replace("end: []", "  hold: {label: Hold, effect: []}\nend: []")


def workspace(tmp_path):
    folder = tmp_path / "games"
    (folder / "node_modules").mkdir(parents=True)
    (folder / "bad.model.yaml").write_text(BAD)
    (folder / "ci.yaml").write_text(OTHER)
    (folder / "node_modules" / "skipped.yaml").write_text(BAD)
    return folder


async def start(lsp_client: LanguageClient, folder, options=None) -> Publications:
    published = Publications(lsp_client)
    lsp_client.registrations = []
    lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)(
        lambda params: lsp_client.registrations.extend(params.registrations))
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True))),
        workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name="games")],
        initialization_options=options))
    return published


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def test_closed_files_get_their_problems_and_follow_the_disk(client: LanguageClient, tmp_path):
    folder = workspace(tmp_path)
    uri = (folder / "bad.model.yaml").as_uri()
    published = await start(client, folder)
    params = await published.wait_until(lambda p: p.uri == uri)
    assert params.version is None
    assert [(d.range.start.line, d.range.start.character, d.message, d.code) for d in params.diagnostics] == [
        (6, 12, "'pip' is not defined here", "undefined-name")]
    assert {p.uri for p in published.items} == {uri}  # not ci.yaml, not node_modules
    (registration,) = client.registrations
    assert registration.register_options["watchers"] == [{"globPattern": "**/*.{yaml,yml}"}]

    (folder / "bad.model.yaml").write_text(BAD.replace('pre_x: "pip == 1"', 'pre_x: "1 +"'))
    count = len(published.items)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri, type=types.FileChangeType.Changed)]))
    params = await published.wait_until(lambda p: p.uri == uri and any(p is q for q in published.items[count:]))
    assert [(d.message, d.code) for d in params.diagnostics] == [
        ('syntax error in expression "1 +": invalid syntax (position 3)', "expression-syntax")]

    (folder / "bad.model.yaml").unlink()
    count = len(published.items)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri, type=types.FileChangeType.Deleted)]))
    params = await published.wait_until(lambda p: p.uri == uri and any(p is q for q in published.items[count:]))
    assert list(params.diagnostics) == []


async def test_a_closed_document_gets_its_disk_problems_back(client: LanguageClient, tmp_path):
    folder = workspace(tmp_path)
    uri = (folder / "bad.model.yaml").as_uri()
    published = await start(client, folder)
    await published.wait_until(lambda p: p.uri == uri)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=BAD.replace("pip", "1"))))
    assert list(await published.wait_for(uri, 1)) == []
    count = len(published.items)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))
    params = await published.wait_until(lambda p: p.uri == uri and p.diagnostics
                                        and any(p is q for q in published.items[count:]))
    assert [d.message for d in params.diagnostics] == ["'pip' is not defined here"]


async def test_the_setting_turns_it_off(client: LanguageClient, tmp_path):
    folder = workspace(tmp_path)
    published = await start(client, folder, {"diagnostics": {"workspace": False}})
    open_uri = (folder / "open.yaml").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=open_uri, language_id="yaml", version=1, text=BAD)))
    await published.wait_for(open_uri, 1)
    await asyncio.sleep(0.5)
    assert {p.uri for p in published.items} == {open_uri}


async def test_a_model_changed_on_disk_brings_its_tactics_up_to_date(client: LanguageClient, tmp_path):
    folder = workspace(tmp_path)
    (folder / "t.tactic.yaml").write_text(TACTIC)
    model, tactic = (folder / "bad.model.yaml").as_uri(), (folder / "t.tactic.yaml").as_uri()
    published = await start(client, folder)
    params = await published.wait_until(lambda p: p.uri == tactic)
    assert [(d.range.start.line, d.message) for d in params.diagnostics] == [
        (3, "no place 'step turn' in bad.model.yaml: the rule is never used there")]
    (folder / "bad.model.yaml").write_text(TWO_ACTIONS)
    count = len(published.items)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=model, type=types.FileChangeType.Changed)]))
    params = await published.wait_until(lambda p: p.uri == tactic and any(p is q for q in published.items[count:]))
    assert list(params.diagnostics) == []
