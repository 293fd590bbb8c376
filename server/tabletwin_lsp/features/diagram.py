"""``tabletwin/diagram``: the flow of the document in the editor as a track diagram.

A request of our own, params ``{"uri": ...}``, answered from the analysis of the document's
current text (the open buffer, unsaved edits included):

============  ====================================================================================
field         meaning
============  ====================================================================================
``version``   the document version the picture was drawn from (``null`` for a file not open)
``svg``       the diagram as an SVG fragment (classes only, no ``<style>``; see
              :mod:`tabletwin.diagram.svg`), each station a ``<g class="tt-station"
              data-station=ID data-line=L data-column=C>``; ``null`` when there is a ``problem``
``stations``  ``[{id, line, column}]``: every station and where it is written (1-based)
``problem``   ``null``, or why no picture can be drawn (the text is not readable YAML, not a
              model); the webview keeps its last good picture then
============  ====================================================================================

The layout runs in a worker thread, so a large model does not hold up typing.
"""

from __future__ import annotations

import asyncio
import logging

from pygls.lsp.server import LanguageServer

from tabletwin.diagram import layout, to_svg

from ..analysis import MODEL, Analysis
from ..server import server
from .requests import analysis_for, uri_param

DIAGRAM = "tabletwin/diagram"

log = logging.getLogger(__name__)


def picture(analysis: Analysis) -> dict:
    """The answer for one analysis (pure: runs in a worker thread)."""
    answer = {"version": analysis.version, "svg": None, "stations": [], "problem": None}
    if analysis.kind != MODEL:
        answer["problem"] = "this document is not a model (no top-level 'flow')"
        return answer
    report = analysis.report
    if analysis.loaded is None or report is None or not report.readable:
        first = analysis.findings[0].message if analysis.findings else "it is empty"
        answer["problem"] = f"the model cannot be read: {first}"
        return answer
    gaps = report.figures.gaps if report.figures is not None else None
    try:
        diagram = layout(analysis.loaded, gaps)
        answer["svg"] = to_svg(diagram, standalone=False)
    except Exception as exc:  # noqa: BLE001 - an engine bug must not take the request down
        log.exception("diagram of %s failed", analysis.uri)
        answer["problem"] = f"the diagram could not be drawn ({type(exc).__name__}: {exc}); " \
                            "the server log has the details"
        return answer
    answer["stations"] = [{"id": s.id, "line": s.line, "column": s.column} for s in diagram.stations]
    return answer


@server.feature(DIAGRAM)
async def diagram(ls: LanguageServer, params) -> dict:
    analysis = await analysis_for(ls, uri_param(params, DIAGRAM), DIAGRAM)
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(ls.thread_pool, picture, analysis)
