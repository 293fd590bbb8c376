"""Signature help from the real server: builtins, own functions and board functions, the active
parameter, in quoted, flow and block scalars."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, cursor, open_text, server_fixture, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
FOLDER = DATA / "features"
MODEL = (FOLDER / "colours.yaml").read_text(encoding="utf-8")
URI = (FOLDER / "colours.yaml").resolve().as_uri()


async def help_at(client: LanguageClient, old: str, marked: str):
    assert old in MODEL
    text, position = cursor(MODEL.replace(old, marked))
    open_text(client, URI, text)
    found = await wait(client.text_document_signature_help_async(types.SignatureHelpParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=position)))
    if found is None:
        return None
    active = found.signatures[found.active_signature]
    written = [active.label[start:end] for start, end in (p.label for p in active.parameters)]
    return [s.label for s in found.signatures], found.active_signature, found.active_parameter, written


async def test_a_board_function_in_a_flow_mapping_after_an_emoji(client: LanguageClient):
    found = await help_at(client, "cell('ring', 0, 0)", "cell('ring', 0‸, 0)")
    assert found == (["cell(board, x, y)"], 0, 1, ["board", "x", "y"])


async def test_an_own_function_in_a_block_scalar(client: LanguageClient):
    found = await help_at(client, "other(actor))", "other(act‸or))")
    assert found == (["other(p)"], 0, 0, ["p"])


async def test_a_builtin_with_two_forms(client: LanguageClient):
    found = await help_at(client, "max(lead,\n", "max(lead,‸\n")
    assert found == (["max(iterable, key=f, default=v)", "max(a, b, ...)"], 0, 1, ["iterable", "key=f", "default=v"])


async def test_the_innermost_open_call_and_text_literals(client: LanguageClient):
    found = await help_at(client, "'len(hand[actor]) > 0 and nope'", "'len(hand[actor]) > 0 and min(\"(,\", ‸'")
    assert found == (["min(iterable, key=f, default=v)", "min(a, b, ...)"], 0, 1, ["iterable", "key=f", "default=v"])


async def test_no_help_outside_a_call_or_outside_expressions(client: LanguageClient):
    assert await help_at(client, "'len(hand[actor]) > 0", "'len(hand[actor])‸ > 0") is None
    assert await help_at(client, "    params: [p]", "    params: [p‸]") is None
