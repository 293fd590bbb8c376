"""Reading the client's messages from standard input, with bounds, and answering malformed ones.

pygls's own loop (``pygls.io_.run_async``) read any ``Content-Length`` at once (a huge one
killed the server with ``MemoryError``), read header lines without a limit, and dropped
messages it could not parse or type without a word, so a request with an id waited for ever.
Here (JSON-RPC 2.0, section 5.1):

- a body that is not JSON gets a **parse error** (-32700, ``id`` null);
- JSON that is not a request, notification or response (not an object, ``jsonrpc`` not
  ``"2.0"``, an id that is not a number or text, a method that is not text, params that are not
  an object, an array or null) gets an **invalid request** (-32600, with its id when it has a usable one);
- a request whose params do not fit its method's LSP type gets **invalid params** (-32602), a
  request for a method the server does not have **method not found** (-32601), a request
  before ``initialize`` **server not initialized** (-32002, as LSP asks) and a request after
  ``shutdown`` an invalid request; a notification gets no answer, only a line in the log;
- a message longer than :data:`MAX_MESSAGE_BYTES` is read and thrown away in pieces (its id
  cannot be known without reading it whole) and logged, and a header line longer than
  :data:`MAX_HEADER_LINE` is ignored; the server goes on with the next message.

Messages are read on a daemon thread (it may block on standard input while the server exits)
and handed to the event loop through a bounded queue, so a client that sends faster than the
server handles waits instead of filling the memory. The thread reads the file descriptor itself
(:class:`FdReader`), not ``sys.stdin``: the interpreter locks ``sys.stdin``'s buffer when it
exits, and a thread blocked in it made the exit abort ("could not acquire lock").
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import Any, BinaryIO

import cattrs
from lsprotocol import types
from pygls.io_ import StdoutWriter
from pygls.protocol import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage
from pygls.server import JsonRPCServer

from . import collector, inflight
from .protocol import SHUTDOWN_GRACE_SECONDS

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 64 * 2**20
"""Longest message body read. An editor sends a whole document in ``didOpen``: this is well above
the largest document the server checks (:data:`~tabletwin_lsp.documents.MAX_DOCUMENT_CHARS`), so
such a document is still opened and gets its "too large" warning; VS Code itself does not hand
files over 50 MB to extensions."""

MAX_HEADER_LINE = 8192
"""Longest header line read as one; a longer one is read in pieces of this size and ignored."""

QUEUE_MESSAGES = 64
"""Messages read ahead of the event loop before the reading thread waits."""

EXIT_GRACE_SECONDS = SHUTDOWN_GRACE_SECONDS + 1.0
"""On ``exit``, how long the answers still due (``shutdown``'s among them) may take to go out."""

_DISCARD_PIECE = 2**20

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002

_CONTENT_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*(\d+)[ \t]*\r?\n?", re.I)
_LENGTH_DIGITS = 18  # more digits than this is more than any message (and more than int() takes)
_MISSING = object()
_EOF = object()


class FdReader:
    """``readline(limit)`` and ``read(n)`` straight on a file descriptor, with a buffer of our own."""

    PIECE = 2**16

    def __init__(self, fd: int):
        self.fd = fd
        self.buffer = bytearray()
        self.ended = False

    def _fill(self) -> bool:
        if self.ended:
            return False
        data = os.read(self.fd, self.PIECE)
        if not data:
            self.ended = True
            return False
        self.buffer += data
        return True

    def readline(self, limit: int) -> bytes:
        while True:
            end = self.buffer.find(b"\n", 0, limit)
            if end >= 0:
                return self._take(end + 1)
            if len(self.buffer) >= limit or not self._fill():
                return self._take(min(limit, len(self.buffer)))

    def read(self, size: int) -> bytes:
        while len(self.buffer) < size and self._fill():
            pass
        return self._take(min(size, len(self.buffer)))

    def _take(self, size: int) -> bytes:
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data


class _Unparsable:
    def __init__(self, reason: str):
        self.reason = reason


def read_messages(stdin: FdReader, deliver) -> None:
    """On the reading thread: ``deliver`` each body parsed as JSON (or an :class:`_Unparsable`), then ``_EOF``."""
    try:
        while True:
            length = _read_headers(stdin)
            if length is None:
                break
            if length > MAX_MESSAGE_BYTES:
                log.error("a message of %d bytes (more than %d) was thrown away unread", length, MAX_MESSAGE_BYTES)
                if not _discard(stdin, length):
                    break
                continue
            body = stdin.read(length)
            if len(body) < length:
                break
            try:
                deliver(json.loads(body))
            except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
                deliver(_Unparsable(f"{type(exc).__name__}: {exc}"))
    except (OSError, ValueError) as exc:  # standard input closed under us
        log.error("reading standard input failed: %s", exc)
    finally:
        deliver(_EOF)


def _read_headers(stdin: FdReader) -> int | None:
    """The Content-Length of the next message (headers read up to the empty line), or ``None`` at the end."""
    length = None
    while True:
        line = stdin.readline(MAX_HEADER_LINE)
        if not line:
            return None
        if not line.endswith(b"\n"):
            if len(line) >= MAX_HEADER_LINE:
                log.error("a header line longer than %d bytes was ignored", MAX_HEADER_LINE)
            continue
        if not line.strip():
            if length is not None:
                return length
            log.error("a message without Content-Length was ignored")
            continue
        match = _CONTENT_LENGTH.fullmatch(line)
        if match:
            digits = match.group(1)
            length = int(digits) if len(digits) <= _LENGTH_DIGITS else 10 ** _LENGTH_DIGITS


def _discard(stdin: FdReader, length: int) -> bool:
    """Read ``length`` bytes away in pieces; whether they were all there."""
    while length > 0:
        piece = stdin.read(min(length, _DISCARD_PIECE))
        if not piece:
            return False
        length -= len(piece)
    return True


# ---- on the event loop -------------------------------------------------------------------------


def handle(server: JsonRPCServer, raw: Any) -> None:
    """One message read from the client: answered here when malformed, else handed to pygls."""
    protocol = server.protocol
    if isinstance(raw, _Unparsable):
        _answer(protocol, None, PARSE_ERROR, f"parse error: the message is not JSON ({raw.reason})")
        return
    if not isinstance(raw, dict):
        _answer(protocol, None, INVALID_REQUEST, "invalid request: a message must be a JSON object"
                + (" (batches are not supported)" if isinstance(raw, list) else ""))
        return
    msg_id = raw.get("id", _MISSING)
    usable_id = msg_id if isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool) else None
    method = raw.get("method", _MISSING)
    problem = _envelope_problem(raw, msg_id, method)
    if problem is not None:
        if method is _MISSING and msg_id is not _MISSING and ("result" in raw or "error" in raw):
            log.error("a malformed response was ignored: %s", problem)
        elif method is not _MISSING and msg_id is _MISSING:
            log.error("a malformed notification was ignored: %s", problem)
        else:
            _answer(protocol, usable_id, INVALID_REQUEST, f"invalid request: {problem}")
        return
    if method is _MISSING:  # a response to one of our requests
        _hand_over(protocol, raw, msg_id, None)
        return
    is_request = msg_id is not _MISSING
    if protocol._shutdown and method != types.EXIT:
        if is_request:
            _answer(protocol, msg_id, INVALID_REQUEST, f"invalid request: {method} after shutdown")
        return
    if protocol._workspace is None and method not in (types.INITIALIZE, types.EXIT):
        if is_request:
            _answer(protocol, msg_id, SERVER_NOT_INITIALIZED, f"server not initialized: {method} before initialize")
        return
    if not _served(protocol, method):
        if is_request:
            _answer(protocol, msg_id, METHOD_NOT_FOUND, f"method not found: {method}")
        elif not method.startswith("$/"):
            log.warning("a notification of an unknown method was ignored: %s", method)
        return
    _hand_over(protocol, raw, msg_id if is_request else None, method)


def _envelope_problem(raw: dict, msg_id, method) -> str | None:
    if raw.get("jsonrpc") != "2.0":
        return 'the "jsonrpc" member must be "2.0"'
    if msg_id is not _MISSING and (not isinstance(msg_id, (int, str)) or isinstance(msg_id, bool)):
        return "the id must be a number or a string"
    if method is _MISSING:
        if msg_id is _MISSING or ("result" not in raw and "error" not in raw):
            return 'a message needs a "method" (a request or notification) or an id and a result (a response)'
        return None
    if not isinstance(method, str):
        return "the method must be a string"
    if raw.get("params") is not None and not isinstance(raw["params"], (dict, list)):
        return "params must be an object or an array"  # (null is taken for none: some clients send it)
    return None


def _served(protocol, method: str) -> bool:
    return method in protocol.fm.builtin_features or method in protocol.fm.features or method == types.CANCEL_REQUEST


def _hand_over(protocol, raw: dict, msg_id, method: str | None) -> None:
    try:
        message = _structure(protocol, raw)
    except Exception as exc:  # noqa: BLE001 - any failure to type the message is the client's
        detail = _why(exc)
        if msg_id is not None and method is not None:
            _answer(protocol, msg_id, INVALID_PARAMS, f"invalid params for {method}: {detail}")
        else:
            log.error("a message for %s could not be read and was ignored: %s", method or "a response", detail)
        return
    try:
        protocol.handle_message(message)
    except Exception:  # noqa: BLE001 - pygls answers requests itself; this is our last guard
        log.exception("handling %s failed", method or "a response")


def _structure(protocol, raw: dict):
    """The typed message, as pygls's ``structure_message`` makes it (without its traceback in the log)."""
    converter = protocol._converter
    if "method" not in raw:
        if "error" in raw:
            return converter.structure(raw, types.ResponseErrorMessage)
        response_type = protocol._result_types.pop(raw["id"], None) or JsonRPCResponseMessage
        return converter.structure(raw, response_type)
    raw.setdefault("params", None)
    fallback = JsonRPCRequestMessage if "id" in raw else JsonRPCNotification
    return converter.structure(raw, protocol.get_message_type(raw["method"]) or fallback)


def _why(exc: Exception) -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        reasons = cattrs.transform_error(exc)
        return "; ".join(reasons[:3]) + (f" (and {len(reasons) - 3} more)" if len(reasons) > 3 else "")
    return f"{type(exc).__name__}: {exc}"


def _note_request(raw) -> None:
    """On the reading thread: a request (an object with a method and an id that can be answered)
    is noted as waiting for its answer (:mod:`.inflight`)."""
    if isinstance(raw, dict) and isinstance(raw.get("method"), str):
        msg_id = raw.get("id")
        if isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool):
            inflight.read(msg_id)


def _answer(protocol, msg_id, code: int, message: str) -> None:
    log.error("answered %s: %s", msg_id, message)
    inflight.answered(msg_id)
    # A plain object: lsprotocol's ResponseErrorMessage leaves out an id of None, and JSON-RPC
    # requires "id": null when the id could not be read.
    protocol._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}})


class Writer(StdoutWriter):
    """pygls's writer, quiet once the output is closed: after ``exit`` closed it, answers of work
    still under way (a worker thread's, a late diagnostic) went to pygls's error log, each with
    a traceback."""

    def write(self, data: bytes) -> None:
        try:
            super().write(data)
        except ValueError:  # I/O operation on closed file
            if not self._stdout.closed:
                raise
            log.info("not sent (the output is closed): %d bytes", len(data))


# ---- the server's main loop --------------------------------------------------------------------


async def _serve(server: JsonRPCServer, stdin, on_exit: Callable[[], Awaitable[None]] | None,
                 beside: Callable[[], Awaitable[None]] | None) -> None:
    task = asyncio.ensure_future(beside()) if beside is not None else None
    try:
        await _read_and_handle(server, stdin)
    finally:
        if task is not None:
            task.cancel()
        if on_exit is not None:
            await on_exit()


async def _read_and_handle(server: JsonRPCServer, stdin) -> None:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()
    room = threading.Semaphore(QUEUE_MESSAGES)  # messages read but not yet handled

    def deliver(message) -> None:
        collector.note_message()  # on the reading thread: the idle watcher sees it before it is handled
        _note_request(message)
        room.acquire()
        try:
            loop.call_soon_threadsafe(queue.put_nowait, message)
        except RuntimeError:  # the loop is closed: the server is exiting
            pass

    reader = threading.Thread(target=read_messages, args=(stdin, deliver), name="tabletwin-stdin", daemon=True)
    reader.start()
    while not server._stop_event.is_set():
        message = await queue.get()
        room.release()
        if message is _EOF:
            break
        if isinstance(message, dict) and message.get("method") == types.EXIT and hasattr(server.protocol, "settle"):
            # The answers of shutdown and of the requests it cancelled (or let finish) go out first.
            await server.protocol.settle(EXIT_GRACE_SECONDS)
        handle(server, message)
        await asyncio.sleep(0)  # a handler's task takes its first step before the next message


def start_io(server: JsonRPCServer, on_exit: Callable[[], Awaitable[None]] | None = None,
             stdin_fd: int | None = None, stdout: BinaryIO | None = None,
             beside: Callable[[], Awaitable[None]] | None = None) -> None:
    """Serve on standard input and output until the input ends or the client says ``exit``;
    ``on_exit()`` is awaited on the event loop before it closes, and ``beside()`` (the idle
    watcher of :mod:`.collector`) runs on the loop meanwhile and is cancelled at the end."""
    server._stop_event = threading.Event()
    server.protocol.set_writer(Writer(stdout or sys.stdout.buffer))
    status = 0
    try:
        asyncio.run(_serve(server, FdReader(sys.stdin.fileno() if stdin_fd is None else stdin_fd), on_exit, beside))
    except BrokenPipeError:
        log.error("the connection to the client is lost; the server stops")
    except KeyboardInterrupt:
        pass
    except SystemExit as exc:  # pygls's exit handler: 0 after shutdown, else 1
        status = exc.code if isinstance(exc.code, int) else 0
    finally:
        server.shutdown()
    if status:
        sys.exit(status)
