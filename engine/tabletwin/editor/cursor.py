"""Where the cursor stands in a YAML document that may not parse.

:func:`cursor_at` answers with a :class:`Cursor`: the key path, whether a key, a value or a list
item goes there, the word being typed, and the keys already present in the mapping around it.

How. The text from the start of the top-level entry that holds the cursor up to the start of the
word under the cursor is read with libyaml's event parser, keeping a stack of the open mappings
and lists and the plain data read so far. Events the parser makes up at the end of the text
(an empty value, closing collections) start at or after the end and are dropped; an error at the
end is what half-typed text looks like and is ignored too. The innermost open collections and the
indentation of the cursor's line then say where the cursor stands. When the parser fails on an
earlier line, a walk up the indentation of the lines above gives the path instead
(:mod:`.linewalk`). Only the top-level entry is read, so the cost does not grow with the rest of
the document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ruamel.yaml.events import (
    AliasEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

from ..errors import Span
from ..modelfile.events import event_reader
from ..modelfile.scalars import resolve_plain
from . import linewalk
from .text import is_blank, line_indent, word_after, word_before

_TOP_ENTRY = re.compile(r"[^\s#\-\]}%.]")
_DASHES = re.compile(r"(?:-(?: +|$))+$")

#: Lines above the cursor read by the parser when deeper entries allow reading fewer.
NEAR = 100
#: More lines than this between the restart and the cursor: the line-based walk answers instead.
FAR = 800


@dataclass
class Cursor:
    """What stands at the cursor.

    ``role``: ``key`` (a key of the mapping at ``path`` goes here), ``value`` (the value at
    ``path``, whose last step is its key or list index) or ``item`` (a new item of the list at
    ``path[:-1]``, which may become a scalar or a mapping). ``fresh`` marks a ``key`` role on its
    own line below a key without a value: the value of ``path`` starts here, so it may also be a
    scalar or a list. ``mapping`` holds the keys already written in the mapping at the cursor
    (``key``) or around the value (``value``), before and after the cursor.
    """

    line: int
    column: int
    role: str
    path: tuple
    word: str
    replace: Span
    flow: bool = False
    fresh: bool = False
    mapping: dict = field(default_factory=dict)
    data: dict = field(default_factory=dict)
    value_text: str = ""
    quote: str = ""

    @property
    def typed(self) -> str:
        """The value's text up to the cursor (``value_text`` ends where the word begins)."""
        return self.value_text + self.word

    @property
    def key(self) -> str | None:
        """The nearest mapping key of the value at the cursor (a list's key for its items)."""
        for step in reversed(self.path if self.role != "key" or self.fresh else ()):
            if isinstance(step, str):
                return step
        return None


class _Frame:
    __slots__ = ("is_map", "flow", "path", "obj", "key", "key_line", "key_end", "col", "end")

    def __init__(self, is_map: bool, flow: bool, path: tuple, col: int | None, end: int):
        self.is_map = is_map
        self.flow = flow
        self.path = path
        self.obj = {} if is_map else []
        self.key = None  # a key read, its value not yet
        self.key_line = -1
        self.key_end = 0
        self.col = col  # block mapping: column of its keys; block list: column of its dashes
        self.end = end  # offset where its latest event ended


@dataclass
class _Walk:
    stack: list
    root: dict
    last_value: tuple | None  # (frame, start offset, end offset, style) of the latest value scalar
    failed_line: int | None  # a parse error before the cursor's line
    errored: bool = False  # the parser stopped on an error (else at the end of the text)


def cursor_at(text: str, line: int, column: int, lines: list[str] | None = None) -> Cursor:
    """Where ``(line, column)`` stands in ``text`` (0-based, code points)."""
    lines = lines if lines is not None else text.split("\n")
    if line >= len(lines):
        line, column = len(lines) - 1, len(lines[-1])
    line_text = lines[line]
    column = min(column, len(line_text))
    word = word_before(line_text, column)
    replace = Span(line, column - len(word), line, column + len(word_after(line_text, column)))
    cut_col = column - len(word)
    cut = _line_offset(lines, line) + cut_col
    if cut_col == 0:
        # A top-level key: the mapping is the whole document, whose keys the lines show.
        known = linewalk.block_keys_before(lines, line, 0)
        for key, value in linewalk.block_keys_after(lines, line + 1, 0).items():
            known.setdefault(key, value)
        known.pop(word, None)
        return Cursor(line, column, "key", (), word, replace, mapping=known)
    start_line, base, offset = _restart(lines, line, cut_col)
    if line - start_line > FAR:
        walk = None  # only a cursor between two indentation levels of a huge entry gets here
    else:
        walk = _walk(text, _line_offset(lines, start_line), start_line, cut, base, offset)
    if walk is None or walk.failed_line is not None:
        cursor = linewalk.locate(lines, line, cut_col)
        cursor_fields = dict(line=line, column=column, word=word, replace=replace)
        result = Cursor(role=cursor.role, path=cursor.path, flow=cursor.flow, fresh=cursor.fresh,
                        value_text=cursor.value_text, quote=cursor.quote, **cursor_fields)
        result.mapping = dict(cursor.mapping)
        if cursor.flow:
            for key, value in linewalk.flow_keys(text, skip_word(text, cut)).items():
                result.mapping.setdefault(key, value)
        return result
    result = _locate(walk, text, lines, line, cut_col, cut)
    result.column = column
    result.word = word
    result.replace = replace
    result.data = walk.root
    return result


def _line_offset(lines: list[str], line: int) -> int:
    """The offset in the text of the start of ``line`` (summed in C: a Python loop over the
    lines above a cursor deep in a 5,000-line model took a few milliseconds per request)."""
    return sum(map(len, lines[:line])) + line


def _entry_start(lines: list[str], line: int) -> int:
    """The line of the top-level key whose entry holds ``line`` (0 when there is none)."""
    for index in range(line, -1, -1):
        text = lines[index]
        if text[:1] and _TOP_ENTRY.match(text):
            return index
    return 0


def _restart(lines: list[str], line: int, cut_col: int) -> tuple[int, tuple, int]:
    """Where to start reading: ``(line, path of what that line's entry is in, first list index)``.

    The top-level entry around the cursor, or, when that is longer than :data:`NEAR` lines
    above the cursor, the nearest entry one level deeper (an action, a zone, a catalogue, a
    list item...), and so on: a long ``actions`` or ``content`` costs no more than one action.
    The entries above the restart are not read; what completion needs from them (names,
    discriminators) comes from the index and from :func:`schemanav.view`'s union of branches.
    """
    start = _entry_start(lines, line)
    base: tuple = ()
    prefix = lines[line][:cut_col]
    cursor_indent = line_indent(prefix) if prefix.strip() else cut_col
    while line - start > NEAR:
        head = linewalk.points(lines[start])
        if not head or head[-1][1] != "key" or head[-1][3].strip() not in ("", "|", ">", "|-", ">-"):
            break
        key_col, key = head[-1][0], head[-1][2]
        child = _child_indent(lines, start, line)
        if child is None or child <= key_col or cursor_indent < child:
            break
        found = None
        for index in range(line if prefix.strip() else line - 1, start, -1):
            text = lines[index]
            if is_blank(text):
                continue
            indent = line_indent(text)
            if indent < child:
                break
            if indent == child:
                found = index
                break
        if found is None or found == start:
            break
        points = linewalk.points(lines[found])
        if not points:
            break
        if points[0][1] == "dash":
            count = sum(1 for index in range(start + 1, found)
                        if not is_blank(lines[index]) and line_indent(lines[index]) == child
                        and lines[index][child:child + 1] == "-")
            return found, base + (key,), count
        base += (key,)
        start = found
    return start, base, 0


def _child_indent(lines: list[str], start: int, stop: int) -> int | None:
    for index in range(start + 1, min(stop + 1, len(lines))):
        if not is_blank(lines[index]):
            return line_indent(lines[index])
    return None


def _walk(text: str, start: int, start_line: int, cut: int, base: tuple = (), offset: int = 0) -> _Walk:
    """Read the events of ``text[start:cut]`` into open frames (see the module's docstring).

    ``base`` is the path of the collection the text's first entry belongs to, ``offset`` the
    list index of that entry when it is a list item.
    """
    source = text[start:cut]
    eof = len(source.rstrip())
    next_event = event_reader(source)
    root: dict = {}
    stack: list[_Frame] = []
    last_value = None
    failed_line = None
    errored = False
    cursor_line = start_line + source.count("\n")
    try:
        next_event()
        next_event()
        while True:
            event = next_event()
            mark = event.start_mark
            if mark.index >= eof:
                break
            kind = event.__class__
            if kind is ScalarEvent or kind is AliasEvent:
                value = None
                style = None
                if kind is ScalarEvent:
                    style = event.style
                    value = resolve_plain(event.value) if event.implicit[0] else event.value
                end = event.end_mark.index
                if not stack:
                    continue
                top = stack[-1]
                top.end = start + end
                if top.is_map and top.key is None:
                    if top.col is None:
                        top.col = mark.column
                    top.key = value if isinstance(value, str) else str(value)
                    top.key_line = start_line + mark.line
                    top.key_end = start + end
                    continue
                if top.is_map:
                    top.obj[top.key] = value
                    top.key = None
                else:
                    top.obj.append(value)
                last_value = (top, start + mark.index, start + end, style)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                is_map = kind is MappingStartEvent
                flow = bool(event.flow_style)
                col = None if is_map and not flow else mark.column
                if not stack:
                    frame = _Frame(is_map, flow, base, col, start + event.end_mark.index)
                    frame.obj = _attach(root, base, is_map, offset)
                else:
                    top = stack[-1]
                    if top.is_map:
                        step = top.key if top.key is not None else "?"
                        frame = _Frame(is_map, flow, top.path + (step,), col, start + event.end_mark.index)
                        top.obj[step] = frame.obj
                    else:
                        frame = _Frame(is_map, flow, top.path + (len(top.obj),), col, start + event.end_mark.index)
                        top.obj.append(frame.obj)
                stack.append(frame)
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                if stack:
                    stack.pop()
                if stack:
                    top = stack[-1]
                    top.end = start + event.end_mark.index
                    if top.is_map:
                        top.key = None
    except Exception as error:  # noqa: BLE001 - any parser error ends the walk where it happened
        errored = True
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        error_line = start_line + mark.line if mark is not None else cursor_line
        if error_line < cursor_line:
            failed_line = error_line
    return _Walk(stack, root, last_value, failed_line, errored)


def _attach(root: dict, base: tuple, is_map: bool, offset: int):
    """The collection at ``base`` of the partial data ``root``, made on the way (lists padded
    with ``None`` for the items before ``offset`` that were not read)."""
    obj = {} if is_map else [None] * offset
    if not base:
        return root if is_map else obj
    node = root
    for step, following in zip(base, base[1:] + (None,)):
        if following is None:
            node[step] = obj
        else:
            node = node.setdefault(step, {} if isinstance(following, str) else [])
    return obj


def _locate(walk: _Walk, text: str, lines: list[str], line: int, cut_col: int, cut: int) -> Cursor:
    """The cursor's place from the open frames and the cursor line's indentation."""
    stack = walk.stack
    prefix = lines[line][:cut_col]
    stripped = prefix.strip()
    empty = Span(line, cut_col, line, cut_col)
    if not stack:
        return Cursor(line, cut_col, "key", (), "", empty)
    top = stack[-1]
    last = walk.last_value
    if last is not None and last[0] is top and _ends_at_cut(text, last[2], cut):
        frame, start, _end, style = last
        value_text, quote = _value_text(text[start:cut], style)
        cursor = Cursor(line, cut_col, "value", frame.path + (_last_step(frame),), "", empty, flow=frame.flow,
                        value_text=value_text, quote=quote)
        return _with_mapping(cursor, frame, lines, text, cut)
    if top.is_map and top.key is not None and (top.flow or top.key_line == line) \
            and ":" in text[top.key_end:cut]:
        value_text, quote = _value_text(text[top.key_end:cut].split(":", 1)[1], None)
        cursor = Cursor(line, cut_col, "value", top.path + (top.key,), "", empty, flow=top.flow,
                        value_text=value_text, quote=quote)
        return _with_mapping(cursor, top, lines, text, cut)
    # libyaml scans a flow collection that could be a key as a whole before it reports any of
    # it; when the rest of the line breaks it (an open quote), the part the parser did not
    # report is read here.
    if not top.flow:
        bracket = linewalk.unclosed_bracket(prefix)
        if bracket is not None:
            return _flow_tail(_flow_base(top, line, prefix[:bracket]), prefix[bracket:], line, cut_col, empty,
                              text, cut)
    elif walk.errored:
        tail = text[top.end:cut]
        bracket = linewalk.unclosed_bracket(tail)
        if bracket is not None:
            if top.is_map:
                base = top.path + (top.key,) if top.key is not None else top.path
            else:
                base = top.path + (len(top.obj),)
            return _flow_tail(base, tail[bracket:], line, cut_col, empty, text, cut)
    if top.flow:
        if top.is_map:
            return _with_mapping(Cursor(line, cut_col, "key", top.path, "", empty, flow=True), top, lines, text, cut)
        value_text, quote = _value_text(text[top.end:cut].lstrip(",[ \n"), None)
        return Cursor(line, cut_col, "item", top.path + (len(top.obj),), "", empty, flow=True,
                      value_text=value_text, quote=quote)
    if stripped and _DASHES.fullmatch(stripped):
        dash_col = prefix.index("-")
        for frame in reversed(stack):
            if not frame.is_map and frame.col == dash_col:
                return Cursor(line, cut_col, "item", frame.path + (len(frame.obj),), "", empty)
            if frame.is_map and frame.key is not None and (frame.col or 0) <= dash_col:
                return Cursor(line, cut_col, "item", frame.path + (frame.key, 0), "", empty)
        return Cursor(line, cut_col, "item", (0,), "", empty)
    indent = line_indent(prefix) if stripped else cut_col
    for depth in range(len(stack) - 1, -1, -1):
        frame = stack[depth]
        if frame.is_map:
            col = frame.col if frame.col is not None else indent
            if frame.key is not None and frame.key_line < line and indent > col:
                return Cursor(line, cut_col, "key", frame.path + (frame.key,), "", empty, fresh=True)
            if indent >= col:
                return _with_mapping(Cursor(line, cut_col, "key", frame.path, "", empty), frame, lines, text, cut)
        elif indent > frame.col and frame.obj and isinstance(frame.obj[-1], dict):
            cursor = Cursor(line, cut_col, "key", frame.path + (len(frame.obj) - 1,), "", empty)
            cursor.mapping = dict(frame.obj[-1])
            return cursor
        elif indent >= frame.col:
            parent = stack[depth - 1] if depth else None
            if indent == frame.col and parent is not None and parent.is_map and parent.col == indent:
                continue  # a list written at its key's indentation: a key of that mapping goes here
            return Cursor(line, cut_col, "item", frame.path + (len(frame.obj),), "", empty)
    return _with_mapping(Cursor(line, cut_col, "key", stack[0].path, "", empty), stack[0], lines, text, cut)


def _flow_base(top: _Frame, line: int, lead: str) -> tuple:
    """The path of a flow collection that starts on the cursor's line after ``lead``."""
    lead = lead.strip()
    if top.is_map and top.key is not None and top.key_line == line:
        return top.path + (top.key,)
    if not top.is_map and lead.startswith("-"):
        return top.path + (len(top.obj),)
    if lead.endswith(":"):
        return top.path + (linewalk.unquote(lead[:-1].lstrip("- ").strip()),)
    return top.path


def _flow_tail(base: tuple, fragment: str, line: int, cut_col: int, empty: Span, text: str, cut: int) -> Cursor:
    steps, role, value_text, quote, known = linewalk.flow_path(fragment)
    cursor = Cursor(line, cut_col, role, base + steps, "", empty, flow=True, value_text=value_text, quote=quote)
    after = linewalk.flow_keys(text, skip_word(text, cut))
    cursor.mapping = {**after, **known}
    return cursor


def _ends_at_cut(text: str, end: int, cut: int) -> bool:
    """Whether only spaces (of the same line) lie between a value's end and the cursor."""
    between = text[end:cut]
    return not between.strip(" ") and "\n" not in between


def _last_step(frame: _Frame):
    if frame.is_map:
        return next(reversed(frame.obj)) if frame.obj else "?"
    return len(frame.obj) - 1


def _value_text(raw: str, style) -> tuple[str, str]:
    """The text of a value before the cursor, without its opening quote or block header."""
    raw = raw.lstrip(" ")
    if style in ("|", ">") or raw[:1] in ("|", ">"):
        newline = raw.find("\n")
        return (raw[newline + 1:] if newline >= 0 else ""), ""
    if raw[:1] in ("'", '"'):
        return raw[1:], raw[0]
    return raw, ""


def _with_mapping(cursor: Cursor, frame: _Frame, lines: list[str], text: str, cut: int) -> Cursor:
    """Add the keys of the mapping ``frame`` read before the cursor and those written after it."""
    if not frame.is_map:
        return cursor
    known = dict(frame.obj)
    if frame.flow:
        after = linewalk.flow_keys(text, skip_word(text, cut))
    else:
        after = linewalk.block_keys_after(lines, cursor.line + 1, frame.col)
    for key, value in after.items():
        known.setdefault(key, value)
    cursor.mapping = known
    return cursor


def skip_word(text: str, offset: int) -> int:
    """The offset after the name characters that start at ``offset`` (the word being typed)."""
    end = offset
    while end < len(text) and (text[end].isalnum() or text[end] in "_-."):
        end += 1
    return end
