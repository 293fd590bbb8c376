"""Hover of a comprehension's variable: what it goes through.

In ``[c for c in hand[actor] if c['cost'] <= 3]`` the name ``c`` is neither a model name nor a
local name of the place: it is each element of ``hand[actor]`` in turn. The expression is read
with Python's parser (the language's syntax is Python's), so nested comprehensions and tuple
targets (``for k, v in d.items()``) are found too.
"""

from __future__ import annotations

import ast
import re

_QUOTED_START = re.compile(r"(?:^|[\s{,\[])[\w-]+\s*:\s*([\"'])")


def comprehension_markdown(expression: str, name: str) -> str | None:
    """What ``name`` is in ``expression`` if a comprehension of it binds that name, else ``None``."""
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    source = expression.strip()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        for generator in node.generators:
            whole = isinstance(generator.target, ast.Name) and generator.target.id == name
            if not whole and not _binds(generator.target, name):
                continue
            over = ast.get_source_segment(source, generator.iter) or "..."
            kept = [ast.get_source_segment(source, condition) or "..." for condition in generator.ifs]
            what = "each element" if whole else "a part of each element"
            text = f"`{name}`: {what} of `{over}`"
            if kept:
                text += " for which " + " and ".join(f"`{condition}`" for condition in kept)
            return f"**`{name}`** · comprehension variable\n\n{text}"
    return None


def _binds(target: ast.AST, name: str) -> bool:
    return any(isinstance(node, ast.Name) and node.id == name for node in ast.walk(target))


def scalar_around(line: str, column: int) -> str | None:
    """The quoted scalar of ``key: "..."`` on ``line`` that holds ``column``, unquoted; ``None`` if the
    cursor is not inside one written on this line."""
    found = None
    for match in _QUOTED_START.finditer(line):
        if match.end() <= column + 1:
            found = match
    if found is None:
        return None
    quote, start = found.group(1), found.end()
    index = start
    while index < len(line):
        if line[index] == "\\" and quote == '"':
            index += 2
            continue
        if line[index] == quote:
            if quote == "'" and line[index + 1:index + 2] == "'":
                index += 2
                continue
            break
        index += 1
    if not start <= column <= index:
        return None
    text = line[start:index]
    return text.replace("''", "'") if quote == "'" else text.replace('\\"', '"')
