"""What a quick fix is, and the diagnostic it answers: plain data shared by every kind of fix."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Span


@dataclass
class Edit:
    """Replace ``span`` with ``text``: one change of a quick fix, a rename or a completion."""

    span: Span
    text: str


@dataclass
class Diagnostic:
    """A diagnostic the editor sends back with the request (as the server published it)."""

    span: Span
    message: str = ""
    data: dict | None = None


@dataclass
class Fix:
    title: str
    edits: list[Edit]
    diagnostics: list[int] = field(default_factory=list)  # indexes into the request's diagnostics
    preferred: bool = False
    snippet: list[Edit] | None = None  # the same edits as snippets (``$0`` where the cursor lands)
