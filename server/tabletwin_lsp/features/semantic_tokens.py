"""Semantic tokens: each name inside an expression coloured by what it is
(see :mod:`tabletwin.editor.semantic`), for the whole document or a range.

The categories map to standard LSP token types where one fits, so any theme colours them:

| Category | Token type | Modifiers |
|---|---|---|
| variable | ``variable`` | |
| zone | ``property`` | |
| derived value | ``variable`` | ``readonly`` |
| constant | ``enumMember`` | ``readonly`` |
| own function | ``function`` | |
| board function | ``method`` | ``defaultLibrary`` |
| builtin | ``function`` | ``defaultLibrary`` |
| local name | ``parameter`` | |
| reserved name (``actor``, ``players``...) | ``keyword`` | |
| unknown name | ``variable`` | ``unknown`` (ours) |
"""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.workspace.position_codec import ServerTextPosition

from tabletwin.editor.semantic import expression_tokens

from .. import editing
from ..server import server

TOKEN_TYPES = ["variable", "property", "enumMember", "function", "method", "parameter", "keyword"]
TOKEN_MODIFIERS = ["readonly", "defaultLibrary", "unknown"]
LEGEND = types.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=TOKEN_MODIFIERS)
_STYLE = {
    "variable": ("variable", ()), "zone": ("property", ()), "derived": ("variable", ("readonly",)),
    "constant": ("enumMember", ("readonly",)), "function": ("function", ()),
    "board": ("method", ("defaultLibrary",)), "builtin": ("function", ("defaultLibrary",)),
    "local": ("parameter", ()), "reserved": ("keyword", ()), "unknown": ("variable", ("unknown",)),
}
_CODES = {category: (TOKEN_TYPES.index(kind), sum(1 << TOKEN_MODIFIERS.index(m) for m in modifiers))
          for category, (kind, modifiers) in _STYLE.items()}


def _tokens(ls: LanguageServer, uri: str, first_line: int = 0, last_line: int | None = None) -> types.SemanticTokens:
    document, snap = editing.snapshot(ls, uri)
    if snap.kind is None:
        return types.SemanticTokens(data=[])
    index = editing.recent_index(uri, snap) if snap.kind == "model" else None
    every = snap.memo("semantic tokens", lambda: expression_tokens(snap, index))
    codec = document.position_codec
    data: list[int] = []
    previous_line = previous_column = 0
    for token in every:
        if token.line < first_line or (last_line is not None and token.line > last_line):
            continue
        start = codec.position_to_client_units(snap.lines, ServerTextPosition(token.line, token.column))
        end = codec.position_to_client_units(snap.lines, ServerTextPosition(token.line, token.column + token.length))
        kind, modifiers = _CODES[token.category]
        delta_line = start.line - previous_line
        delta_column = start.character - previous_column if delta_line == 0 else start.character
        data += [delta_line, delta_column, end.character - start.character, kind, modifiers]
        previous_line, previous_column = start.line, start.character
    return types.SemanticTokens(data=data)


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
@server.thread()
def semantic_tokens_full(ls: LanguageServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
    return _tokens(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
@server.thread()
def semantic_tokens_range(ls: LanguageServer, params: types.SemanticTokensRangeParams) -> types.SemanticTokens:
    return _tokens(ls, params.text_document.uri, params.range.start.line, params.range.end.line)
