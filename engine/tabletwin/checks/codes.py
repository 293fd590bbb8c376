"""The code of every kind of finding, and the docs page that explains it.

Every diagnostic the editor shows carries a code and a link to the section of the docs about it
(``codeDescription``). The lint warnings are explained in ``docs/validating.md``
(:mod:`tabletwin.lint.codes`); every other code in ``docs/errors.md``, one section per code whose
anchor is the code. Links are built from one base: the docs folder of this checkout when the
package runs from its repository, else :data:`SITE_DOCS`.
"""

from __future__ import annotations

from pathlib import Path

#: The docs folder of this checkout (absent when the package is installed on its own).
LOCAL_DOCS = Path(__file__).resolve().parents[3] / "docs"
#: The published docs, one page per file of docs/ (``errors.md`` is ``errors/``).
SITE_DOCS = "https://tabletwin.com/docs/"

YAML = "yaml"
NOT_A_MODEL = "not-a-model"
TOO_LARGE = "too-large"
EXPRESSION_SYNTAX = "expression-syntax"
UNKNOWN_KEY = "unknown-key"
MISSING_KEY = "missing-key"
WRONG_SHAPE = "wrong-shape"
MODEL_ERROR = "model-error"
MODEL_WARNING = "model-warning"
GAP = "gap"
GAME_STOPPED = "game-stopped"
UNUSED_RULE = "unused-rule"
TACTIC_RULE = "tactic-rule"
UNKNOWN_PLACE = "unknown-place"
CHECK_FAILED = "check-failed"

#: code -> what it is about (docs/errors.md has a section for each, anchored by the code).
CODES = {
    YAML: "the text is not readable YAML",
    NOT_A_MODEL: "a YAML file that is not a model (no top-level flow)",
    TOO_LARGE: "a file too large for the editor to check",
    EXPRESSION_SYNTAX: "an expression that cannot be read",
    UNKNOWN_KEY: "a key the schema does not know at that place",
    MISSING_KEY: "a key the schema needs at that place",
    WRONG_SHAPE: "a value of the wrong shape or outside its allowed values",
    MODEL_ERROR: "an error of the model that the validator finds (it must be fixed)",
    MODEL_WARNING: "a warning of the validator (a deliberate choice or a bug)",
    GAP: "something the engine still misses to run a part of the model",
    GAME_STOPPED: "an engine error that stopped test games",
    UNUSED_RULE: "a rule that no game of a run used",
    TACTIC_RULE: "a tactic rule the engine cannot use",
    UNKNOWN_PLACE: "a tactic's place that its model does not have",
    CHECK_FAILED: "tabletwin could not finish checking a file",
}


def page_url(page: str, anchor: str) -> str:
    """The link to section ``anchor`` of docs page ``page`` (``errors``, ``validating``)."""
    local = LOCAL_DOCS / f"{page}.md"
    base = local.as_uri() if local.is_file() else f"{SITE_DOCS}{page}/"
    return f"{base}#{anchor}"


def doc_url(code: str) -> str:
    """The docs link of one of :data:`CODES`."""
    return page_url("errors", code)
