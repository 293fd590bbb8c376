"""Reading YAML structure from lines alone, for text the parser cannot read.

Block YAML nests by indentation: the parent of a key or list item at column ``c`` is the nearest
line above with a key or dash left of ``c``. :func:`locate` walks up that way when the parser
failed above the cursor; :func:`block_keys_after` and :func:`flow_keys` find the keys a mapping
has after the cursor (the parser only read up to it). Quoted keys, ``- `` items, one-line flow
collections and comments are understood; block scalars and multi-line flow collections above
the cursor are not, which is acceptable for a fallback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..modelfile.scalars import resolve_plain
from .text import is_blank, line_indent

_KEY = re.compile(r"""(?P<key>"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}\[\],:\-][^#]*?|-[^\s#][^#]*?)\s*:(?=\s|$)(?P<rest>.*)""")
_MAX_LINES = 5000
_MAX_FLOW = 5000


@dataclass
class LineCursor:
    role: str
    path: tuple
    flow: bool = False
    fresh: bool = False
    value_text: str = ""
    quote: str = ""
    mapping: dict = field(default_factory=dict)


def unquote(key: str) -> str:
    if len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"":
        inner = key[1:-1]
        return inner.replace("''", "'") if key[0] == "'" else inner.replace('\\"', '"')
    return key


def scalar(text: str):
    """The value of a one-line scalar written after a key (comments dropped)."""
    text = text.strip()
    if not text:
        return None
    if text[0] in "'\"":
        end = text.find(text[0], 1)
        return text[1:end] if end > 0 else text[1:]
    if text[0] == "{":
        return {}
    if text[0] == "[":
        return []
    hash_at = text.find(" #")
    if hash_at >= 0:
        text = text[:hash_at].rstrip()
    return resolve_plain(text)


def points(line_text: str) -> list[tuple]:
    """The structure of a line: ``(column, 'dash' | 'key', key, rest)`` from left to right."""
    found = []
    index = line_indent(line_text)
    size = len(line_text)
    while index < size:
        if line_text[index] == "-" and (index + 1 == size or line_text[index + 1] == " "):
            found.append((index, "dash", None, ""))
            index += 1
            while index < size and line_text[index] == " ":
                index += 1
            continue
        if line_text[index] == "#":
            break
        match = _KEY.match(line_text, index)
        if match:
            found.append((index, "key", unquote(match.group("key")), match.group("rest")))
        break
    return found


def _is_blank(line_text: str) -> bool:
    return is_blank(line_text)


def mapping_path(lines: list[str], line: int, col: int) -> tuple:
    """The path of the mapping whose keys stand at column ``col`` around ``line``."""
    for index in range(line - 1, max(-1, line - _MAX_LINES), -1):
        text = lines[index]
        if _is_blank(text) or line_indent(text) >= col:
            continue
        left = [p for p in points(text) if p[0] < col]
        if not left:
            continue
        column, kind, key, _rest = left[-1]
        if kind == "key":
            return mapping_path(lines, index, column) + (key,)
        return item_path(lines, index, column)
    return ()


def item_path(lines: list[str], line: int, col: int) -> tuple:
    """The path of the list item whose dash stands at ``(line, col)``: the list's path and index."""
    count = 0
    for index in range(line - 1, max(-1, line - _MAX_LINES), -1):
        text = lines[index]
        if _is_blank(text) or line_indent(text) > col:
            continue
        found = points(text)
        if not found:
            continue
        if any(p[0] == col and p[1] == "dash" for p in found) and found[0][0] >= col:
            count += 1
            continue
        if found[0][0] == col and found[0][1] == "key":
            return mapping_path(lines, index, col) + (found[0][2], count)
        left = [p for p in found if p[0] < col]
        if not left:
            continue
        column, kind, key, _rest = left[-1]
        if kind == "key":
            return mapping_path(lines, index, column) + (key, count)
        return item_path(lines, index, column) + (count,)
    return (count,)


def locate(lines: list[str], line: int, cut_col: int) -> LineCursor:
    """Where column ``cut_col`` of ``line`` stands, from the indentation of the lines above."""
    prefix = lines[line][:cut_col]
    open_at = unclosed_bracket(prefix)
    block = prefix if open_at is None else prefix[:open_at]
    found = points(block)
    base: tuple | None = None
    if found and found[-1][1] == "key":
        column, _kind, key, rest = found[-1]
        base = _container(lines, line, found[:-1], column) + (key,)
        if open_at is None:
            raw = rest.lstrip(" ")
            quote = raw[:1] if raw[:1] in ("'", '"') else ""
            return LineCursor("value", base, value_text=raw[len(quote):], quote=quote)
    elif found:
        column = found[-1][0]
        base = _container(lines, line, found[:-1], column) + (_count_items(lines, line, column),)
        if open_at is None:
            return LineCursor("item", base)
    if open_at is not None:
        if base is None:
            base = mapping_path(lines, line, open_at)
        steps, role, value_text, quote, known = flow_path(prefix[open_at:])
        return LineCursor(role, base + steps, flow=True, value_text=value_text, quote=quote, mapping=known)
    indent = len(block) if not block.strip() else line_indent(block)
    path = mapping_path(lines, line, indent)
    fresh = _first_below_key(lines, line, indent)
    mapping = block_keys_before(lines, line, indent)
    mapping.update({k: v for k, v in block_keys_after(lines, line + 1, indent).items() if k not in mapping})
    return LineCursor("key", path, fresh=fresh, mapping=mapping)


def _container(lines: list[str], line: int, dashes: list[tuple], column: int) -> tuple:
    """The path of the mapping that holds a key at ``column`` of ``line`` (after ``dashes``)."""
    if dashes:
        return item_path(lines, line, dashes[-1][0])
    return mapping_path(lines, line, column)


def _count_items(lines: list[str], line: int, col: int) -> int:
    path = item_path(lines, line, col)
    return path[-1] if path and isinstance(path[-1], int) else 0


def _first_below_key(lines: list[str], line: int, indent: int) -> bool:
    """Whether the nearest line above is a key left of ``indent`` (a new mapping starts here)."""
    for index in range(line - 1, -1, -1):
        if _is_blank(lines[index]):
            continue
        found = points(lines[index])
        return bool(found) and found[-1][1] == "key" and found[-1][0] < indent and not found[-1][3].strip()
    return False


def block_keys_before(lines: list[str], line: int, col: int) -> dict:
    keys: dict = {}
    for index in range(line - 1, max(-1, line - _MAX_LINES), -1):
        text = lines[index]
        if _is_blank(text) or line_indent(text) > col:
            continue
        found = points(text)
        if not found:
            continue
        at = [p for p in found if p[0] == col and p[1] == "key"]
        if at:
            keys.setdefault(at[0][2], scalar(at[0][3]))
        if found[0][0] < col:
            break
    return keys


def block_keys_after(lines: list[str], start: int, col: int | None) -> dict:
    """Keys at column ``col`` on the lines from ``start`` until the mapping ends."""
    keys: dict = {}
    if col is None:
        return keys
    for index in range(start, min(len(lines), start + _MAX_LINES)):
        text = lines[index]
        indent = len(text) - len(text.lstrip(" "))
        if indent > col:
            continue  # inside an entry of the mapping (or blank): most lines of a long one, skipped first
        if _is_blank(text):
            continue
        if indent < col:
            break
        match = _KEY.match(text, indent)
        if match:
            keys.setdefault(unquote(match.group("key")), scalar(match.group("rest")))
    return keys


def unclosed_bracket(text: str) -> int | None:
    """The index of the outermost ``{`` or ``[`` of ``text`` that is not closed (quotes skipped)."""
    stack: list[int] = []
    index = 0
    size = len(text)
    while index < size:
        char = text[index]
        if char in "'\"" and (index == 0 or text[index - 1] in " ,[{:"):
            end = text.find(char, index + 1)
            if end < 0:
                break
            index = end + 1
            continue
        if char == "#" and (index == 0 or text[index - 1] == " "):
            break
        if char in "{[":
            stack.append(index)
        elif char in "}]" and stack:
            stack.pop()
        index += 1
    return stack[0] if stack else None


def _tokens(text: str, start: int = 0, limit: int = _MAX_FLOW):
    """Flow tokens of ``text``: ``(kind, value, offset)`` with kinds ``open close comma colon scalar``."""
    index = start
    size = min(len(text), start + limit)
    while index < size:
        char = text[index]
        if char in " \t\r\n":
            index += 1
        elif char in "{[":
            yield "open", char, index
            index += 1
        elif char in "}]":
            yield "close", char, index
            index += 1
        elif char == ",":
            yield "comma", char, index
            index += 1
        elif char == ":" and (index + 1 >= len(text) or text[index + 1] in " \t\r\n,}]"):
            yield "colon", char, index
            index += 1
        elif char == "#" and (index == 0 or text[index - 1] in " \t\n"):
            newline = text.find("\n", index)
            index = size if newline < 0 else newline
        elif char in "'\"":
            end = index + 1
            while end < len(text):
                if text[end] == char:
                    if char == "'" and end + 1 < len(text) and text[end + 1] == "'":
                        end += 2
                        continue
                    break
                if char == '"' and text[end] == "\\":
                    end += 1
                end += 1
            yield "scalar", ("quoted", text[index + 1:end]), index
            index = end + 1
        else:
            end = index
            while end < size and text[end] not in ",{}[]\n" and not (
                    text[end] == ":" and (end + 1 >= len(text) or text[end + 1] in " \t\r\n,}]")) \
                    and not (text[end] == "#" and text[end - 1] == " "):
                end += 1
            yield "scalar", ("plain", text[index:end].rstrip()), index
            index = end


def flow_keys(text: str, start: int) -> dict:
    """Keys of the flow mapping that ``text[start:]`` continues, up to its closing bracket."""
    keys: dict = {}
    depth = 0
    pending = None
    expect_value = False
    first = True
    for kind, value, _offset in _tokens(text, start):
        if first and kind == "colon":
            pending = ""  # the key under the cursor: its value is not another key
        first = False
        if kind == "open":
            if depth == 0 and expect_value and pending is not None:
                keys[pending] = {} if value == "{" else []
                pending, expect_value = None, False
            depth += 1
        elif kind == "close":
            if depth == 0:
                break
            depth -= 1
        elif depth:
            continue
        elif kind == "comma":
            pending, expect_value = None, False
        elif kind == "colon":
            expect_value = pending is not None
        else:
            style, raw = value
            item = raw if style == "quoted" else resolve_plain(raw)
            if expect_value and pending is not None:
                if pending:
                    keys[pending] = item
                pending, expect_value = None, False
            elif not expect_value:
                pending = str(raw)
                keys.setdefault(pending, None)
    return keys


def flow_path(fragment: str) -> tuple[tuple, str, str, str, dict]:
    """Inside an unclosed flow collection (``fragment`` starts at its bracket): the steps from it
    to the cursor at the end, the role there, a value's text and quote, and the keys (with
    scalar values) the innermost mapping has before the cursor."""
    frames: list[list] = []  # [is_map, key, index, expecting_value, value_start, known]
    for kind, value, offset in _tokens(fragment):
        top = frames[-1] if frames else None
        if kind == "open":
            if top is not None:
                top[4] = None
            if top is not None and top[0] and top[1] is not None:
                top[5][top[1]] = {} if value == "{" else []
            frames.append([value == "{", None, 0, value == "[", offset + 1, {}])
        elif kind == "close":
            if frames:
                frames.pop()
            if frames:
                frames[-1][4] = None
        elif top is None:
            continue
        elif kind == "comma":
            if top[0]:
                top[1], top[3] = None, False
            else:
                top[2] += 1
            top[4] = offset + 1
        elif kind == "colon":
            top[3] = True
            top[4] = offset + 1
        else:
            if top[0] and not top[3]:
                top[1] = str(value[1])
                top[5].setdefault(top[1], None)
            elif top[0] and top[1] is not None:
                top[5][top[1]] = value[1] if value[0] == "quoted" else resolve_plain(value[1])
    steps: list = []
    for frame in frames[:-1]:
        steps.append((frame[1] if frame[1] is not None else "?") if frame[0] else frame[2])
    if not frames:
        return (), "key", "", "", {}
    top = frames[-1]
    known = top[5]
    raw = fragment[top[4]:] if top[4] is not None else ""
    raw = raw.lstrip(" ")
    quote = raw[:1] if raw[:1] in ("'", '"') else ""
    if top[0]:
        if top[3] and top[1] is not None:
            return tuple(steps) + (top[1],), "value", raw[len(quote):], quote, known
        return tuple(steps), "key", "", "", known
    return tuple(steps) + (top[2],), "item", raw[len(quote):], quote, known
