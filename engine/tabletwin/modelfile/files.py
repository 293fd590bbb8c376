"""Reading model and tactic files: regular files only, of a bounded size, as UTF-8 text.

A path comes from a command line or from a tactic's ``extends``, which anyone may write: it may
name a device (``/dev/zero`` never ends), a directory, a FIFO (reading it waits for a writer), or
hold a NUL character. Each gets a :class:`FileError` that names the file and says what is wrong,
before anything is read. Text that is not UTF-8 gets the line and column of its first bad byte.
"""

from __future__ import annotations

import codecs
import os
import stat

from ..errors import Span, TabletwinError

#: Largest model or tactic file read, in bytes. The largest example model is under 100 KB.
MAX_FILE_BYTES = 10 * 1024 * 1024


class FileError(TabletwinError):
    """A file that cannot be read as a model or tactic; ``filename`` names it."""

    def __init__(self, message: str, filename: str, span: Span | None = None):
        super().__init__(message, span)
        self.filename = filename

    def __str__(self) -> str:
        return self.located(self.filename)


def read_text_file(path: str | os.PathLike) -> str:
    """The UTF-8 text of the regular file at ``path``; :class:`FileError` if it cannot be one."""
    name = os.fspath(path)
    if "\0" in name:
        raise FileError("the file name holds a NUL character (\\0); no file has such a name",
                        name.replace("\0", "\\0"))
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; regular files ignore it.
        descriptor = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise FileError(f"cannot read the file: {exc.strerror}", name) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise FileError(f"cannot read the file: it is {_kind(info.st_mode)}, not a regular file", name)
        if info.st_size > MAX_FILE_BYTES:
            raise FileError(f"the file is larger than {MAX_FILE_BYTES // 2**20} MB "
                            f"({info.st_size:,} bytes); a model or tactic is far smaller", name)
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise FileError(f"cannot read the file: {exc.strerror}", name) from None
    finally:
        os.close(descriptor)
    if len(data) > MAX_FILE_BYTES:  # it grew while we looked
        raise FileError(f"the file is larger than {MAX_FILE_BYTES // 2**20} MB; a model or tactic is far smaller",
                        name)
    return decode_utf8(data, name)


def decode_utf8(data: bytes, name: str) -> str:
    """``data`` as text, or a :class:`FileError` at the line and column of the first bad byte."""
    try:
        return codecs.decode(data, "utf-8")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        line = good.count("\n")
        column = len(good) - (good.rfind("\n") + 1)
        raise FileError(f"the text is not UTF-8: byte 0x{data[exc.start]:02X} {_why(exc)}", name,
                        Span.point(line, column)) from None


def _why(exc: UnicodeDecodeError) -> str:
    if exc.reason == "invalid start byte":
        return "cannot start a character"
    if exc.reason == "invalid continuation byte":
        return "starts a character that the bytes after it do not complete"
    if exc.reason == "unexpected end of data":
        return "starts a character that the text cuts off"
    return f"is not allowed here ({exc.reason})"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"

