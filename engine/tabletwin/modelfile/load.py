"""Read model text into plain data with positions, and tell whether it is a model at all.

:func:`load_yaml` is what the command line, the validator and the language server call; it
either returns a :class:`LoadedYaml` or raises exactly one :class:`YamlError` with a span,
whatever the text is (never a traceback from the parser). Text that is not YAML gets a message
in our words at the line that is wrong (:mod:`.yaml_words`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.scanner import ScannerError

from ..errors import NotAModelError, Span, YamlError
from .compose import compose, describe
from .positions import PositionTable
from .yaml_words import explain

_BOM = "\ufeff"
_LIBYAML_FLOW_COLON = "found unexpected ':'"

#: Longest text the pure-Python parser reads when libyaml refuses a ':' in a flow collection. It
#: reads some 20,000 characters a second of flow collections: a larger text
#: gets libyaml's error, with the advice to quote the value, instead of minutes of parsing.
MAX_PURE_PARSE_CHARS = 50_000


@dataclass(frozen=True, slots=True)
class LoadedYaml:
    """A loaded document: ``data`` is plain Python (dict, list, str, int, float, bool, None)."""

    data: Any
    positions: PositionTable
    text: str = ""  # the text that was read (without a byte order mark)


def load_yaml(text: str) -> LoadedYaml:
    """Read one YAML 1.1 document; :class:`YamlError` if it is not YAML or breaks a model rule.

    A leading byte order mark is dropped, as editors do, so columns on the first line match
    what people see. An empty document (no text, only comments, or a bare ``---``) is ``None``.
    """
    if text.startswith(_BOM):
        text = text[1:]
    try:
        data, positions = _compose(text)
    except UnicodeEncodeError as error:
        raise YamlError(
            f"the text is not valid unicode: lone surrogate U+{ord(text[error.start]):04X}",
            _point(text, error.start),
        ) from None
    except YAMLError as error:
        raise _not_yaml(error, text) from None
    return LoadedYaml(data, positions, text)


def check_is_model(loaded: LoadedYaml) -> None:
    """Raise :class:`NotAModelError` unless the document is a mapping with a top-level ``flow``."""
    data = loaded.data
    if data.__class__ is dict and "flow" in data:
        return
    if data is None:
        problem = "the document is empty"
    elif data.__class__ is dict:
        problem = "no top-level 'flow'"
    else:
        problem = f"the document is {describe(data)}, not a mapping with 'flow'"
    raise NotAModelError(f"this is not a model: {problem}", loaded.positions.value_span(()))


def _compose(text: str):
    """libyaml first; ruamel's own parser where libyaml is stricter than YAML 1.1.

    libyaml rejects a ``:`` inside a plain scalar in a flow collection (``{at: 1:30}``,
    ``[http://example.com]``), which YAML 1.1 allows. Only that error sends the text to the
    slower parser, so broken text (a document being typed) still costs one fast parse.
    """
    try:
        return compose(text)
    except ScannerError as error:
        if error.problem != _LIBYAML_FLOW_COLON:
            raise
        if len(text) > MAX_PURE_PARSE_CHARS:
            mark = error.problem_mark
            raise YamlError(f"found unexpected ':' inside [...] or {{...}}; put the value in quotes (a text of more "
                            f"than {MAX_PURE_PARSE_CHARS:,} characters is read by the fast parser, which needs them)",
                            Span.point(mark.line, mark.column)) from None
    try:
        return compose(text, pure=True)
    except ReaderError as error:
        raise _unreadable(error, _point(text, error.position)) from None


def _not_yaml(error: YAMLError, text: str) -> YamlError:
    """ruamel's error for text that is not YAML, as one :class:`YamlError`."""
    if isinstance(error, MarkedYAMLError):
        message, span = explain(error.problem, error.context, error.problem_mark or error.context_mark,
                                error.context_mark, text)
        return YamlError(message, span)
    if isinstance(error, ReaderError):
        # libyaml counts the position in bytes of the UTF-8 text (ruamel's reader in code points).
        index = len(text.encode("utf-8")[: error.position].decode("utf-8", "ignore"))
        return _unreadable(error, _point(text, index))
    return YamlError(str(error).strip() or "this is not YAML", Span.point(0, 0))


def _unreadable(error: ReaderError, span: Span) -> YamlError:
    """A character YAML does not allow in its text (a control character, NUL)."""
    return YamlError(f"unacceptable character #x{error.character:04x}: {error.reason}", span)


def _point(text: str, index: int) -> Span:
    """The one-character span at code point ``index`` of ``text``."""
    line_start = text.rfind("\n", 0, index) + 1
    return Span.point(text.count("\n", 0, index), index - line_start)
