"""Ops that cannot run as written: ``missing-field`` and ``missing-index``.

The engine says "field 'from' is missing" only when it reaches the op, and "zone 'hand' belongs
to a player" only when the op moves something; both are visible in the text.
"""

from __future__ import annotations

from dataclasses import replace

from ..editor.entries import moved
from ..editor.symbols import Index
from ..editor.text import scalar_start
from ..errors import Span
from ..checks import reuse
from ..checks.kept import raw_place
from ..validate.walk import all_ops, mapping, op_groups
from .finding import lint

#: The fields each op needs to run (reference §11 and the engine's ops): each entry is a tuple of
#: alternatives, one of which must be written, as ``name`` or ``name_x``.
REQUIRED = {
    "set": (("value",), ("var", "attr")), "add": (("amount",), ("var", "attr")), "let": (("bind",), ("value",)),
    "place": (("what",), ("to",)), "create": (("what",), ("to",)), "move": (("what",), ("from",), ("to",)),
    "destroy": (("what",),), "draw": (("from",), ("to",)), "look": (("from",),), "search": (("from",), ("bind",)),
    "reveal": (("what",),), "choose": (("options",), ("bind",)), "roll": (("die",),), "if": (("cond",),),
    "for_each": (("items",),), "repeat": (("until",),), "run": (("flow",),), "call": (("code",),),
}
ZONE_FIELDS = ("from", "to", "zone")
#: Ops whose ``var`` changes the value in place, so a per-player variable needs its player's index.
INDEXED_VAR_OPS = ("add",)


def _written(op: dict, name: str) -> bool:
    return name in op or f"{name}_x" in op  # a written null is a value (``let`` of ``None``)


def missing_field_findings(index: Index) -> list:
    """``missing-field`` per op list, kept while the list is the same object (see :func:`_kept_missing_fields`)."""
    found = []
    for owner, walked in op_groups(mapping(index.data)):
        if not walked:
            continue
        if reuse.reusable(owner.path):
            found += _kept_missing_fields(index, owner, walked)
        else:
            found += _missing_fields(index, walked)
    return found


def _kept_missing_fields(index: Index, owner, walked: list) -> list:
    """The last findings of an op list that is the same object, moved when its place moved by whole
    lines: a list not read again by the edit's load kept its text, which moved with its first line.
    A list without findings has none wherever it is (they depend on its ops' fields alone): it is
    kept without its place, and not placed at all."""
    unplaced = reuse.lookup("missing_fields", owner.path, owner.ops)
    if unplaced is not None and not unplaced[0][1]:
        return []
    where = raw_place(index.positions, owner.path)
    line, shape = (None, None) if where is None else (where[0], (where[1], where[2] - where[0], where[3]))
    kept = reuse.lookup("missing_fields", owner.path, owner.ops, shape)
    if kept is not None:
        last_line, findings = kept[0]
        if last_line == line:
            return findings
        findings = [_moved(finding, line - last_line) for finding in findings]
    else:
        findings = _missing_fields(index, walked)
    if findings:
        reuse.keep("missing_fields", owner.path, owner.ops, (line, findings), shape)
    else:
        reuse.keep("missing_fields", owner.path, owner.ops, (None, findings))
    return findings


def _moved(finding, lines: int):
    span = finding.span
    return replace(finding, span=None if span is None else moved(span, lines))


def _missing_fields(index: Index, walked: list) -> list:
    found = []
    for op, path in walked:
        kind = op.get("op")
        needs = REQUIRED.get(kind) if isinstance(kind, str) else None
        if needs is None:
            continue
        needs = needs + ((("of",),) if "attr" in op and kind in ("set", "add") else ())
        for alternatives in needs:
            if any(_written(op, name) for name in alternatives):
                continue
            wanted = " or ".join(f"'{name}'" for name in alternatives)
            span = index.positions.value_span(path + ("op",)) or index.positions.span(path)
            found.append(lint("missing-field", f"{kind} needs {wanted} to run", span, path + ("op",),
                              op=kind, field=alternatives[0]))
    return found


def missing_index_findings(index: Index) -> list:
    data = mapping(index.data)
    state = mapping(data.get("state"))
    zones = {str(name) for name, zone in mapping(state.get("zones")).items() if mapping(zone).get("owner") == "player"}
    variables = {str(name) for name, var in mapping(state.get("vars")).items() if mapping(var).get("scope") == "player"}
    if not zones and not variables:
        return []
    found = []
    for op, path, _owner in all_ops(data):
        checks = [(name, zones, "zone") for name in ZONE_FIELDS]
        if op.get("op") in INDEXED_VAR_OPS:
            checks.append(("var", variables, "variable"))
        for name, per_player, what in checks:
            value = op.get(name)
            if not isinstance(value, str) or value.strip() not in per_player:
                continue
            base = value.strip()
            span = index.positions.value_span(path + (name,))
            start = scalar_start(index.lines, span, value) if span is not None else None
            # A plain scalar gets quotes: ``[`` and ``]`` would end a flow mapping's value.
            replacement = f"{base}[actor]" if start is not None and start > span.column else f'"{base}[actor]"'
            if start is not None:
                start += value.index(base)
                span = Span(span.line, start, span.line, start + len(base))
            found.append(lint("missing-index", f"{what} '{base}' belongs to a player; write {base}[actor] "
                              f"or {base}[player index]", span, path + (name,), name=base,
                              replacement=replacement, exact=start is not None))
    return found


__all__ = ["REQUIRED", "missing_field_findings", "missing_index_findings"]
