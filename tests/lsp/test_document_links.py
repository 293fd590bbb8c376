"""Document links from the real server: a tactic's `extends` and `game`, `$schema` comments."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, open_text, server_fixture, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
FOLDER = DATA / "features"
ROOT = DATA.parents[2]


def uri(path) -> str:
    return path.resolve().as_uri()


async def links(client: LanguageClient, name: str, text: str) -> list[tuple]:
    document = uri(FOLDER / name)
    open_text(client, document, text)
    found = await wait(client.text_document_document_link_async(types.DocumentLinkParams(
        text_document=types.TextDocumentIdentifier(uri=document))))
    return [(link.range.start.line, link.range.start.character, link.range.end.character, link.target)
            for link in found]


async def test_a_tactic_links_its_base_and_its_model(client: LanguageClient):
    text = (FOLDER / "colours-tactic.yaml").read_text(encoding="utf-8")
    assert await links(client, "colours-tactic.yaml", text) == [
        (1, 6, 13, uri(FOLDER / "colours.yaml")),
        (2, 9, 26, uri(FOLDER / "colours-base.yaml")),
    ]


async def test_a_missing_base_is_not_linked(client: LanguageClient):
    text = (FOLDER / "colours-tactic.yaml").read_text(encoding="utf-8").replace("colours-base", "gone")
    assert await links(client, "colours-tactic.yaml", text) == [(1, 6, 13, uri(FOLDER / "colours.yaml"))]


async def test_schema_comments_relative_and_on_the_web(client: LanguageClient):
    model = (FOLDER / "colours.yaml").read_text(encoding="utf-8")
    assert await links(client, "colours.yaml", model) == [(0, 32, 69, uri(ROOT / "schemas" / "model.schema.json"))]
    web = "# yaml-language-server: $schema=https://tabletwin.com/models/🎲/model.schema.json\n" + model
    found = await links(client, "colours.yaml", web)
    # 48 code points, 49 UTF-16 units (the die counts two); the relative comment is now line 1
    assert found == [(0, 32, 81, "https://tabletwin.com/models/🎲/model.schema.json"),
                     (1, 32, 69, uri(ROOT / "schemas" / "model.schema.json"))]
