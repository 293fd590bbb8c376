"""The real server over stdio: ``tabletwin/diagram`` draws the open buffer, edits included."""

import asyncio
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import ClientServerConfig, LanguageClient

from tabletwin.diagram import layout

from .publications import open_and_wait

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PIG = (EXAMPLES / "pig.yaml").read_text(encoding="utf-8")
URI = (EXAMPLES / "pig.yaml").as_uri()
NS = "{http://www.w3.org/2000/svg}"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"runTestGames": "never"}))
    yield
    await lsp_client.shutdown_session()


def plain(value):
    """pygls answers objects of requests it has no type for as namedtuples; make them dicts."""
    if hasattr(value, "_asdict"):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


async def diagram(client: LanguageClient, uri: str = URI) -> dict:
    answer = await asyncio.wait_for(client.protocol.send_request_async("tabletwin/diagram", {"uri": uri}), 30)
    return plain(answer)


def change(client: LanguageClient, text: str, version: int, uri: str = URI) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def station_groups(svg: str) -> dict:
    root = ET.fromstring(svg)
    return {g.get("data-station"): g for g in root.iter(NS + "g") if "tt-station" in g.get("class", "").split()}


async def test_the_picture_of_the_open_buffer_follows_its_edits(client: LanguageClient):
    await open_and_wait(client, PIG, URI)
    first = await diagram(client)
    expected = layout(PIG)
    assert first["version"] == 1 and first["problem"] is None
    assert first["stations"] == [{"id": s.id, "line": s.line, "column": s.column} for s in expected.stations]
    groups = station_groups(first["svg"])
    assert set(groups) == {s.id for s in expected.stations}
    decide = groups["flow.children[1].children[0]"]
    assert (decide.get("data-line"), decide.get("data-column")) == (str(expected.station(
        "flow.children[1].children[0]").line), str(expected.station("flow.children[1].children[0]").column))
    assert "<style" not in first["svg"]

    edited = PIG.replace("id: decide", "id: roll_or_hold").replace("    - id: turn\n", "    # a comment\n"
                                                                               "    - id: turn\n")
    assert edited != PIG and "roll_or_hold" in edited
    change(client, edited, 2)
    second = await diagram(client)
    assert second["version"] == 2 and second["problem"] is None
    titles = {"".join(t.itertext()) for t in ET.fromstring(second["svg"]).iter(NS + "text")}
    assert "roll_or_hold" in titles and "decide" not in titles
    assert (EXAMPLES / "pig.yaml").read_text(encoding="utf-8") == PIG  # drawn from the buffer, not the disk
    moved = {s["id"]: s["line"] for s in second["stations"]}
    before = {s["id"]: s["line"] for s in first["stations"]}
    assert moved["flow.children[1].children[0]"] == before["flow.children[1].children[0]"] + 1


async def test_a_buffer_that_cannot_be_read_answers_a_problem(client: LanguageClient):
    await open_and_wait(client, PIG, URI)
    change(client, "flow: [\n", 2)
    answer = await diagram(client)
    assert answer == {"version": 2, "svg": None, "stations": [],
                      "problem": "the model cannot be read: this [ is never closed: the text ends before its ]"}
    change(client, PIG, 3)
    assert (await diagram(client))["problem"] is None


async def test_other_yaml_is_not_a_model(client: LanguageClient):
    other = (EXAMPLES / "notes.yaml").as_uri()
    await open_and_wait(client, "name: just data\n", other)
    assert await diagram(client, other) == {"version": 1, "svg": None, "stations": [],
                                            "problem": "this document is not a model (no top-level 'flow')"}


async def test_params_without_a_uri_are_refused(client: LanguageClient):
    with pytest.raises(JsonRpcInvalidParams, match="params must be"):
        await diagram(client, "")
