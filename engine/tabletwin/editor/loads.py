"""One load per text, shared by everything that reads the same version of a document.

After an edit the language server's diagnostics and the editor's snapshot both need the loaded
YAML of the new text; loading a 5,000-line model takes about 50 ms. :func:`shared_load` loads
each text once: a reader that comes while another loads the same text waits for that load
instead of doing it again, and the last few texts stay loaded. The result is read-only for all
of them (and a new text's load shares the values its edit left alone with the last load,
:func:`~.reload.spliced_load`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from ..errors import YamlError
from ..modelfile import LoadedYaml, load_yaml
from .reload import spliced_load

#: Texts kept loaded: the version being typed and the one before (whose analysis or snapshot
#: may still be starting); a 5,000-line model's load holds about 7 MB.
KEPT_LOADS = 2


class _Load:
    __slots__ = ("lock", "done", "loaded", "error")

    def __init__(self):
        self.lock = threading.Lock()
        self.done = False
        self.loaded: LoadedYaml | None = None
        self.error: YamlError | None = None


_lock = threading.Lock()
_loads: OrderedDict[str, _Load] = OrderedDict()


def shared_load(text: str) -> LoadedYaml:
    """``load_yaml(text)``, done once per text; raises its :class:`YamlError` to every reader."""
    with _lock:
        load = _loads.get(text)
        base = None
        if load is None:
            base = next((kept.loaded for kept in reversed(_loads.values()) if kept.done and kept.loaded is not None),
                        None)
            load = _loads[text] = _Load()
            while len(_loads) > KEPT_LOADS:
                _loads.popitem(last=False)
        else:
            _loads.move_to_end(text)
    with load.lock:
        if not load.done:
            try:
                # An edit of one entry reads only that entry (see .reload), else the whole text.
                load.loaded = (spliced_load(base, text) if base is not None else None) or load_yaml(text)
            except YamlError as error:
                load.error = error
            load.done = True  # any other exception is not kept: the next reader tries again
    error = load.error
    if error is not None:
        raise type(error)(error.message, error.span, error.path)  # a fresh one: readers raise in their threads
    return load.loaded


def forget_loads() -> None:
    """Drop every kept load (for tests, and to free the memory)."""
    with _lock:
        _loads.clear()


__all__ = ["KEPT_LOADS", "forget_loads", "shared_load"]
