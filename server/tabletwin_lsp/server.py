"""The language server object and its entry point. Features register themselves on ``server``
in the modules of :mod:`tabletwin_lsp.features`; this module holds no logic of its own."""

from __future__ import annotations

from pygls.lsp.server import LanguageServer

from . import __version__

server = LanguageServer("tabletwin-lsp", __version__)


def main() -> None:
    """``tabletwin-lsp``: serve on standard input and output."""
    from . import features  # noqa: F401  (registers every feature)

    server.start_io()
