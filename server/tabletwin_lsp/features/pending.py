"""An expression just added by a quick fix is not an error while its author is writing it.

"Add pre_x" inserts ``pre_x: ""`` with the cursor between the quotes (a snippet edit); the
validator rightly calls an empty expression an error, but showing it while the author is about to
type is noise. When the server offers such a fix it remembers the edit (:func:`offer`); when the
editor then sends exactly that change, the "empty expression" error on the new line is held back
while every later edit stays on that line. The first edit anywhere else (the cursor has left), or
a whole-document change (nothing tells where), ends it: the next analysis published shows it.
"""

from __future__ import annotations

from lsprotocol import types

from . import diagnostics

EMPTY = 'syntax error in expression "": empty expression'

_offers: dict[str, list[tuple[types.Range, str, int]]] = {}  # uri -> (range, inserted text, its line)
_pending: dict[str, int] = {}  # uri -> the line of the expression being written


def offer(uri: str, where: types.Range, text: str, line: int) -> None:
    """A snippet fix was offered: inserting ``text`` at ``where`` leaves an empty expression on ``line``."""
    _offers.setdefault(uri, []).append((where, text, line))


def hiding(uri: str):
    """What holds back a diagnostic of ``uri`` now: ``None`` while no expression is being written
    there (the usual case: the diagnostics are published without reading each one)."""
    line = _pending.get(uri)
    if line is None:
        return None
    return lambda diagnostic: diagnostic.range.start.line == line and diagnostic.message.startswith(EMPTY)


def changed(uri: str, params: types.DidChangeTextDocumentParams) -> None:
    offers = _offers.pop(uri, [])
    changes = params.content_changes
    if len(changes) == 1 and getattr(changes[0], "range", None) is not None:
        for where, text, line in offers:
            if changes[0].range == where and changes[0].text == text:
                _pending[uri] = line  # the fix was applied: the cursor is in its expression
                return
    line = _pending.get(uri)
    if line is None:
        return
    for change in changes:
        where = getattr(change, "range", None)
        if where is None or where.start.line != line or where.end.line != line or "\n" in change.text:
            _pending.pop(uri, None)
            return


def closed(uri: str) -> None:
    _pending.pop(uri, None)
    _offers.pop(uri, None)


diagnostics.publish_filters.append(hiding)
diagnostics.change_listeners.append(changed)
diagnostics.close_listeners.append(closed)
