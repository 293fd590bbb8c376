"""Reading the MODEL argument of every command: a path, or ``-`` for standard input."""

from __future__ import annotations

import sys

from ..errors import NotAModelError, YamlError
from ..modelfile.files import MAX_FILE_BYTES, FileError, decode_utf8, read_text_file
from ..simulate.variants import load_variant

UNREADABLE = 2


class Unreadable(Exception):
    """The model could not be read; the message is ready to print."""


def read_text(argument: str) -> tuple[str, str]:
    """The text of the MODEL argument and the name to show for it.

    Files are read the way :func:`~tabletwin.modelfile.files.read_text_file` reads them (regular
    files of at most ``MAX_FILE_BYTES``); standard input is held to the same size and encoding.
    """
    try:
        if argument == "-":
            # The bytes, to place a byte that is not UTF-8; a stream without them (a test's
            # StringIO) is text already.
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            data = stream.read(MAX_FILE_BYTES + 1)
            if len(data) > MAX_FILE_BYTES:
                raise FileError(f"standard input holds more than {MAX_FILE_BYTES // 2**20} MB; "
                                f"a model is far smaller", "-")
            return (decode_utf8(data, "-") if isinstance(data, bytes) else data), "-"
        return read_text_file(argument), argument
    except FileError as exc:
        raise Unreadable(str(exc)) from None


def read_model(argument: str, overrides: dict | None = None):
    """The model of the MODEL argument, with ``overrides`` replacing constants (``--set``).

    Raises :class:`Unreadable`, or ``VariantError`` when an override names no constant.
    """
    text, filename = read_text(argument)
    try:
        return load_variant(text, filename, overrides)
    except (YamlError, NotAModelError) as exc:
        raise Unreadable(exc.located(filename)) from None
