"""What expressions mention: names they read, quoted words, the stats they ask ``modified()`` for."""

from __future__ import annotations

import ast
from functools import lru_cache

from ..checks import expression_fields
from ..expr import ExprSyntaxError, expression_text
from ..expr.checker import parse


@lru_cache(maxsize=4096)
def _tree(text: str):
    try:
        parsed = parse(text)
    except ExprSyntaxError:
        return None
    return parsed


def names_in(value) -> set[str]:
    """Free and bound names an expression uses (enough to know what it may read)."""
    parsed = _tree(expression_text(value))
    if parsed is None:
        return set()
    return {node.id for node in ast.walk(parsed.tree) if isinstance(node, ast.Name)}


def texts_in(value) -> set[str]:
    """The text literals of an expression, decoded."""
    parsed = _tree(expression_text(value))
    if parsed is None:
        return set()
    return {lit.value for lit in parsed.scanned.literals}


def modified_stats(value) -> set[str]:
    """Stats read with ``modified('stat', ...)`` (a literal first argument)."""
    parsed = _tree(expression_text(value))
    if parsed is None:
        return set()
    stats = set()
    for node in ast.walk(parsed.tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "modified" \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            stats.add(parsed.text_value(node.args[0]))
    return stats


class ExpressionIndex:
    """Every expression of a model, and what they mention together."""

    def __init__(self, data: dict):
        self.fields = list(expression_fields(data))
        self.names: set[str] = set()
        self.texts: set[str] = set()
        self.stats: set[str] = set()
        for _path, value in self.fields:
            self.names |= names_in(value)
            self.texts |= texts_in(value)
            self.stats |= modified_stats(value)

    def quotes(self, word: str) -> bool:
        """Whether some expression has ``word`` in a text literal (``'Ranged' in c['keywords']``)."""
        return any(word in text for text in self.texts)
