"""Workspace symbols: the declared names of every model and tactic file, matched by a query.

A name matches when the query's characters appear in it in order, ignoring case (``pch`` finds
``punch``), as editors' symbol pickers expect. Models give their actions, flows, steps and other
flow nodes, state, constants, functions, boards, windows, triggers, end conditions, outcome
models, agents and content items; tactics their ``let`` names.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Span

#: Most symbols answered per query (a short query matches much of a large workspace).
MAX_SYMBOLS = 500
KINDS = ("action", "flow", "node", "zone", "var", "derived", "constant", "function", "board", "window", "trigger",
         "end", "outcome", "agent", "code", "content", "let")


@dataclass(frozen=True)
class WorkspaceSymbol:
    name: str
    kind: str
    path: str
    span: Span
    container: str  # the game or tactic the name belongs to


def workspace_symbols(snaps, query: str, limit: int = MAX_SYMBOLS) -> list[WorkspaceSymbol]:
    """Matches of ``query`` among the declarations of ``snaps`` (snapshots with paths), by file."""
    wanted = query.lower()
    found: list[WorkspaceSymbol] = []
    for snap in snaps:
        index = snap.index
        if index is None or not snap.path:
            continue
        data = snap.loaded.data
        container = str(data.get("tactic" if snap.kind == "tactic" else "game", "") or "")
        for (kind, name), sites in index.decls.items():
            if kind not in KINDS or not sites or not _matches(wanted, name.lower()):
                continue
            found.append(WorkspaceSymbol(name, kind, snap.path, sites[0].span, container))
            if len(found) >= limit:
                return found
    return found


def _matches(query: str, name: str) -> bool:
    position = 0
    for char in query:
        position = name.find(char, position) + 1
        if position == 0:
            return False
    return True
