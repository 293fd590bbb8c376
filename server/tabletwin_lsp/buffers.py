"""The text of the documents open in the editor, by file path.

The engine reads a tactic's model through a ``text_of(path)`` lookup
(:func:`tabletwin.editor.places.find_model`), so a model open with unsaved changes is read
from its buffer, not from the disk. Paths are compared normalised (:func:`key`): the engine
passes the paths it lists from a folder, pygls the paths of the URIs the client sent.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from pygls.lsp.server import LanguageServer


def key(path: str) -> str:
    return os.path.normcase(os.path.abspath(path))


def _open_documents(ls: LanguageServer) -> list:
    try:
        return list(ls.workspace.text_documents.values())
    except RuntimeError:  # not initialised yet
        return []


def open_texts(ls: LanguageServer) -> dict[str, str]:
    """``{normalised path: text}`` of every open document with a file path."""
    return {key(document.path): document.source for document in _open_documents(ls) if document.path}


def frozen_lookup(ls: LanguageServer) -> Callable[[str], str | None]:
    """A ``text_of`` answering from the texts open now (for an analysis in a worker thread, so it
    sees one consistent set of texts)."""
    texts = open_texts(ls)
    return lambda path: texts.get(key(path))


def live_lookup(ls: LanguageServer) -> Callable[[str], str | None]:
    """A ``text_of`` answering from the texts open at the moment it is asked."""
    return lambda path: open_texts(ls).get(key(path))


def open_uri(ls: LanguageServer, path: str) -> str:
    """The URI of ``path`` as the client sent it when the file is open, else a ``file:`` URI."""
    wanted = key(path)
    for document in _open_documents(ls):
        if document.path and key(document.path) == wanted:
            return document.uri
    return Path(path).resolve().as_uri()
