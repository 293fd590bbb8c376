"""The validator: errors, warnings, executability, gaps, markers, the flow tree and test games."""

from .validator import Report, validate

__all__ = ["Report", "validate"]
