"""Inlay hints from the real server: constants' values, constant probabilities, place names."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, open_text, server_fixture, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
FOLDER = DATA / "features"
MODEL = (FOLDER / "colours.yaml").read_text(encoding="utf-8")
URI = (FOLDER / "colours.yaml").resolve().as_uri()
WHOLE = types.Range(types.Position(0, 0), types.Position(60, 0))


async def hints(client: LanguageClient, uri: str, text: str, where: types.Range = WHOLE) -> list[tuple]:
    open_text(client, uri, text)
    found = await wait(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=where)))
    return [(hint.position.line, hint.position.character, hint.label) for hint in found]


async def test_values_probabilities_and_places_of_a_model(client: LanguageClient):
    assert await hints(client, URI, MODEL) == [
        (26, 14, "step act"),  # after the step's id: the place a tactic writes in `at`
        (28, 6, "action play · chance"),  # after the action's key: only chance happens there
        (32, 58, "= 5"),  # after GOAL
        (45, 39, "= 0.25"),
        (45, 44, "= 50%"),  # p_x "EDGE * 2"
        (46, 43, "= 0.25"),
        (46, 48, "= 50%"),  # p_x "1 - EDGE * 2"
        (48, 34, "= 5"),
    ]


async def test_only_the_lines_asked_for(client: LanguageClient):
    where = types.Range(types.Position(45, 0), types.Position(45, 80))
    assert await hints(client, URI, MODEL, where) == [(45, 39, "= 0.25"), (45, 44, "= 50%")]


async def test_positions_count_utf16_units_after_an_emoji(client: LanguageClient):
    text = MODEL.replace('{op: add, var: "score[actor]", amount_x: "r + GOAL"}',
                         '{op: add, note: "🎲", var: "score[actor]", amount_x: "r + GOAL"}')
    found = await hints(client, URI, text, types.Range(types.Position(32, 0), types.Position(32, 90)))
    assert found == [(32, 70, "= 5")]  # 58 code points + 11 inserted, the die counting two units


async def test_a_tactic_shows_its_models_constants(client: LanguageClient):
    text = (FOLDER / "colours-tactic.yaml").read_text(encoding="utf-8")
    assert await hints(client, (FOLDER / "colours-tactic.yaml").resolve().as_uri(), text) == [(4, 26, "= 5")]


async def test_a_probability_that_reads_state_is_not_resolved(client: LanguageClient):
    text = MODEL.replace('p_x: "EDGE * 2"', 'p_x: "EDGE * 2 + turn"')
    found = await hints(client, URI, text, types.Range(types.Position(45, 0), types.Position(45, 90)))
    assert found == [(45, 39, "= 0.25")]
