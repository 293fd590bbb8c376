"""Findings about a model's text, each with its place in the file (used by the validator and editors)."""

from .findings import Finding
from .syntax import expression_fields, syntax_findings

__all__ = ["Finding", "expression_fields", "syntax_findings"]
