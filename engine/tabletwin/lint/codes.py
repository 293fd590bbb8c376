"""The lint codes, each with the anchor of its section in docs/validating.md."""

from __future__ import annotations

from ..checks.codes import page_url

SOURCE = "tabletwin-lint"

CODES = {
    "undefined-name": "a name in an expression that nothing in scope at that place defines",
    "undeclared-variable": "a `var` path whose variable is not declared in state.vars",
    "missing-index": "a per-player zone or variable used without the player's index",
    "unknown-label": "a tactic's `pick` label that its places never offer",
    "wrong-arity": "a call of a builtin or own function with the wrong number of arguments",
    "unknown-about": "an open question's `about` path that names nothing in the model",
    "missing-field": "an op without a field it needs to run",
}


#: Codes of the other diagnostics that carry what they are in their ``data``, with their section
#: of validating.md: ``data`` key -> (code, anchor).
OTHER_CODES = {"gap": ("gap", "figures-and-gaps"), "key": ("unknown-key", "what-it-finds")}


def doc_link(code: str, anchor: str | None = None) -> str:
    return page_url("validating", anchor or code)


def other_code(data) -> tuple[str, str] | None:
    """``(code, docs link)`` of a validator diagnostic whose ``data`` says what it is, else ``None``."""
    if not isinstance(data, dict):
        return None
    for key, (code, anchor) in OTHER_CODES.items():
        if key in data:
            return code, doc_link(code, anchor)
    return None
