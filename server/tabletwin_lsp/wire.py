"""``publishDiagnostics`` written to the client with each diagnostic's JSON made once.

pygls turns a notification into JSON with cattrs (``unstructure``) and ``json.dumps`` on the
event loop; for the 2,254 diagnostics of a 5,000-line model that took about 20 ms each, 45 ms
on a busy machine, after every edit. Most diagnostics of a version are the very objects of the
version before (:mod:`.diagcache` reuses them), so the JSON text of each diagnostic object is kept
(per document, for the objects of its last publications) and the message is those texts joined
inside the envelope pygls would write. The bytes are the same as pygls's (the tests compare them).

The texts of a new analysis's diagnostics, and the whole message that publishes them, are made in
the analysis worker thread (:func:`prepare`), not on the event loop (writing 2,000 of them there
took 80 to 140 ms that a completion or hover arriving meanwhile waited out). Publishing then
only writes the message, unless more diagnostics joined the analysis's (test games' stops).

An edit that adds or removes a line moves every diagnostic below it: those are items of a
:class:`~.diaglist.Diagnostics`, a root diagnostic moved by some lines, and their text is the
root's with the two line numbers of its range written again (the range comes first in pygls's
JSON, and a root whose text does not start as :func:`_range_json` writes it is written whole).

A diagnostic must not be changed once published (the same rule as :mod:`.diagcache`'s): its kept
text would no longer be its own.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from itertools import repeat

from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError

from .diaglist import Diagnostics

log = logging.getLogger(__name__)

_EMPTY = '"diagnostics": []'
_START = '{"range": {"start": {"line": '

KEPT_SLACK = 64
"""A document's kept texts are cut down to those of the diagnostics being written once they are
more than twice as many as those plus this: memory stays proportional to its diagnostics, and
the texts of the diagnostics a version dropped stay for a while (an edit undone brings them back)."""

# uri -> id(diagnostic) -> (it, its JSON, and when it starts as _range_json writes it: its start
# line, the text between its start and end lines, its end line, the text after its end line)
_texts: dict[str, dict[int, tuple]] = {}
_prepared: dict[str, tuple] = {}  # uri -> (diagnostics, version, with headers, the message) made by a worker


def _entry(diagnostic: types.Diagnostic, converter) -> tuple:
    """What is kept of ``diagnostic``: see :data:`_texts`."""
    text = json.dumps(converter.unstructure(diagnostic))
    if not text.startswith(_range_json(diagnostic.range)):
        return (diagnostic, text, None, None, None, None)
    start, end = diagnostic.range.start, diagnostic.range.end
    middle = f', "character": {start.character}}}, "end": {{"line": '
    return (diagnostic, text, start.line, middle, end.line, text[len(f"{_START}{start.line}{middle}{end.line}"):])


def _range_json(where: types.Range) -> str:
    """How the JSON of a diagnostic on ``where`` starts, as pygls writes it."""
    start, end = where.start, where.end
    return (f'{_START}{start.line}, "character": {start.character}}}, '
            f'"end": {{"line": {end.line}, "character": {end.character}}}}}, ')


def _parts(diagnostics):
    """``(roots, shifts)``: the diagnostics each item is made from, and by how many lines it moved."""
    if isinstance(diagnostics, Diagnostics):
        return diagnostics.roots, diagnostics.shifts
    return diagnostics, repeat(0)


def _kept(uri: str) -> dict:
    texts = _texts.get(uri)
    if texts is None:
        texts = _texts[uri] = {}
    return texts


def _cut(uri: str, texts: dict, roots) -> None:
    """Keep only the texts of ``roots`` once there are too many others (:data:`KEPT_SLACK`)."""
    if len(texts) > 2 * len(roots) + KEPT_SLACK:
        # Another thread may be adding to the same document's texts: what it adds to the old
        # dict is made again when needed.
        kept = {}
        for root in roots:
            entry = texts.get(id(root))
            if entry is not None and entry[0] is root:
                kept[id(root)] = entry
        _texts[uri] = kept


def _fragments(uri: str, diagnostics, converter) -> list[str]:
    """The JSON text of each diagnostic: kept, made from its root's kept text, or made now."""
    roots, shifts = _parts(diagnostics)
    texts = _kept(uri)
    out = []
    append = out.append
    for index, (root, shift) in enumerate(zip(roots, shifts)):
        entry = texts.get(id(root))
        if entry is None or entry[0] is not root:
            entry = texts[id(root)] = _entry(root, converter)
        if not shift:
            append(entry[1])
        elif entry[2] is None:
            append(json.dumps(converter.unstructure(diagnostics[index])))
        else:
            append(f"{_START}{entry[2] + shift}{entry[3]}{entry[4] + shift}{entry[5]}")
    _cut(uri, texts, roots)
    return out


def _pieces(protocol, params: types.PublishDiagnosticsParams) -> list[str]:
    """The JSON text of the notification, as ``protocol._send_data`` would write it, in pieces
    that ``", ".join`` makes whole: the text is copied once (each copy of the 900 kB of a large
    model's diagnostics cost about 0.3 ms, in fresh memory)."""
    converter = protocol._converter
    notification_type = protocol.get_message_type(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    envelope = notification_type(method=types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, jsonrpc="2.0",
                                 params=types.PublishDiagnosticsParams(uri=params.uri, version=params.version,
                                                                       diagnostics=[]))
    text = json.dumps(converter.unstructure(envelope))
    # A quote inside a JSON string is escaped, so the key is found only where it is the key.
    at = text.index(_EMPTY)
    head, tail = f'{text[:at]}"diagnostics": [', f"]{text[at + len(_EMPTY):]}"
    pieces = _fragments(params.uri, params.diagnostics, converter)
    if not pieces:
        return [head + tail]
    pieces[0] = head + pieces[0]
    pieces[-1] += tail
    return pieces


def diagnostics_body(protocol, params: types.PublishDiagnosticsParams) -> str:
    """The JSON text of the notification, as ``protocol._send_data`` would write it."""
    return ", ".join(_pieces(protocol, params))


def _message(protocol, params: types.PublishDiagnosticsParams) -> bytes:
    """The bytes ``protocol._send_data`` would write for the notification, headers and all."""
    pieces = _pieces(protocol, params)
    if protocol._include_headers:
        # json.dumps escapes every non-ASCII character, so the length in characters is in bytes.
        length = sum(map(len, pieces)) + 2 * (len(pieces) - 1)
        pieces[0] = (f"Content-Length: {length}\r\n"
                     f"Content-Type: {protocol.CONTENT_TYPE}; charset={protocol.CHARSET}\r\n\r\n{pieces[0]}")
    return ", ".join(pieces).encode(protocol.CHARSET)


def prepare(protocol, params: types.PublishDiagnosticsParams) -> None:
    """Make the message publishing ``params`` would write (any thread: the analysis worker calls
    it, so that publishing the analysis writes it as it is)."""
    _prepared[params.uri] = (params.diagnostics, params.version, protocol._include_headers,
                             _message(protocol, params))


def _made(protocol, params: types.PublishDiagnosticsParams) -> bytes:
    """The message of ``params``: the one :func:`prepare` made for them, else made now."""
    prepared = _prepared.get(params.uri)
    if (prepared is not None and prepared[1] == params.version and prepared[2] == protocol._include_headers
            and _same(prepared[0], params.diagnostics)):
        if _prepared.get(params.uri) is prepared:  # (a worker may have prepared a newer one meanwhile)
            del _prepared[params.uri]
        return prepared[3]
    return _message(protocol, params)


def _same(prepared, diagnostics) -> bool:
    """Whether ``diagnostics`` are the items of ``prepared`` (the same roots, moved alike: the
    analysis's, with the same diagnostics carried over)."""
    if prepared is diagnostics:
        return True
    return (isinstance(prepared, Diagnostics) and isinstance(diagnostics, Diagnostics)
            and prepared.shifts == diagnostics.shifts and prepared.roots == diagnostics.roots)


def publish_diagnostics(ls, params: types.PublishDiagnosticsParams) -> None:
    """``ls.text_document_publish_diagnostics(params)``, with the diagnostics' JSON kept between versions."""
    protocol = ls.protocol
    writer = protocol.writer
    if writer is None:
        ls.text_document_publish_diagnostics(_plain(params))  # pygls logs that it cannot send
        return
    try:
        data = _made(protocol, params)
    except Exception:  # noqa: BLE001 - pygls's own way still works (and reports what fails)
        log.exception("publishDiagnostics without the kept JSON")
        _texts.pop(params.uri, None)
        ls.text_document_publish_diagnostics(_plain(params))
        return
    try:
        written = writer.write(data)
        if inspect.isawaitable(written):  # a websocket's writer
            asyncio.ensure_future(written)
    except BrokenPipeError:  # as pygls: the connection is gone, the server stops
        log.exception("publishDiagnostics not sent: the connection is lost")
        raise
    except Exception as error:  # noqa: BLE001 - as pygls: reported, the server goes on
        log.exception("publishDiagnostics not sent")
        ls._report_server_error(error, JsonRpcInternalError)


def _plain(params: types.PublishDiagnosticsParams) -> types.PublishDiagnosticsParams:
    """``params`` with its diagnostics in a list, as pygls's converter writes them."""
    if params.diagnostics.__class__ is list:
        return params
    return types.PublishDiagnosticsParams(uri=params.uri, version=params.version, diagnostics=list(params.diagnostics))


def forget_document(uri: str) -> None:
    """Drop the JSON kept for ``uri`` (the document was closed)."""
    _texts.pop(uri, None)
    _prepared.pop(uri, None)
