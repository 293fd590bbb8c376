"""Document links: what a file names that can be opened.

In a tactic, ``extends`` (a base tactic, relative to the tactic's file) and ``game`` (the model
file found for it, :func:`.places.find_model`). In any model or tactic, the target of a
``# yaml-language-server: $schema=...`` comment: a web address as written, a relative path from
the file's folder. Paths are linked only when the file exists, so a link never opens nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import Span
from .text import scalar_start

_SCHEMA = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")
#: Lines at the top of a file searched for the ``$schema`` comment (editors read only the head).
SCHEMA_LINES = 10


@dataclass(frozen=True)
class Link:
    """``target`` is a file path or a web address (``https:``...)."""

    span: Span
    target: str
    tooltip: str


def document_links(snap) -> list[Link]:
    links = _schema_links(snap)
    loaded = snap.loaded
    if snap.kind == "tactic" and loaded is not None and isinstance(loaded.data, dict):
        data = loaded.data
        extends = data.get("extends")
        if isinstance(extends, str) and snap.path:
            target = (Path(snap.path).parent / extends).resolve()
            span = _value_span(snap, ("extends",), extends)
            if span is not None and target.is_file():
                links.append(Link(span, str(target), "Open the base tactic"))
        game = data.get("game")
        if isinstance(game, str):
            model = snap.model()
            span = _value_span(snap, ("game",), game)
            if model is not None and span is not None:
                links.append(Link(span, model.path, f"Open the model of game '{game}'"))
    return sorted(links, key=lambda link: (link.span.line, link.span.column))


def _value_span(snap, path: tuple, value: str) -> Span | None:
    span = snap.loaded.positions.value_span(path)
    start = scalar_start(snap.lines, span, value)
    if start is None:
        return span
    return Span(span.line, start, span.line, start + len(value))


def _schema_links(snap) -> list[Link]:
    found = []
    for number, line in enumerate(snap.lines[:SCHEMA_LINES]):
        match = _SCHEMA.search(line)
        if match is None:
            continue
        target = match.group(1)
        span = Span(number, match.start(1), number, match.end(1))
        if re.match(r"[a-z][a-z0-9+.\-]*://", target):
            found.append(Link(span, target, "Open the schema"))
        elif snap.path:
            path = (Path(snap.path).parent / target).resolve()
            if path.is_file():
                found.append(Link(span, str(path), "Open the schema"))
    return found
