"""What every request of our own does first: read the document's URI from its params, and get the
analysis of the document's current text, refusing with invalid params what cannot be read."""

from __future__ import annotations

from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from ..analysis import Analysis
from .diagnostics import current_analysis


def uri_param(params, request: str) -> str:
    """The ``uri`` of params ``{"uri": ...}``."""
    # pygls hands over the params of a request it has no type for as a namedtuple.
    uri = params.get("uri") if isinstance(params, dict) else getattr(params, "uri", None)
    if not isinstance(uri, str) or not uri:
        raise JsonRpcInvalidParams(f"{request}: params must be {{\"uri\": <document URI>}}")
    return uri


async def analysis_for(ls: LanguageServer, uri: str, request: str) -> Analysis:
    """The analysis of the document's current text (its buffer, or the file when not open)."""
    try:
        return await current_analysis(ls, uri)
    except OSError as exc:
        raise JsonRpcInvalidParams(f"{request}: cannot read {uri}: {exc.strerror or exc}") from None
