"""What expressions mention: names they read, quoted words, the stats they ask ``modified()`` for."""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import NamedTuple

from ..checks import expression_fields
from ..expr import ExprSyntaxError, expression_text
from ..expr.checker import parse

_NOTHING = frozenset()


class Mentions(NamedTuple):
    names: frozenset[str]
    texts: frozenset[str]
    stats: frozenset[str]


# A model's expressions hardly change from one edit to the next: what each one mentions is
# worked out once per text, so re-validating after an edit does not walk every tree again.
@lru_cache(maxsize=8192)
def mentions(text: str) -> Mentions:
    """What the expression ``text`` mentions (nothing when it does not parse)."""
    try:
        parsed = parse(text)
    except ExprSyntaxError:
        return Mentions(_NOTHING, _NOTHING, _NOTHING)
    names, stats = set(), set()
    for node in ast.walk(parsed.tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "modified" \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            stats.add(parsed.text_value(node.args[0]))
    return Mentions(frozenset(names), frozenset(lit.value for lit in parsed.scanned.literals), frozenset(stats))


def names_in(value) -> set[str]:
    """Free and bound names an expression uses (enough to know what it may read)."""
    return set(mentions(expression_text(value)).names)


def texts_in(value) -> set[str]:
    """The text literals of an expression, decoded."""
    return set(mentions(expression_text(value)).texts)


def modified_stats(value) -> set[str]:
    """Stats read with ``modified('stat', ...)`` (a literal first argument)."""
    return set(mentions(expression_text(value)).stats)


class ExpressionIndex:
    """Every expression of a model, and what they mention together.

    ``fields`` are the model's ``(path, expression)`` pairs when the caller has them already.
    """

    def __init__(self, data: dict, fields: list | None = None):
        self.fields = list(expression_fields(data)) if fields is None else fields
        self.names: set[str] = set()
        self.texts: set[str] = set()
        self.stats: set[str] = set()
        self._quoted: dict[str, bool] = {}  # every card asks for the same few keywords
        for found in {mentions(expression_text(value)) for _path, value in self.fields}:
            self.names |= found.names
            self.texts |= found.texts
            self.stats |= found.stats

    def quotes(self, word: str) -> bool:
        """Whether some expression has ``word`` in a text literal (``'Ranged' in c['keywords']``)."""
        found = self._quoted.get(word)
        if found is None:
            found = self._quoted[word] = any(word in text for text in self.texts)
        return found
