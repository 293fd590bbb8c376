"""``publishDiagnostics`` written to the client with each diagnostic's JSON made once.

pygls turns a notification into JSON with cattrs (``unstructure``) and ``json.dumps`` on the
event loop; for the 2,254 diagnostics of a 5,000-line model that took about 20 ms each, 45 ms
on a busy machine, after every edit. Most diagnostics of a version are the very objects of the
version before (:mod:`.diagcache` reuses them), so the JSON text of each diagnostic object is kept
(per document, for the objects of its last publication) and the message is those texts joined
inside the envelope pygls would write. The bytes are the same as pygls's (the tests compare them).

The texts of a new analysis's diagnostics are made in the analysis worker thread
(:func:`prepare`), not on the event loop: an edit that adds or removes a line moves every
diagnostic below it (new objects, new texts), and writing them on the loop took 80 to 140 ms
that a completion or hover arriving meanwhile waited out. Publishing then only joins texts. A
diagnostic only moved by such an edit has its last text with the range written again
(:func:`.diagcache.moved_json`).

A diagnostic must not be changed once published (the same rule as :mod:`.diagcache`'s): its kept
text would no longer be its own.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging

from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError

from .diagcache import moved_json

log = logging.getLogger(__name__)

_EMPTY = '"diagnostics": []'

_kept: dict[str, dict[int, tuple[types.Diagnostic, str]]] = {}  # uri -> id(diagnostic) -> (it, its JSON)
_prepared: dict[str, dict[int, tuple[types.Diagnostic, str]]] = {}  # made by workers, not yet published


def prepare(uri: str, diagnostics, converter) -> None:
    """Make the JSON text of the ``diagnostics`` about to be published for ``uri`` (any thread;
    the analysis worker calls it), reusing those of the last publication."""
    old = _kept.get(uri, {})
    made: dict[int, tuple[types.Diagnostic, str]] = {}
    for diagnostic in diagnostics:
        key = id(diagnostic)
        entry = old.get(key)
        if entry is None or entry[0] is not diagnostic:
            entry = (diagnostic, moved_json(uri, diagnostic, old, converter)
                     or json.dumps(converter.unstructure(diagnostic)))
        made[key] = entry
    _prepared[uri] = made  # (those of another analysis of the same document, if any, are made again when published)


def _fragments(uri: str, diagnostics, converter) -> list[str]:
    """The JSON text of each diagnostic, from :func:`prepare` or ``uri``'s last publication, else made now."""
    old = _kept.get(uri, {})
    ready = _prepared.pop(uri, {})
    new: dict[int, tuple[types.Diagnostic, str]] = {}
    out = []
    for diagnostic in diagnostics:
        key = id(diagnostic)
        entry = new.get(key) or ready.get(key) or old.get(key)
        if entry is None or entry[0] is not diagnostic:
            entry = (diagnostic, moved_json(uri, diagnostic, old, converter)
                     or json.dumps(converter.unstructure(diagnostic)))
        new[key] = entry
        out.append(entry[1])
    _kept[uri] = new
    return out


def diagnostics_body(protocol, params: types.PublishDiagnosticsParams) -> str:
    """The JSON text of the notification, as ``protocol._send_data`` would write it."""
    converter = protocol._converter
    notification_type = protocol.get_message_type(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    envelope = notification_type(method=types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, jsonrpc="2.0",
                                 params=types.PublishDiagnosticsParams(uri=params.uri, version=params.version,
                                                                       diagnostics=[]))
    text = json.dumps(converter.unstructure(envelope))
    # A quote inside a JSON string is escaped, so the key is found only where it is the key.
    at = text.index(_EMPTY)
    joined = ", ".join(_fragments(params.uri, params.diagnostics, converter))
    return f'{text[:at]}"diagnostics": [{joined}]{text[at + len(_EMPTY):]}'


def publish_diagnostics(ls, params: types.PublishDiagnosticsParams) -> None:
    """``ls.text_document_publish_diagnostics(params)``, with the diagnostics' JSON kept between versions."""
    protocol = ls.protocol
    writer = protocol.writer
    if writer is None:
        ls.text_document_publish_diagnostics(params)  # pygls logs that it cannot send
        return
    try:
        body = diagnostics_body(protocol, params)
    except Exception:  # noqa: BLE001 - pygls's own way still works (and reports what fails)
        log.exception("publishDiagnostics without the kept JSON")
        _kept.pop(params.uri, None)
        ls.text_document_publish_diagnostics(params)
        return
    if protocol._include_headers:
        # json.dumps escapes every non-ASCII character, so the length in characters is in bytes.
        body = (f"Content-Length: {len(body)}\r\n"
                f"Content-Type: {protocol.CONTENT_TYPE}; charset={protocol.CHARSET}\r\n\r\n{body}")
    try:
        written = writer.write(body.encode(protocol.CHARSET))
        if inspect.isawaitable(written):  # a websocket's writer
            asyncio.ensure_future(written)
    except BrokenPipeError:  # as pygls: the connection is gone, the server stops
        log.exception("publishDiagnostics not sent: the connection is lost")
        raise
    except Exception as error:  # noqa: BLE001 - as pygls: reported, the server goes on
        log.exception("publishDiagnostics not sent")
        ls._report_server_error(error, JsonRpcInternalError)


def forget_document(uri: str) -> None:
    """Drop the JSON kept for ``uri`` (the document was closed)."""
    _kept.pop(uri, None)
    _prepared.pop(uri, None)
