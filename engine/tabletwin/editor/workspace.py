"""The model and tactic files of a workspace, read once per text: for workspace symbols, the
tactics counted by code lenses, and references and renames that reach tactic files.

A file open in the editor is read from its buffer (``text_of``), others from the disk, cached by
modification time and size. The walk skips hidden folders and the usual tool folders, and stops
after :data:`MAX_FILES` YAML files, so a huge folder opened by mistake costs a bounded time.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from pathlib import Path

from .document import Snapshot
from .places import TextOf

#: YAML files looked at per workspace walk; the rest of a larger workspace is not searched.
MAX_FILES = 2000
#: Largest file read from the disk (bytes); bigger YAML files are not models anybody edits.
MAX_FILE_SIZE = 4_000_000
SKIPPED_FOLDERS = frozenset(("node_modules", "__pycache__", "venv", "site-packages", "dist", "build"))

_cache: dict[str, tuple[tuple, Snapshot]] = {}
_lock = threading.Lock()


def yaml_files(roots: Iterable[str], limit: int = MAX_FILES) -> list[str]:
    """The ``.yaml`` and ``.yml`` files under ``roots``, sorted per folder, at most ``limit``."""
    found: list[str] = []
    for root in roots:
        for folder, folders, files in os.walk(root):
            folders[:] = sorted(name for name in folders if not name.startswith(".") and name not in SKIPPED_FOLDERS)
            for name in sorted(files):
                if name.endswith((".yaml", ".yml")):
                    found.append(os.path.join(folder, name))
                    if len(found) >= limit:
                        return found
    return found


def snapshot_of(path: str, text_of: TextOf | None = None) -> Snapshot | None:
    """The snapshot of the file at ``path`` (its editor buffer when open), or ``None`` when it
    cannot be read or is neither a model nor a tactic."""
    text = text_of(path) if text_of is not None else None
    if text is not None:
        key: tuple = ("buffer", hash(text), len(text))
    else:
        try:
            status = os.stat(path)
        except OSError:
            return None
        if status.st_size > MAX_FILE_SIZE:
            return None
        key = ("disk", status.st_mtime_ns, status.st_size)
    with _lock:
        cached = _cache.get(path)
    if cached is not None and cached[0] == key:
        return cached[1] if cached[1].kind is not None else None
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
    snap = Snapshot(text, None, path, text_of)
    with _lock:
        _cache[path] = (key, snap)
    return snap if snap.kind is not None else None


def tactics_near(model_path: str, text_of: TextOf | None = None) -> list[Snapshot]:
    """The tactic files that may play the model at ``model_path``: those in its folder and in the
    folders right below it (a tactic's model is looked for in its folder and the parent)."""
    folder = Path(model_path).parent
    candidates = []
    for place in [folder] + sorted(p for p in _subfolders(folder)):
        try:
            names = sorted(os.listdir(place))
        except OSError:
            continue
        candidates += [str(place / name) for name in names if name.endswith((".yaml", ".yml"))]
    found = []
    for path in candidates[:MAX_FILES]:
        snap = snapshot_of(path, text_of)
        if snap is not None and snap.kind == "tactic":
            found.append(snap)
    return found


def _subfolders(folder: Path) -> list[Path]:
    try:
        return [Path(entry.path) for entry in os.scandir(folder)
                if entry.is_dir() and not entry.name.startswith(".") and entry.name not in SKIPPED_FOLDERS]
    except OSError:
        return []
