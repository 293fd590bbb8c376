"""Ops as loaded: the op's kind, its fields ready to read, and its nested op lists."""

from __future__ import annotations

from .fields import Field, ModelPath, absent, read_code, read_field, read_path

# Fields that accept a literal (a non-text value without _x), per reference §1.
_VALUE_FIELDS = ("value", "amount", "what", "at", "n", "die", "options", "min", "max", "items", "until",
                 "target", "of")
_PATH_FIELDS = ("var", "to", "from", "zone")
_CODE_FIELDS = ("cond_x", "with_x", "actor_x", "visible_to_x", "filter_x", "change_x", "if_x")
_NESTED = ("then", "else", "body", "impact")


class Op:
    """One op of an effect. ``fields`` holds every value field, ``paths`` the zone/var paths."""

    __slots__ = ("kind", "path", "raw", "fields", "paths", "codes", "nested")

    def __init__(self, kind: str, path: tuple, raw: dict):
        self.kind = kind
        self.path = path
        self.raw = raw
        self.fields: dict[str, Field] = {}
        self.paths: dict[str, ModelPath | None] = {}
        self.codes: dict[str, object] = {}
        self.nested: dict[str, list[Op]] = {}

    def field(self, name: str) -> Field:
        return self.fields.get(name) or absent(name)

    def text(self, name: str, default=None):
        value = self.raw.get(name, default)
        return default if value is None else value

    def __repr__(self) -> str:
        return f"Op({self.kind!r} at {self.path})"


def compile_ops(raw_ops, path: tuple, memo: dict | None = None) -> list[Op]:
    """The ops of a list (``effect``, ``cost``, ``then``, ...); not a list gives no ops.

    A list or op that YAML aliases share is compiled once, at its first path (its anchor's),
    and shared in turn (``memo``: id of the raw value -> compiled), so a "billion laughs" effect
    compiles in linear time. Paths only place messages, so sharing changes no game.
    """
    if not isinstance(raw_ops, list):
        return []
    memo = {} if memo is None else memo
    done = memo.get(id(raw_ops))
    if done is None:
        done = memo[id(raw_ops)] = []
        done.extend(compile_op(raw, path + (index,), memo) for index, raw in enumerate(raw_ops))
    return done


def compile_op(raw, path: tuple, memo: dict | None = None) -> Op:
    if not isinstance(raw, dict):
        return Op("", path, {})
    memo = {} if memo is None else memo
    done = memo.get(id(raw))
    if done is not None:
        return done
    kind = raw.get("op")
    op = memo[id(raw)] = Op(kind if isinstance(kind, str) else "", path, raw)
    for name in _VALUE_FIELDS:
        if name in raw or name + "_x" in raw:
            op.fields[name] = read_field(raw, name, path, text_is_literal=name == "value" and kind in ("set", "let"))
    for name in _PATH_FIELDS:
        if name in raw:
            op.paths[name] = read_path(raw, name, path)
    for name in _CODE_FIELDS:
        code = read_code(raw, name, path)
        if code is not None:
            op.codes[name] = code
    for name in _NESTED:
        if name in raw:
            op.nested[name] = compile_ops(raw[name], path + (name,), memo)
    return op
