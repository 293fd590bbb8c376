"""The language server object and its entry point. Features register themselves on ``server``
in the modules of :mod:`tabletwin_lsp.features`; this module holds no logic of its own."""

from __future__ import annotations

import gc
import sys

from pygls.lsp.server import LanguageServer

from . import __version__

server = LanguageServer("tabletwin-lsp", __version__)

#: Seconds a thread may hold the interpreter before another one gets its turn (Python's default
#: is 0.005). pygls reads each message in a few steps on an I/O thread; while a worker thread
#: analyses a large model, each step waited up to the full interval, and completion on a
#: 5,000-line model took 130 ms at the 95th percentile instead of 10 ms. With 0.0005 the I/O
#: steps get the interpreter at once, and the workers lose a few percent of their speed.
SWITCH_INTERVAL = 0.0005


def main() -> None:
    """``tabletwin-lsp``: serve on standard input and output."""
    from . import features  # noqa: F401  (registers every feature)

    sys.setswitchinterval(SWITCH_INTERVAL)
    # Modules, types and functions live as long as the server; lsprotocol alone brings tens of
    # thousands. Frozen, they are left out of every full garbage collection, which then takes
    # about 3 ms instead of 45 ms (a pause every request waits out while a model is analysed).
    gc.collect()
    gc.freeze()
    server.start_io()
