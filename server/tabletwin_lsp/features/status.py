"""``tabletwin/documentStatus``: what an editor's status bar shows for a document.

A request of our own (params ``{"uri": ...}``), answered from the analysis of the document's
current text (made now if the cache holds an older one):

============  =====================================================================================
field         meaning
============  =====================================================================================
``kind``      ``model``, ``tactic`` or ``other``
``readable``  the YAML loads and is a model (always ``false`` for other kinds)
``errors``    number of error diagnostics of the analysis (validator errors, YAML errors)
``warnings``  number of warnings
``executable`` the validator's executable fraction (0 to 1), ``null`` unless a readable model
``players``   ``num_players`` of the model (``null`` unless a readable model)
``testGames`` the summary of the last test games played for the document (with the ``version`` of
              the text they played), or ``null``
============  =====================================================================================

Editors ask again when the document's diagnostics change; the answer is cheap once the
analysis is cached.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from tabletwin.model.model import num_players_of

from ..analysis import MODEL
from ..server import server
from .diagnostics import current_analysis, last_test_games

DOCUMENT_STATUS = "tabletwin/documentStatus"


def _uri(params) -> str:
    # pygls hands over the params of a request it has no type for as a namedtuple.
    uri = params.get("uri") if isinstance(params, dict) else getattr(params, "uri", None)
    if not isinstance(uri, str) or not uri:
        raise JsonRpcInvalidParams(f"{DOCUMENT_STATUS}: params must be {{\"uri\": <document URI>}}")
    return uri


def _players(analysis) -> int | None:
    data = analysis.loaded.data if analysis.loaded is not None else None
    return num_players_of(data) if isinstance(data, dict) else None


@server.feature(DOCUMENT_STATUS)
async def document_status(ls: LanguageServer, params) -> dict:
    uri = _uri(params)
    try:
        analysis = await current_analysis(ls, uri)
    except OSError as exc:
        raise JsonRpcInvalidParams(f"{DOCUMENT_STATUS}: cannot read {uri}: {exc.strerror or exc}") from None
    severities = [d.severity for d in analysis.diagnostics]
    report = analysis.report if analysis.kind == MODEL else None
    readable = bool(report is not None and report.readable)
    figures = report.figures if readable else None
    return {
        "kind": analysis.kind,
        "readable": readable,
        "errors": severities.count(types.DiagnosticSeverity.Error),
        "warnings": severities.count(types.DiagnosticSeverity.Warning),
        "executable": round(figures.executable, 6) if figures is not None else None,
        "players": _players(analysis) if readable else None,
        "testGames": last_test_games(uri),
    }
