"""How a lint warning is made: a :class:`~tabletwin.checks.Finding` of severity ``warning``
whose ``data`` carries the source and the code (and what a quick fix needs)."""

from __future__ import annotations

import difflib
from functools import lru_cache

from ..checks.findings import Finding
from ..errors import Span
from ..modelfile import format_path
from .codes import CODES, SOURCE

#: How many "did you mean" names a warning offers at most.
MAX_SUGGESTIONS = 3
#: How alike a name must be to be offered (difflib's ratio).
SUGGESTION_CUTOFF = 0.6


def suggestions(name: str, candidates) -> list[str]:
    return list(_close_matches(name, tuple(dict.fromkeys(c for c in candidates if c != name))))


@lru_cache(maxsize=4096)
def _close_matches(name: str, candidates: tuple) -> tuple:
    """difflib's matches, kept: after an edit the same unknown names meet the same names in scope
    (hundreds of them in a large model, each compared with every candidate)."""
    return tuple(difflib.get_close_matches(name, list(candidates), n=MAX_SUGGESTIONS, cutoff=SUGGESTION_CUTOFF))


def with_suggestions(message: str, suggested: list[str]) -> str:
    if not suggested:
        return message
    return message + " (did you mean " + " or ".join(f"'{s}'" for s in suggested) + "?)"


def lint(code: str, message: str, span: Span | None, path: tuple, **data) -> Finding:
    assert code in CODES, code
    return Finding(message, span, "warning", format_path(path), {"source": SOURCE, "code": code, **data})


def is_lint(finding: Finding) -> bool:
    return isinstance(finding.data, dict) and finding.data.get("source") == SOURCE


def code_of(finding: Finding) -> str | None:
    return finding.data.get("code") if is_lint(finding) else None
