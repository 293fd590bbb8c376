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
``draft``     a model being written: empty, or without ``flow`` yet (then ``readable`` is ``false``)
============  =====================================================================================

Editors ask again when the document's diagnostics change; the answer is cheap once the
analysis is cached.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from tabletwin.model.model import num_players_of

from ..analysis import MODEL, in_progress
from ..diaglist import Diagnostics
from ..server import server
from .diagnostics import last_test_games
from .requests import analysis_for, uri_param

DOCUMENT_STATUS = "tabletwin/documentStatus"


def _players(analysis) -> int | None:
    data = analysis.loaded.data if analysis.loaded is not None else None
    return num_players_of(data) if isinstance(data, dict) else None


@server.feature(DOCUMENT_STATUS)
async def document_status(ls: LanguageServer, params) -> dict:
    uri = uri_param(params, DOCUMENT_STATUS)
    analysis = await analysis_for(ls, uri, DOCUMENT_STATUS)
    severities = Diagnostics.of(analysis.diagnostics).severities()
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
        # A model being written (no flow yet): the editor says so instead of "does not load".
        "draft": analysis.kind == MODEL and analysis.loaded is not None and in_progress(analysis.loaded.data),
    }
