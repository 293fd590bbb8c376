"""Building a document's symbol index, and sharing it between the editor and lint.

Kept apart from :mod:`.symbols` (what an index holds and the passes that fill it) because a
model is indexed entry by entry through :mod:`.unitindex`, which itself runs those passes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from ..checks import expression_fields
from .entries import units_independent
from .symbols import DECLARATION_STEPS, REFERENCE_STEPS, Index, tactic_index
from .unitindex import index_by_units


def build_index(loaded, lines: list[str], kind: str = "model", fields: list | None = None,
                kept: bool = True) -> Index:
    """``fields``: the model's :func:`~tabletwin.checks.expression_fields` when the caller has them.

    A model is indexed entry by entry (:mod:`.unitindex`), reusing what is kept of the entries
    an edit left alone (``kept=False`` works every entry out again: the same index, slower)."""
    index = Index(kind, loaded.data, loaded.positions, lines)
    data = loaded.data if isinstance(loaded.data, dict) else {}
    if kind == "tactic":
        tactic_index(index, data)
        return index
    if isinstance(loaded.data, dict) and units_independent(loaded):
        index_by_units(index, loaded, kept)
        return index
    if fields is None:
        fields = expression_fields(data)
    for step, _tops, part in DECLARATION_STEPS + REFERENCE_STEPS:
        step(index, data, [] if part == "extra" else fields)
    return index


#: Indexes kept by :func:`shared_index` (the newest versions of the documents being edited).
KEPT_INDEXES = 2
_index_lock = threading.Lock()
_indexes: OrderedDict = OrderedDict()  # (id(loaded), kind) -> (loaded, index); loaded kept so its id stays its own


def shared_index(loaded, lines: list[str], kind: str = "model", fields: list | None = None) -> Index:
    """:func:`build_index`, once per loaded document: the editor's snapshot and lint (in the
    server's diagnostics) read the same load (:func:`~tabletwin.editor.loads.shared_load`) and
    so share its index. An index is never changed once built."""
    key = (id(loaded), kind)
    with _index_lock:
        entry = _indexes.get(key)
        if entry is not None and entry[0] is loaded:
            _indexes.move_to_end(key)
            return entry[1]
    index = build_index(loaded, lines, kind, fields)
    with _index_lock:
        _indexes[key] = (loaded, index)
        while len(_indexes) > KEPT_INDEXES:
            _indexes.popitem(last=False)
    return index
