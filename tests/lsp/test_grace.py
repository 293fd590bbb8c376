"""The wait before an analysis (:mod:`tabletwin_lsp.features.diagnostics`): an edit after a
quiet time, or an open, is analysed after :data:`REQUEST_WINDOW_SECONDS`, and while a request
read since then is unanswered, :data:`GRACE_SECONDS` at most, so that the requests an editor
sends right after a keystroke are answered first."""

import asyncio
import time

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tabletwin_lsp.features.diagnostics import GRACE_SECONDS, REQUEST_WINDOW_SECONDS
from tabletwin_lsp.settings import Settings

from .editor_client import DATA, change_text, open_text, server_fixture, uri_of, wait
from .publications import Publications

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
MODEL = (DATA / "arena.yaml").read_text(encoding="utf-8")


async def test_an_open_is_analysed_after_the_request_window(client: LanguageClient):
    published = Publications(client)
    uri = uri_of("grace-open.yaml")
    start = time.monotonic()
    open_text(client, uri, MODEL)
    await published.wait_for(uri, 1)
    assert time.monotonic() - start >= REQUEST_WINDOW_SECONDS


async def test_an_edit_after_a_quiet_time_is_analysed_after_the_request_window_not_the_debounce(
        client: LanguageClient):
    published = Publications(client)
    uri = uri_of("grace-edit.yaml")
    open_text(client, uri, MODEL)
    await published.wait_for(uri, 1)
    debounce = Settings().debounce_seconds
    await asyncio.sleep(debounce + 0.05)  # quiet for longer than the debounce
    start = time.monotonic()
    change_text(client, uri, MODEL + "# an edit\n", 2)
    await published.wait_for(uri, 2)
    assert time.monotonic() - start >= REQUEST_WINDOW_SECONDS
    assert REQUEST_WINDOW_SECONDS < GRACE_SECONDS < debounce


async def test_an_edit_waits_for_the_request_that_followed_it_for_the_grace_at_most(client: LanguageClient):
    """Test games of another model, asked right after the edit, are answered long after it: the
    edit's diagnostics wait the whole grace for them, and not longer."""
    published = Publications(client)
    uri, other = uri_of("grace-wait.yaml"), uri_of("grace-games.yaml")
    open_text(client, other, MODEL)
    open_text(client, uri, MODEL)
    await published.wait_for(other, 1)
    await published.wait_for(uri, 1)
    await asyncio.sleep(Settings().debounce_seconds + 0.05)
    start = time.monotonic()
    change_text(client, uri, MODEL + "# an edit\n", 2)
    games = asyncio.ensure_future(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="tabletwin.runTestGames", arguments=[other, 1000])))
    await published.wait_for(uri, 2)
    assert time.monotonic() - start >= GRACE_SECONDS
    assert not games.done()
    assert (await wait(games))["games"] == 1000
