"""Texts with a cursor marked by ``‸``, and the fixture files beside the tests."""

from __future__ import annotations

from pathlib import Path

from tabletwin.editor import Snapshot

DATA = Path(__file__).parent / "data"
MARK = "‸"


def arena() -> str:
    return (DATA / "arena.yaml").read_text(encoding="utf-8")


def marked(text: str) -> tuple[str, int, int]:
    """``text`` without the mark, and the mark's line and code-point column."""
    index = text.index(MARK)
    clean = text[:index] + text[index + 1:]
    before = clean[:index]
    return clean, before.count("\n"), index - (before.rfind("\n") + 1)


def at(text: str, path: str | None = None) -> tuple[Snapshot, int, int]:
    clean, line, column = marked(text)
    return Snapshot(clean, 1, path), line, column


def edit(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` (which must occur once) replaced by ``new``."""
    assert text.count(old) == 1, old
    return text.replace(old, new)
