"""Reading the MODEL argument of every command: a path, or ``-`` for standard input."""

from __future__ import annotations

import sys

from ..errors import NotAModelError, YamlError
from ..simulate.variants import load_variant

UNREADABLE = 2


class Unreadable(Exception):
    """The model could not be read; the message is ready to print."""


def read_text(argument: str) -> tuple[str, str]:
    """The text of the MODEL argument and the name to show for it."""
    if argument == "-":
        return sys.stdin.read(), "-"
    try:
        with open(argument, encoding="utf-8") as handle:
            return handle.read(), argument
    except OSError as exc:
        raise Unreadable(f"{argument}: error: cannot read the file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise Unreadable(f"{argument}: error: the file is not UTF-8 text") from None


def read_model(argument: str, overrides: dict | None = None):
    """The model of the MODEL argument, with ``overrides`` replacing constants (``--set``).

    Raises :class:`Unreadable`, or ``VariantError`` when an override names no constant.
    """
    text, filename = read_text(argument)
    try:
        return load_variant(text, filename, overrides)
    except (YamlError, NotAModelError) as exc:
        raise Unreadable(exc.located(filename)) from None

