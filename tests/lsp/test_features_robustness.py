"""The features of issue 17 on text that is broken, odd or hostile: a plain answer, never an error."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import open_text, server_fixture, uri_of, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
WHOLE = types.Range(types.Position(0, 0), types.Position(40, 0))

ODD = """game: odd
constants: [1, 2]
functions: {f: 3}
outcomes:
  coin: {outcomes: [{id: a, p_x: "9 ** 9 ** 9"}, {id: b, p_x: "'a' * 10 ** 9"}, 7, {id: c, p_x: [1]}]}
state: {vars: {v: {init: 0}}}
flow: {id: s, kind: step, do: [x, y], when_x: "f(v, (", actor_x: "v ++ "}
actions: {x: {effect: [{op: add, var: "v[", amount_x: "'unclosed"}]}, y: 3}
"""


async def everything(client: LanguageClient, uri: str, text: str) -> dict:
    open_text(client, uri, text)
    document = types.TextDocumentIdentifier(uri=uri)
    return {
        "tokens": list((await wait(client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(text_document=document)))).data),
        "hints": [(h.position.line, h.label) for h in await wait(client.text_document_inlay_hint_async(
            types.InlayHintParams(text_document=document, range=WHOLE)))],
        "lenses": [lens.command.title for lens in await wait(client.text_document_code_lens_async(
            types.CodeLensParams(text_document=document))) or []],
        "links": list(await wait(client.text_document_document_link_async(
            types.DocumentLinkParams(text_document=document))) or []),
        "signature": await wait(client.text_document_signature_help_async(types.SignatureHelpParams(
            text_document=document, position=types.Position(6, 50)))),  # after `f(v`
    }


async def test_odd_values_give_plain_answers(client: LanguageClient):
    found = await everything(client, uri_of("odd.yaml"), ODD)
    assert found["tokens"] == []  # the only expressions that parse name nothing
    assert found["hints"] == [(6, "step s")]  # no probability: none of the p_x resolves within the limits
    assert found["lenses"] == ["no uses", "1 step", "1 step"]  # f: its only call does not parse
    assert found["links"] == []
    assert found["signature"] is None  # `f` is not a function here (functions: {f: 3} declares nothing callable)


async def test_text_that_does_not_parse(client: LanguageClient):
    found = await everything(client, uri_of("broken.yaml"), "flow: {id: s\nactions: [\n")
    assert found == {"tokens": [], "hints": [], "lenses": [], "links": [], "signature": None}
