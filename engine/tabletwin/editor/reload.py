"""The load of an edited text made from the load of the text before it, reading only what changed.

Loading a 5,000-line model takes about 90 ms, and an edit mostly changes one entry of one
section: one action, one content item. :func:`spliced_load` reads only that entry (the lines
from its key at two spaces of indentation to the next line indented two spaces or less) and
puts it in place of the old one: the other values are the old load's (the data is read-only
for every reader), and their positions move by the lines the edit added or removed.

The result equals ``load_yaml(text)``, data, positions and the order of both (the tests
compare them on random edits). Whenever that cannot be seen to hold cheaply, it returns
``None`` and the caller loads the whole text: an edit across entries or on an entry's key
line, a key at two spaces that is not a block mapping's entry, aliases or ``<<`` merges
anywhere (their values are shared across entries), line breaks other than ``\\n`` and
``\\r\\n``, a byte order mark, text that is not YAML (the whole text's error is the one to
report), and an entry nested deep enough to come near :data:`~tabletwin.modelfile.compose.MAX_DEPTH`.
"""

from __future__ import annotations

import re

from ..modelfile import LoadedYaml
from ..modelfile.compose import MAX_ALIAS_VALUES, MAX_DEPTH, compose
from ..modelfile.positions import PositionTable, moved_span

#: Entries longer than this are not worth splicing: the whole text is read as fast.
MAX_SPLICED_SHARE = 0.5

_OTHER_BREAKS = ("\x85", "\u2028", "\u2029")


def spliced_load(old: LoadedYaml, text: str) -> LoadedYaml | None:
    """``load_yaml(text)`` made from ``old`` (the load of an earlier text), or ``None`` (load it all)."""
    try:
        return _spliced(old, text)
    except Exception:  # noqa: BLE001 - a shape this module did not foresee: the whole load decides
        return None


def _spliced(old: LoadedYaml, text: str) -> LoadedYaml | None:
    positions = old.positions
    data = old.data
    if data.__class__ is not dict or text.startswith("\ufeff"):
        return None
    if any(mark in text for mark in _OTHER_BREAKS) or "\r" in text and "\r" in text.replace("\r\n", "\n"):
        return None
    kept = _last_lines
    old_lines = kept[1] if kept[0] is old.text else old.text.split("\n")
    new_lines = text.split("\n")
    first, old_end, new_end = _changed(old_lines, new_lines)
    if first is None:
        return None
    start = _entry_start(new_lines, first)
    if start is None:
        return None
    end = _entry_end(new_lines, first)  # past the changed lines, which must all be inside
    delta = len(new_lines) - len(old_lines)
    old_stop = end - delta
    if old_stop < old_end or not all(_inside(line) for line in old_lines[first:old_end]):
        return None  # the old text had an entry's key (or a shallower line) where the edit is
    if not all(_inside(line) for line in new_lines[first:new_end]):
        return None
    if (end - start) > MAX_SPLICED_SHARE * len(new_lines):
        return None
    path = _entry_path(positions, data, old_lines, start)
    if path is None:
        return None
    entry_lines = new_lines[start:end]
    if any("&" in line for line in entry_lines):
        return None  # it may anchor a value that other entries share
    anchors = _anchors(positions, path, text, entry_lines, old_lines, start)
    if anchors is None:
        return None
    piece_lines = [""] * start
    for number in anchors.lines:
        piece_lines[number] = old_lines[number]  # the anchored values, where they are written
    top_key = positions.written(path[:1])[0]
    piece_lines[top_key[0]] = old_lines[top_key[0]]
    piece = "\n".join(piece_lines + entry_lines) + ("\n" if end < len(new_lines) else "")
    try:
        # libyaml only (load_yaml may go on with the slower parser, which the whole text, if
        # long, would not); every line keeps its number.
        piece_data, table = compose(piece)
    except Exception:  # noqa: BLE001 - any problem: the whole text is loaded and reports it
        return None
    top, name = path
    if piece_data.__class__ is not dict or list(piece_data).count(top) != 1:
        return None
    section = piece_data[top]
    if section.__class__ is not dict or list(section)[-1:] != [name]:
        return None
    if max(map(len, table)) + 2 >= MAX_DEPTH - 2:
        return None
    value = section[name]
    shared = anchors.shared(piece_data, data)
    if shared is None:
        return None
    value = _share(value, shared)
    new_data = {key: (_replaced(item, name, value) if key == top else item) for key, item in data.items()}
    groups = _entry_groups(positions)
    new_paths = [inner for inner in table if inner[:2] == path]
    old_entry = positions.written(path)
    new_entry = table.written(path)
    if old_entry is None or new_entry is None:
        return None
    fixed = {(): (None, (0, 0, text.count("\n"), len(text) - text.rfind("\n") - 1))}
    if delta:
        for other in data:  # no others: a merge into the root is never spliced
            key, spans = positions.written((other,))
            fixed[(other,)] = (moved_span(key, old_stop, delta), moved_span(spans, old_stop, delta))
    key, spans = positions.written((top,))
    if spans[2:] == old_entry[1][2:]:
        fixed[(top,)] = (key, spans[:2] + new_entry[1][2:])  # the section ends where its last entry now ends
    aliases = {**_outside(positions.aliases, path), **_under(table.aliases, path)}
    merges = {**_outside(positions.merges, path), **_under(table.merges, path)}
    if not _few_repeats(new_data, aliases):
        return None
    table = positions.spliced(path, table, new_paths, groups, old_stop, delta, fixed, aliases, merges)
    if table is None:
        return None
    _keep_groups(table, {**groups, path: new_paths})
    _keep_lines(text, new_lines)
    return LoadedYaml(new_data, table, text)


_ALIAS = re.compile(r"\*([^\s,\[\]{}]+)")
_ANCHOR = re.compile(r"&([^\s,\[\]{}]+)")


class _Anchors:
    """The entries (top-level section, name) holding the anchored values an entry may use."""

    def __init__(self, entries: list[tuple], lines: set[int]):
        self.entries = entries
        self.lines = lines

    def shared(self, piece_data: dict, data: dict) -> dict | None:
        """id of each collection of the piece's anchored entries -> the old load's same collection."""
        found: dict = {}
        for top, name in self.entries:
            piece = piece_data.get(top, {}).get(name) if piece_data.get(top).__class__ is dict else None
            if piece is None or piece != data[top][name]:
                return None
            _pair(piece, data[top][name], found)
        return found


def _anchors(positions: PositionTable, path: tuple, text: str, entry_lines: list[str], old_lines: list[str],
             start: int) -> _Anchors | None:
    """What the piece must hold besides the entry so that its aliases mean what they mean in the
    whole text: each anchored entry written before it, when every anchor is simple (defined once,
    in an entry of a block section before ``start``, holding no alias itself)."""
    targets = set(positions.aliases.values())
    for sources in positions.merges.values():
        targets.update(sources)
    used = {match for line in entry_lines for match in _ALIAS.findall(line)}
    if not targets:
        return _Anchors([], set()) if not used else None
    defined: dict[str, int] = {}
    for match in _ANCHOR.findall(text):
        defined[match] = defined.get(match, 0) + 1
    if any(defined.get(alias) != 1 for alias in used):
        return None
    entries, lines = [], set()
    for target in targets:
        if len(target) < 2 or target[:2] == path:
            return None
        holder = target[:2]
        entry = positions.written(holder)
        section = positions.written(holder[:1])
        if entry is None or entry[0] is None or section is None or section[0] is None:
            return None
        key_line, end_line = entry[0][0], entry[1][2]
        if key_line > start:
            continue  # written after the entry: none of its aliases can name it
        if entry[0][1] != 2 or end_line >= start or section[0][1] != 0:
            return None
        if any(alias[:len(target)] == target for alias in positions.aliases):
            return None  # an alias inside an anchored value: leave the counting to the whole load
        if holder not in entries:
            entries.append(holder)
            lines.update(range(key_line, end_line + 1))
            lines.add(section[0][0])
    return _Anchors(entries, lines)


def _pair(piece, old, found: dict) -> None:
    if piece.__class__ is dict:
        found[id(piece)] = old
        for key, value in piece.items():
            _pair(value, old[key], found)
    elif piece.__class__ is list:
        found[id(piece)] = old
        for value, item in zip(piece, old):
            _pair(value, item, found)


def _share(value, shared: dict):
    """``value`` with each collection it shares with an anchored entry replaced by the old load's
    own (the walks go through a shared value once, by identity)."""
    if not shared:
        return value
    if value.__class__ is dict:
        for key, item in value.items():
            if item.__class__ is dict or item.__class__ is list:
                value[key] = shared[id(item)] if id(item) in shared else _share(item, shared)
    elif value.__class__ is list:
        for index, item in enumerate(value):
            if item.__class__ is dict or item.__class__ is list:
                value[index] = shared[id(item)] if id(item) in shared else _share(item, shared)
    return value


def _outside(table, path: tuple) -> dict:
    return {key: value for key, value in table.items() if key[:2] != path}


def _under(table, path: tuple) -> dict:
    return {key: value for key, value in table.items() if key[:2] == path}


def _few_repeats(data: dict, aliases: dict) -> bool:
    """Whether the aliases repeat far fewer values than the loader allows (it counts them on a
    whole load; here an upper bound: the values under each alias's anchored value)."""
    sizes: dict = {}
    total = 0
    for target in aliases.values():
        if target not in sizes:
            value = data
            for step in target:
                value = value.get(step) if value.__class__ is dict else (
                    value[step] if value.__class__ is list and step.__class__ is int and step < len(value) else None)
            sizes[target] = _count(value)
        total += sizes[target]
    return total * 4 < MAX_ALIAS_VALUES


def _count(value) -> int:
    if value.__class__ is dict:
        return 1 + sum(_count(item) for item in value.values())
    if value.__class__ is list:
        return 1 + sum(_count(item) for item in value)
    return 1


def _replaced(section: dict, name, value) -> dict:
    return {key: (value if key == name else item) for key, item in section.items()}


def _changed(old: list[str], new: list[str]):
    """``(first, old_end, new_end)``: the lines ``old[first:old_end]`` became ``new[first:new_end]``."""
    if old == new:
        return None, 0, 0
    # Runs of equal lines found by comparing slices (in C), halving the step: a loop over the
    # lines of a large model took a third of a spliced load.
    limit = min(len(old), len(new))
    first = _same_run(lambda start, stop: old[start:stop] == new[start:stop], limit)
    old_count, new_count = len(old), len(new)
    last = _same_run(lambda start, stop: old[old_count - stop:old_count - start]
                     == new[new_count - stop:new_count - start], limit - first)
    return first, old_count - last, new_count - last


def _same_run(same, limit: int) -> int:
    """The largest ``n <= limit`` with ``same(0, n)``, where ``same(a, c)`` is ``same(a, b) and same(b, c)``."""
    low, high = 0, limit  # same(0, low) holds; the answer is at most high
    while low < high:
        middle = (low + high + 1) // 2
        if same(low, middle):
            low = middle
        else:
            high = middle - 1
    return low


def _indent(line: str) -> int | None:
    """Spaces before the line's text; ``None`` for a blank or comment-only line."""
    stripped = line.lstrip(" ")
    if not stripped.strip() or stripped.startswith("#"):
        return None
    return len(line) - len(stripped)


def _inside(line: str) -> bool:
    """A line that can be inside an entry at two spaces: deeper, blank, or a comment."""
    indent = _indent(line)
    return indent is None or indent > 2


def _entry_start(lines: list[str], first: int) -> int | None:
    """The line of the key (two spaces in) of the entry holding line ``first``, not ``first`` itself."""
    for number in range(min(first, len(lines)) - 1, -1, -1):
        line = lines[number]
        indent = _indent(line)
        if indent is None or indent > 2:
            continue
        if indent == 2 and line[2] not in "-?{[&*!|>'\"%@`":
            return number
        return None
    return None


def _entry_end(lines: list[str], start: int) -> int:
    """The first line from ``start`` on that is indented two spaces or less (or the end)."""
    for number in range(start, len(lines)):
        if not _inside(lines[number]):
            return number
    return len(lines)


def _entry_path(positions: PositionTable, data: dict, lines: list[str], start: int):
    """``(top, name)``: the entry of a block mapping in a top-level section whose key is at ``start``."""
    for top, section in data.items():
        if section.__class__ is not dict:
            continue
        entry = positions.written((top,))
        if entry is None or entry[0] is None:
            continue
        value = entry[1]
        if not (value[0] <= start <= value[2]):
            continue
        if value[0] >= len(lines) or lines[value[0]][value[1]:value[1] + 1] in ("{", "["):
            return None  # a flow mapping: its keys are not lines of their own
        for name in section:
            key = positions.written((top, name))
            if key is not None and key[0] is not None and key[0][0] == start and key[0][1] == 2:
                return top, name
        return None
    return None


_last_lines: tuple = (None, None)  # (text, its lines) of the last spliced load: the next splice's old lines


def _keep_lines(text: str, lines: list[str]) -> None:
    global _last_lines
    _last_lines = (text, lines)  # one assignment: a thread reading it sees the old pair or the new


#: Position tables whose paths are kept grouped by entry (the last few loads).
KEPT_GROUPS = 4
_groups: dict = {}  # id(table) -> (table, {(top, name): [its paths in table order]})


def _entry_groups(positions: PositionTable) -> dict:
    """The paths of ``positions`` under each entry ``(top, name)``, in table order; worked out
    once for a whole load, then handed from each spliced load to the next."""
    kept = _groups.get(id(positions))
    if kept is not None and kept[0] is positions:
        return kept[1]
    groups: dict = {}
    for path in positions:
        if len(path) >= 2:
            groups.setdefault(path[:2], []).append(path)
    _keep_groups(positions, groups)
    return groups


def _keep_groups(positions: PositionTable, groups: dict) -> None:
    if len(_groups) >= KEPT_GROUPS:
        _groups.clear()
    _groups[id(positions)] = (positions, groups)

