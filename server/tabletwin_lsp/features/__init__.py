"""Every LSP feature, one module each; importing this package registers them on the server."""

from . import diagnostics  # noqa: F401
from . import commands  # noqa: F401
from . import completion  # noqa: F401
from . import hover  # noqa: F401
from . import navigation  # noqa: F401
from . import code_actions  # noqa: F401
from . import pending  # noqa: F401
from . import status  # noqa: F401
from . import player  # noqa: F401
from . import diagram  # noqa: F401
from . import semantic_tokens  # noqa: F401
from . import signature_help  # noqa: F401
from . import document_links  # noqa: F401
from . import inlay_hints  # noqa: F401
from . import code_lens  # noqa: F401
from . import workspace_symbols  # noqa: F401
from . import report  # noqa: F401
from . import workspace_diagnostics  # noqa: F401
