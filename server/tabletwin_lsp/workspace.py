"""The documents pygls keeps for the server, read from disk safely and edited in linear time.

pygls answers a request about a document that is not open by reading the path of its URI on
every access, whatever it is: ``file:///dev/zero`` filled the memory, a named pipe blocked a
worker for ever, and ``untitled:name`` read ``name`` relative to the server's folder. Here a
document that is not open is read only from a ``file:`` URI naming a regular file of at most
:data:`MAX_FILE_BYTES`; anything else raises :class:`OSError` with the reason (the features and
commands report it).

pygls also applies each incremental change by copying the document line by line in Python,
which took a noticeable part of a keystroke on a large document; :meth:`ServerDocument.
_apply_incremental_change` does the same edit with two slices, and splits only the lines it
changed (:mod:`.textlines`).
"""

from __future__ import annotations

import errno
import os
import stat

from pygls.uris import to_fs_path
from pygls.workspace import TextDocument, Workspace

from .documents import MAX_DOCUMENT_CHARS
from .textlines import edited, lines_of, remember

MAX_FILE_BYTES = 4 * MAX_DOCUMENT_CHARS
"""Largest file read from disk (a document of MAX_DOCUMENT_CHARS characters takes at most four
bytes per character in UTF-8); larger files are refused without being read."""


def read_file(path: str, limit: int = MAX_FILE_BYTES) -> str:
    """The text of the regular file at ``path`` (UTF-8), or :class:`OSError` saying why not."""
    # O_NONBLOCK: opening a named pipe must not wait for a writer; the check below refuses it.
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        if info.st_size > limit:
            raise OSError(errno.EFBIG, f"the file has {info.st_size:,} bytes, more than the {limit:,} the "
                                       "language server reads", path)
        with os.fdopen(descriptor, "rb", closefd=True) as file:
            descriptor = -1
            data = file.read(limit + 1)
    finally:
        if descriptor >= 0:
            os.close(descriptor)
    if len(data) > limit:  # it grew since fstat
        raise OSError(errno.EFBIG, f"the file has more than the {limit:,} bytes the language server reads", path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise OSError(errno.EILSEQ, f"not UTF-8 text (byte {exc.start})", path) from None


class ServerDocument(TextDocument):
    @property
    def source(self) -> str:
        if self._source is not None:
            return self._source
        path = to_fs_path(self.uri) if self.uri.startswith("file:") else None
        if not path:
            raise OSError(errno.ENOENT, "not open in the editor and not a file", self.uri)
        return read_file(path)

    def _apply_incremental_change(self, change) -> None:
        """pygls's edit (same clamping of positions, same lines), by offsets instead of a copy loop;
        the lines of the new text are kept (:mod:`.textlines`)."""
        source = self.source
        lines = lines_of(source)
        where = self._position_codec.range_from_client_units(lines, change.range)
        if where.start.line >= len(lines):
            self._source = source + change.text
            last = max(len(lines) - 1, 0)
            remember(self._source, edited(lines, self._source, last, last, len(change.text)))
            return
        if where.end.line < where.start.line:
            return  # pygls's loop never reaches the start of such a range: the text stays
        # As pygls: the start line up to the start column, the new text, the end line from the
        # end column (even when that is before the start column, as the codec may clamp it).
        start = _offset(lines, where.start.line, where.start.character)
        end = _offset(lines, where.end.line, where.end.character)
        self._source = source[:start] + change.text + source[end:]
        remember(self._source, edited(lines, self._source, where.start.line, where.end.line,
                                      len(self._source) - len(source)))


def _offset(lines, line: int, column: int) -> int:
    if line >= len(lines):
        return sum(map(len, lines))
    return sum(map(len, lines[:line])) + min(column, len(lines[line]))


class SafeWorkspace(Workspace):
    def _create_text_document(self, doc_uri, source=None, version=None, language_id=None) -> TextDocument:
        return ServerDocument(doc_uri, source=source, version=version, language_id=language_id,
                              sync_kind=self._sync_kind, position_codec=self._position_codec)
