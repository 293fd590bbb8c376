"""Semantic tokens from the real server: every name of every expression, decoded and checked."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, open_text, server_fixture, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
FOLDER = DATA / "features"
MODEL = (FOLDER / "colours.yaml").read_text(encoding="utf-8")
URI = (FOLDER / "colours.yaml").resolve().as_uri()


def decode(result: types.SemanticTokens, legend: types.SemanticTokensLegend, text: str) -> list[tuple]:
    """``(line, UTF-16 column, written text, token type, modifiers)`` of each token."""
    lines = text.split("\n")
    found, line, column = [], 0, 0
    data = result.data
    for start in range(0, len(data), 5):
        delta_line, delta_column, length, kind, modifiers = data[start:start + 5]
        line += delta_line
        column = column + delta_column if delta_line == 0 else delta_column
        units = lines[line].encode("utf-16-le")
        written = units[2 * column:2 * (column + length)].decode("utf-16-le")
        names = tuple(name for bit, name in enumerate(legend.token_modifiers) if modifiers & (1 << bit))
        found.append((line, column, written, legend.token_types[kind], names))
    return found


EXPECTED = [
    (11, 12, "p", "parameter", ()),  # a function's parameter
    (19, 11, "score", "variable", ()),
    (19, 22, "score", "variable", ()),
    (23, 10, "players", "keyword", ()),  # reserved
    (26, 37, "turn", "variable", ()),  # in a flow mapping
    (29, 12, "len", "function", ("defaultLibrary",)),  # single-quoted scalar
    (29, 16, "hand", "property", ()),
    (29, 21, "actor", "keyword", ()),
    (29, 37, "nope", "variable", ("unknown",)),
    (32, 24, "score", "variable", ()),  # a variable path of an op
    (32, 30, "actor", "keyword", ()),
    (32, 50, "r", "parameter", ()),  # bound by the roll before
    (32, 54, "GOAL", "enumMember", ("readonly",)),
    (34, 13, "score", "variable", ()),  # plain scalar
    (34, 19, "actor", "keyword", ()),
    (36, 10, "max", "function", ("defaultLibrary",)),  # block scalar, first line
    (36, 14, "lead", "variable", ("readonly",)),  # derived value
    (37, 14, "other", "function", ()),  # block scalar, second line
    (37, 20, "actor", "keyword", ()),
    (38, 38, "score", "variable", ()),  # after two emoji: two UTF-16 units each
    (38, 44, "actor", "keyword", ()),
    (38, 64, "cell", "method", ("defaultLibrary",)),  # board function
    (45, 35, "EDGE", "enumMember", ("readonly",)),
    (46, 39, "EDGE", "enumMember", ("readonly",)),
    (48, 21, "any", "function", ("defaultLibrary",)),
    (48, 25, "s", "parameter", ()),  # comprehension variable
    (48, 30, "GOAL", "enumMember", ("readonly",)),
    (48, 44, "score", "variable", ()),
]


async def test_every_name_of_a_model_by_what_it_is(client: LanguageClient):
    legend = client.server_capabilities.semantic_tokens_provider.legend
    open_text(client, URI, MODEL)
    result = await wait(client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=URI))))
    assert decode(result, legend, MODEL) == EXPECTED


async def test_a_range_gives_the_tokens_of_its_lines_only(client: LanguageClient):
    legend = client.server_capabilities.semantic_tokens_provider.legend
    open_text(client, URI, MODEL)
    result = await wait(client.text_document_semantic_tokens_range_async(types.SemanticTokensRangeParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        range=types.Range(types.Position(36, 0), types.Position(37, 30)))))
    assert decode(result, legend, MODEL) == [token for token in EXPECTED if token[0] in (36, 37)]


async def test_tactic_names_come_from_its_model(client: LanguageClient):
    legend = client.server_capabilities.semantic_tokens_provider.legend
    text = (FOLDER / "colours-tactic.yaml").read_text(encoding="utf-8")
    uri = (FOLDER / "colours-tactic.yaml").resolve().as_uri()
    open_text(client, uri, text)
    result = await wait(client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri))))
    assert decode(result, legend, text) == [
        (4, 10, "score", "variable", ()), (4, 16, "me", "keyword", ()), (4, 22, "GOAL", "enumMember", ("readonly",)),
        (6, 27, "ahead", "parameter", ()),  # a let of the tactic
    ]


async def test_the_legend_uses_standard_types(client: LanguageClient):
    legend = client.server_capabilities.semantic_tokens_provider.legend
    assert list(legend.token_types) == ["variable", "property", "enumMember", "function", "method", "parameter", "keyword"]
    assert list(legend.token_modifiers) == ["readonly", "defaultLibrary", "unknown"]


async def test_runs_encoded_one_by_one_equal_the_whole_encoding_after_edits():
    """The server encodes a model's tokens run by run (an entry each), keeping each run's
    encoding; stitched together they are the encoding of all the tokens, in any encoding."""
    from pygls.workspace.position_codec import PositionCodec

    from tabletwin.editor.document import Snapshot
    from tabletwin.editor.semantic import expression_token_groups, expression_tokens
    from tabletwin_lsp.features.semantic_tokens import _encode, _encode_runs

    text = MODEL.replace("\nfunctions:\n", "\n# é😀 notes\nfunctions:\n", 1)
    edits = [text, text.replace("score[actor]", "score[actor] + 1", 1), "# top\n" + text,
             text.replace('x: "1 - p"', 'x: "1  - p"', 1)]
    assert len(set(edits)) == 4 and "🎲" in MODEL
    for encoding in (types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8,
                     types.PositionEncodingKind.Utf32):
        codec = PositionCodec(encoding)
        for version in edits:
            snap = Snapshot(version)
            runs = expression_token_groups(snap, snap.index)
            assert runs is not None and len(runs) > 3
            whole = _encode(codec, snap.lines, expression_tokens(snap, snap.index))
            assert _encode_runs(codec, snap.lines, runs) == whole
            assert _encode_runs(codec, snap.lines, runs) == whole  # from the kept encodings
