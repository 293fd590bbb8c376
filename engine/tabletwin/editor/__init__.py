"""Editor intelligence for model and tactic files, in plain Python (no LSP types).

The language server calls these functions and converts their answers; tests call them directly.
Positions are 0-based lines and code-point columns (:class:`~tabletwin.errors.Span`).

>>> from tabletwin.editor import Snapshot, completions
>>> text = "flow: {id: t, kind: step, do: roll}\\nactions:\\n  roll: {effect: [{op: a}]}\\nend: []\\n"
>>> [item.label for item in completions(Snapshot(text), 2, 27)]
['add']

- :func:`completions`: candidates at the cursor (:mod:`.completion`);
- :func:`hover_at`: Markdown about the key, value or name at the cursor (:mod:`.hover`);
- :func:`definition`, :func:`references`, :func:`rename`, :func:`document_symbols`
  (:mod:`.navigation`);
- :func:`code_actions`: quick fixes (:mod:`.fixes`);
- semantic tokens (:mod:`.semantic`), inlay hints (:mod:`.inlays`), signature help
  (:mod:`.signature`), document links (:mod:`.links`), code lenses (:mod:`.lenses`) and
  workspace symbols (:mod:`.workspace_symbols`, over the files of :mod:`.workspace`).

:class:`DocumentStore` keeps one :class:`Snapshot` per document version and the newest index,
so completion and hover stay fast while the text changes (:mod:`.document`).
"""

from __future__ import annotations

from .completion import Item, complete
from .context import Context
from .document import DocumentStore, Snapshot, document_kind
from .fixes import Diagnostic, Edit, Fix, code_actions
from .hover import Hover, hover
from .navigation import Location, Symbol, definition, document_symbols, prepare_rename, references, rename


def completions(snap: Snapshot, line: int, column: int, index=None, wait: bool = True) -> list[Item]:
    """Completion candidates at ``(line, column)``; ``index`` may be an older version's. With
    ``wait=False`` and no ``index``, only what the cursor's context gives (no model-wide names)."""
    if snap.kind is None:
        return []
    index = index if index is not None or not wait else snap.index
    context = Context(snap.kind, snap.text, snap.lines, index, snap.model())
    return complete(context, snap.cursor(line, column))


def hover_at(snap: Snapshot, line: int, column: int, index=None, wait: bool = True) -> Hover | None:
    """What is under ``(line, column)``; ``wait`` as for :func:`completions`."""
    if snap.kind is None:
        return None
    index = index if index is not None or not wait else snap.index
    context = Context(snap.kind, snap.text, snap.lines, index, snap.model())
    return hover(context, snap.cursor(line, column))


__all__ = [
    "Context", "Diagnostic", "DocumentStore", "Edit", "Fix", "Hover", "Item", "Location", "Snapshot", "Symbol",
    "code_actions", "completions", "definition", "document_kind", "document_symbols", "hover_at",
    "prepare_rename", "references", "rename",
]
