"""Reading the MODEL argument of every command: a path, or ``-`` for standard input."""

from __future__ import annotations

import sys

from ..errors import NotAModelError, YamlError
from ..model import load_model

UNREADABLE = 2


class Unreadable(Exception):
    """The model could not be read; the message is ready to print."""


def read_model(argument: str):
    if argument == "-":
        text, filename = sys.stdin.read(), "-"
    else:
        try:
            with open(argument, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as exc:
            raise Unreadable(f"{argument}: error: cannot read the file: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise Unreadable(f"{argument}: error: the file is not UTF-8 text") from None
        filename = argument
    try:
        return load_model(text, filename=filename)
    except (YamlError, NotAModelError) as exc:
        raise Unreadable(exc.located(filename)) from None
