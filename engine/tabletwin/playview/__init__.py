"""The Player's engine side: play sessions and the view JSON a viewer may see.

No editor or LSP imports: the language server carries :meth:`PlaySession.view` as it is, and
the terminal player masks its narration with the same rules (:mod:`.sight`).
"""

from .session import AUTO, HUMAN, PlaySession, PlaySessionError
from .sight import BACK, SPECTATOR

__all__ = ["AUTO", "BACK", "HUMAN", "PlaySession", "PlaySessionError", "SPECTATOR"]
