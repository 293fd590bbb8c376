"""Documents as the editor sees them: one :class:`Snapshot` per version, computed lazily.

Speed on a 5,000-line model: loading it takes about 50 ms and indexing it as long again, too
slow to do before every completion while someone types. So answers that only need *names*
(completion, hover) take the newest index there is, perhaps a few keystrokes old, and a
background thread re-indexes once the typing pauses (:class:`DocumentStore`), and only when
the edit may have changed which names exist (:attr:`Snapshot.names_signature`): typing inside an
expression never re-indexes, so it never competes with the requests for the interpreter. The cursor's
context is always read from the current text (:mod:`.cursor`, which reads only the top-level
entry around the cursor). Answers that edit or point into the text (rename, references,
definition, code actions) use the current version's own index.

A tactic's model is found next to it (:func:`.places.find_model`); a store made with a
``text_of`` lookup (the language server's open documents) reads an open model from its buffer.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass

from ..errors import YamlError
from . import places as places_module
from .cursor import Cursor, cursor_at
from .kind import document_kind
from .loads import shared_load
from .indexes import shared_index
from .symbols import Index

# What declares a name: keys near the top of the tree, and a few fields anywhere.
_SHALLOW_KEY = re.compile(r"^ {0,4}[^\s#][^:\n]*", re.M)
_NAMING_FIELD = re.compile(r"\b(?:id|event|end_event|stat|params|speed|allows|until|bind|as)\s*:\s*[^,}\]\n]*")
_UNSET = object()

#: Largest text indexed before a completion or hover when an edit may have declared a name: a
#: model of 1,300 lines loads and indexes in about 20 ms, within the 50 ms budget of completion.
FRESH_NAMES_CHARS = 40_000

#: Seconds without a new version before the background thread re-indexes a document.
REINDEX_DELAY = 0.25


class Snapshot:
    """One version of a document's text and what is derived from it, each computed once."""

    def __init__(self, text: str, version: int | None = None, path: str | None = None,
                 text_of: places_module.TextOf | None = None):
        self.text = text
        self.version = version
        self.path = path
        self.text_of = text_of  # the editor's text of an open file (a tactic's model), by path
        self.lines = text.split("\n")
        self.kind = document_kind(text, path)
        self._loaded = _UNSET
        self._index = _UNSET
        self.error: YamlError | None = None
        self._signature: int | None = None
        self._lock = threading.Lock()
        self._memo: dict = {}

    @property
    def loaded(self):
        """The loaded YAML, or ``None`` when the text does not parse (see ``error``); loaded once
        for every reader of this text, the language server's diagnostics included."""
        if self._loaded is _UNSET:
            with self._lock:
                if self._loaded is _UNSET:
                    try:
                        self._loaded = shared_load(self.text)
                    except YamlError as error:
                        self.error = error
                        self._loaded = None
        return self._loaded

    @property
    def indexed(self) -> bool:
        return self._index is not _UNSET

    @property
    def index(self) -> Index | None:
        """The symbol index, or ``None`` when the text does not parse or is not ours."""
        if self._index is _UNSET:
            loaded = self.loaded
            with self._lock:
                if self._index is _UNSET:
                    index = None
                    if loaded is not None and self.kind is not None and isinstance(loaded.data, dict):
                        try:
                            index = shared_index(loaded, self.lines, self.kind)
                        except RecursionError:
                            index = None
                    self._index = index
        return self._index

    @property
    def names_signature(self) -> int:
        """Changes when an edit may declare, rename or remove a name (a new action, an ``id``, an
        event...), and not for edits inside expressions, notes or ops' other fields."""
        if self._signature is None:
            shallow = _SHALLOW_KEY.findall(self.text)
            naming = sorted(_NAMING_FIELD.findall(self.text))
            self._signature = hash((tuple(shallow), tuple(naming)))
        return self._signature

    def memo(self, key, compute):
        """``compute()`` once per snapshot and ``key``: answers of whole-document requests
        (semantic tokens, hints, lenses) asked again while the text does not change."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def memoized(self, key) -> bool:
        return key in self._memo

    def cursor(self, line: int, column: int) -> Cursor:
        return cursor_at(self.text, line, column, self.lines)

    def model(self) -> "ModelRef | None":
        """For a tactic: the model it plays (same folder or its parent), if found; read from its
        editor buffer when ``text_of`` knows it, so unsaved changes count."""
        if self.kind != "tactic":
            return None
        return model_for(self.path, places_module.game_id(self.text), self.text_of)


@dataclass
class _Entry:
    current: Snapshot
    indexed: Snapshot | None = None  # the newest snapshot with an index (which may be None)
    good: Snapshot | None = None  # the newest snapshot whose index is not None
    same_names: Snapshot | None = None  # a newer snapshot that declares the same names as ``good``
    changed: float = 0.0


class DocumentStore:
    """Snapshots by document URI, with the newest index of each kept for quick answers."""

    def __init__(self, delay: float = REINDEX_DELAY, text_of: places_module.TextOf | None = None):
        self.delay = delay
        self.text_of = text_of
        self._entries: dict[str, _Entry] = {}
        self._lock = threading.Condition()
        self._worker: threading.Thread | None = None
        self._pending: set[str] = set()

    def snapshot(self, uri: str, text: str, version: int | None = None, path: str | None = None) -> Snapshot:
        """The snapshot of this version of ``uri`` (made once per version and text)."""
        with self._lock:
            entry = self._entries.get(uri)
            if entry is not None and entry.current.version == version and entry.current.text is text:
                return entry.current
            if entry is not None and entry.current.version == version and version is not None \
                    and entry.current.text == text:
                return entry.current
            snap = Snapshot(text, version, path, self.text_of)
            if entry is None:
                self._entries[uri] = _Entry(snap, changed=time.monotonic())
            else:
                entry.current = snap
                entry.changed = time.monotonic()
            return snap

    def index(self, uri: str, snap: Snapshot) -> Index | None:
        """The index of exactly ``snap`` (built now if needed)."""
        index = snap.index
        self._remember(uri, snap)
        return index

    def recent_index(self, uri: str, snap: Snapshot) -> Index | None:
        """The index of ``snap`` if it is built (and the text parses), else the newest good one
        (``snap`` is indexed later, in the background).

        With no index at all yet (a document just opened) it is built now, and so it is when the
        edit may have declared a name (see :attr:`Snapshot.names_signature`) in a text of at most
        :data:`FRESH_NAMES_CHARS` characters: a name just declared is offered at once.
        """
        if snap.indexed:
            index = self.index(uri, snap)
            if index is not None:
                return index
        with self._lock:
            entry = self._entries.get(uri)
            good = entry.good if entry is not None else None
            checked = entry.same_names is snap if entry is not None else False
        if good is None:
            return self.index(uri, snap)
        if (not snap.indexed and not checked and len(snap.text) <= FRESH_NAMES_CHARS
                and good.names_signature != snap.names_signature):
            index = self.index(uri, snap)
            if index is not None:
                return index
            return good.index  # the text does not parse: the newest names there are
        if not snap.indexed and not checked:
            self._schedule(uri)
        return good.index

    def quick_index(self, uri: str, snap: Snapshot) -> tuple[Index | None, bool]:
        """:meth:`recent_index` and ``True``, except for a large document (more than
        :data:`FRESH_NAMES_CHARS`) that has no index yet, just opened: then ``(None, False)`` at
        once, and it is indexed in the background. Loading and indexing a 5,000-line model while
        its first diagnostics are made took 300 ms; the cursor's context alone gives the keys,
        values, snippets and local names, and the client asks again for the model's names."""
        if not snap.indexed and len(snap.text) > FRESH_NAMES_CHARS:
            with self._lock:
                entry = self._entries.get(uri)
                waiting = entry is None or entry.good is None
            if waiting:
                self._schedule(uri)
                return None, False
        return self.recent_index(uri, snap), True

    def last_good(self, uri: str) -> Snapshot | None:
        """The newest snapshot of ``uri`` that was indexed and parsed."""
        with self._lock:
            entry = self._entries.get(uri)
            return entry.good if entry is not None else None

    def known(self) -> set[str]:
        with self._lock:
            return set(self._entries)

    def forget(self, uri: str) -> None:
        with self._lock:
            self._entries.pop(uri, None)
            self._pending.discard(uri)

    def _remember(self, uri: str, snap: Snapshot) -> None:
        with self._lock:
            entry = self._entries.get(uri)
            if entry is None:
                entry = self._entries[uri] = _Entry(snap)
            if entry.indexed is None or _newer(snap, entry.indexed):
                entry.indexed = snap
            if snap.index is not None and (entry.good is None or _newer(snap, entry.good)):
                entry.good = snap

    def _schedule(self, uri: str) -> None:
        with self._lock:
            if uri in self._pending and self._worker is not None and self._worker.is_alive():
                # The worker looks again within delay / 2. Waking it on every keystroke made
                # each completion hand the interpreter over to it and back.
                return
            self._pending.add(uri)
            if self._worker is None or not self._worker.is_alive():
                self._worker = threading.Thread(target=self._work, name="tabletwin-editor-index", daemon=True)
                self._worker.start()
            self._lock.notify()

    def _work(self) -> None:
        """Index documents whose text has not changed for :attr:`delay` seconds."""
        while True:
            with self._lock:
                while not self._pending:
                    if not self._lock.wait(timeout=30):
                        self._worker = None
                        return
                now = time.monotonic()
                ready = [uri for uri in self._pending
                         if uri in self._entries and now - self._entries[uri].changed >= self.delay]
                if not ready:
                    self._lock.wait(timeout=self.delay / 2)
                    continue
                uri = ready[0]
                self._pending.discard(uri)
                snap = self._entries[uri].current if uri in self._entries else None
            if snap is None:
                continue
            with self._lock:
                entry = self._entries.get(uri)
                good = entry.good if entry is not None else None
            if good is not None and good.kind == snap.kind and good.names_signature == snap.names_signature:
                # Nothing that declares a name changed: the index of ``good`` still names it all.
                with self._lock:
                    entry.same_names = snap
                continue
            snap.index  # noqa: B018 - builds it outside the lock
            self._remember(uri, snap)


def _newer(a: Snapshot, b: Snapshot) -> bool:
    if a is b:
        return False
    if a.version is None or b.version is None:
        return True
    return a.version >= b.version


class ModelRef:
    """The model file a tactic plays, with its index and places (one per text of the file)."""

    def __init__(self, found: places_module.ModelFile):
        self.path = found.path
        self.file = found
        self.snapshot = Snapshot(found.text, None, found.path)
        if found.loaded is not None:
            self.snapshot._loaded = found.loaded  # loaded once, by the lookup

    @property
    def index(self) -> Index | None:
        return self.snapshot.index

    @property
    def data(self):
        loaded = self.snapshot.loaded
        return loaded.data if loaded is not None else None

    @property
    def places(self) -> list:
        return self.file.places


_MODELS: dict[str, ModelRef] = {}


def model_for(tactic_path: str | None, game: str | None,
              text_of: places_module.TextOf | None = None) -> ModelRef | None:
    """The model a tactic at ``tactic_path`` plays (its buffer when ``text_of`` has it), or ``None``."""
    found = places_module.find_model(tactic_path, game, text_of)
    if found is None:
        return None
    cached = _MODELS.get(found.path)
    if cached is not None and cached.file is found:
        return cached
    ref = _MODELS[found.path] = ModelRef(found)
    return ref
