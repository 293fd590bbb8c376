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

import threading

from tabletwin.editor.semantic import expression_token_groups, expression_tokens

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


def _encode(codec, lines: list[str], tokens) -> list[int]:
    """The LSP encoding: five integers per token, positions relative to the previous token, in
    the client's units (a line of plain ASCII needs no conversion)."""
    data: list[int] = []
    previous_line = previous_column = 0
    ascii_lines: dict[int, bool] = {}
    for token in tokens:
        text = lines[token.line]
        plain = ascii_lines.get(token.line)
        if plain is None:
            plain = ascii_lines[token.line] = text.isascii()
        if plain:
            column, length = token.column, token.length
        else:
            column = codec.client_num_units(text[:token.column])
            length = codec.client_num_units(text[token.column:token.column + token.length])
        kind, modifiers = _CODES[token.category]
        delta_line = token.line - previous_line
        data += [delta_line, column - previous_column if delta_line == 0 else column, length, kind, modifiers]
        previous_line, previous_column = token.line, column
    return data


def _tokens(ls: LanguageServer, uri: str, first_line: int = 0, last_line: int | None = None) -> list:
    document, snap = editing.snapshot(ls, uri)
    if snap.kind is None:
        return snap, document, []
    index = editing.recent_index(uri, snap) if snap.kind == "model" else None
    if last_line is not None and not snap.memoized(("semantic tokens",)):
        return snap, document, expression_tokens(snap, index, first_line, last_line)  # only the range
    every = snap.memo(("semantic tokens",), lambda: expression_tokens(snap, index))
    if last_line is None:
        return snap, document, every
    return snap, document, [token for token in every if first_line <= token.line <= last_line]


#: Runs of tokens whose encoding is kept (an entry each, for a few versions of a few models).
KEPT_RUNS = 5000
_runs_lock = threading.Lock()
_runs: dict = {}  # (id(run), encoding) -> (run, its encoding from the run's first token on)


def _encode_runs(codec, lines: list[str], runs: list) -> list[int]:
    """:func:`_encode` of the runs one after the other, each run's encoding kept: after an edit
    only the edited entry's run is new, and of the others only the first token is placed again
    (relative to the run before it)."""
    data: list[int] = []
    previous_line = previous_column = 0
    for run in runs:
        key = (id(run), codec.encoding)
        with _runs_lock:
            kept = _runs.get(key)
        if kept is None or kept[0] is not run:
            last = run[-1]
            kept = (run, _encode(codec, lines, run), _client_column(codec, lines[last.line], last.column))
            with _runs_lock:
                if len(_runs) >= KEPT_RUNS:
                    _runs.clear()
                _runs[key] = kept
        _run, encoded, last_column = kept
        # Encoded from (0, 0): the first token's line and column are its own.
        delta_line = encoded[0] - previous_line
        data += [delta_line, encoded[1] - previous_column if delta_line == 0 else encoded[1]]
        data += encoded[2:]
        previous_line, previous_column = run[-1].line, last_column
    return data


def _client_column(codec, text: str, column: int) -> int:
    return column if text.isascii() else codec.client_num_units(text[:column])


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
@server.thread()
def semantic_tokens_full(ls: LanguageServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
    uri = params.text_document.uri
    document, snap = editing.snapshot(ls, uri)
    codec = document.position_codec
    if snap.kind == "model" and not snap.memoized(("semantic tokens",)):
        runs = snap.memo(("semantic token runs",),
                         lambda: expression_token_groups(snap, editing.recent_index(uri, snap)))
        if runs is not None:
            return types.SemanticTokens(data=snap.memo(("semantic tokens", "runs encoded", codec.encoding),
                                                       lambda: _encode_runs(codec, snap.lines, runs)))
    snap, document, tokens = _tokens(ls, uri)
    if not tokens:
        return types.SemanticTokens(data=[])
    data = snap.memo(("semantic tokens", "encoded", codec.encoding), lambda: _encode(codec, snap.lines, tokens))
    return types.SemanticTokens(data=data)


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, LEGEND)
@server.thread()
def semantic_tokens_range(ls: LanguageServer, params: types.SemanticTokensRangeParams) -> types.SemanticTokens:
    snap, document, tokens = _tokens(ls, params.text_document.uri, params.range.start.line, params.range.end.line)
    return types.SemanticTokens(data=_encode(document.position_codec, snap.lines, tokens))
