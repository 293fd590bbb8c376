"""The language server object and its entry point. Features register themselves on ``server``
in the modules of :mod:`tabletwin_lsp.features`; the protocol's corrections are in
:mod:`.protocol`, the reading of messages in :mod:`.transport`."""

from __future__ import annotations

import logging
import sys

from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer

from . import __version__
from .protocol import Protocol

server = LanguageServer("tabletwin-lsp", __version__, protocol_cls=Protocol)

#: Seconds a thread may hold the interpreter before another one gets its turn (Python's default
#: is 0.005). pygls reads each message in a few steps on an I/O thread; while a worker thread
#: analyses a large model, each step waited up to the full interval, and completion on a
#: 5,000-line model took 130 ms at the 95th percentile instead of 10 ms. With 0.0005 the I/O
#: steps get the interpreter at once, and the workers lose a few percent of their speed.
SWITCH_INTERVAL = 0.0005


def main() -> None:
    """``tabletwin-lsp``: serve on standard input and output."""
    from . import features  # noqa: F401  (registers every feature)
    from . import analysis, collector, transport, warmup

    _log_to_stderr()
    sys.setswitchinterval(SWITCH_INTERVAL)
    collector.configure()
    warmup.prepare(server.protocol)
    transport.start_io(server, on_exit=analysis.game_process().close, beside=collector.watch_idle)


def _expected(record: logging.LogRecord) -> bool:
    """pygls logs the traceback of every error a handler raises on purpose (a JSON-RPC error for
    the client, such as invalid params); only the message is worth a line. Real failures keep it."""
    if record.exc_info and isinstance(record.exc_info[1], JsonRpcException):
        record.exc_info, record.exc_text = None, None
    return True


def _log_to_stderr() -> None:
    """Warnings and errors on standard error (standard output is the protocol's)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_expected)
    logging.basicConfig(level=logging.WARNING, handlers=[handler])
