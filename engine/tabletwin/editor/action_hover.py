"""Hover of an action name: its label, its ``pre`` and its ops as a list, one op per line.

The one-line declaration other names get (``roll: {label: Roll, effect: [...]}``) cuts an action
off after a few hundred characters, which is usually inside its first op. Here each op is its
own line: the op as written when it is written on one line, else in flow style, shortened.
"""

from __future__ import annotations

from . import schemanav
from .symbols import Index

#: Longest text of one op on its line (longer ops end in "...").
MAX_OP_CHARS = 160
#: Most ops listed per list (a long effect ends with "... and N more").
MAX_OPS = 30


def action_markdown(index: Index, name: str, where: str, line: int) -> str:
    action = schemanav.value_at(index.data, ("actions", name))
    head = f"**`{name}`** · action · `{where}` · line {line}"
    if not isinstance(action, dict):
        return head
    parts = [head, ""]
    label = action.get("label")
    if isinstance(label, str) and label:
        parts += [label, ""]
    for field in ("pre_x", "pre"):
        value = action.get(field)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value):
            parts += [f"{field}: `{_code(str(value))}`", ""]
            break
    for field in ("cost", "effect"):
        ops = action.get(field)
        if isinstance(ops, list):
            parts += [f"{field}:" if ops else f"{field}: none"]
            parts += _op_lines(index, ("actions", name, field), ops)
            parts.append("")
    return "\n".join(parts).rstrip()


def _op_lines(index: Index, path: tuple, ops: list) -> list[str]:
    lines = []
    for number, op in enumerate(ops[:MAX_OPS], 1):
        text = _written(index, path + (number - 1,)) or _flow_text(op)
        if len(text) > MAX_OP_CHARS:
            text = text[:MAX_OP_CHARS - 3] + "..."
        lines.append(f"{number}. `{_code(text)}`")
    if len(ops) > MAX_OPS:
        lines.append(f"... and {len(ops) - MAX_OPS} more")
    return lines


def _written(index: Index, path: tuple) -> str | None:
    """The op as written, when it is written on one line."""
    span = index.positions.value_span(path)
    if span is None or span.line != span.end_line or span.line >= len(index.lines):
        return None
    return index.lines[span.line][span.column:span.end_column]


def _flow_text(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_flow_text(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow_text(item) for item in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _code(text: str) -> str:
    """Text inside single backticks (a backtick in it would end the code span)."""
    return text.replace("`", "'")
