"""The grace before an analysis (:data:`tabletwin_lsp.features.diagnostics.GRACE_SECONDS`): an
edit after a quiet time, or an open, is analysed only after it, so that the requests an editor
sends right after a keystroke are answered first."""

import asyncio
import time

import pytest
from pytest_lsp import LanguageClient

from tabletwin_lsp.features.diagnostics import GRACE_SECONDS
from tabletwin_lsp.settings import Settings

from .editor_client import DATA, change_text, open_text, server_fixture, uri_of
from .publications import Publications

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
MODEL = (DATA / "arena.yaml").read_text(encoding="utf-8")


async def test_an_open_is_analysed_after_the_grace(client: LanguageClient):
    published = Publications(client)
    uri = uri_of("grace-open.yaml")
    start = time.monotonic()
    open_text(client, uri, MODEL)
    await published.wait_for(uri, 1)
    assert time.monotonic() - start >= GRACE_SECONDS


async def test_an_edit_after_a_quiet_time_is_analysed_after_the_grace_not_the_debounce(client: LanguageClient):
    published = Publications(client)
    uri = uri_of("grace-edit.yaml")
    open_text(client, uri, MODEL)
    await published.wait_for(uri, 1)
    debounce = Settings().debounce_seconds
    await asyncio.sleep(debounce + 0.05)  # quiet for longer than the debounce
    start = time.monotonic()
    change_text(client, uri, MODEL + "# an edit\n", 2)
    await published.wait_for(uri, 2)
    assert time.monotonic() - start >= GRACE_SECONDS
    assert GRACE_SECONDS < debounce
