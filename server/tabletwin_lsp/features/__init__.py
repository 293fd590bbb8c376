"""Every LSP feature, one module each; importing this package registers them on the server."""

from . import diagnostics  # noqa: F401
