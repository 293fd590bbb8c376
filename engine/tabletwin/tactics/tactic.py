"""Tactic files: how someone plays a model, as rules tried top to bottom (tactics.md).

A tactic is loaded once: ``extends`` chains are merged (the variant's rules first, its ``let``
values win, every other key replaces the base's), every rule is checked to have an ``at`` and
exactly one pick field, and every expression is compiled lazily with the model path of its field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ExprError, NotExecutable, YamlError
from ..expr import ReadAtUse, build_globals
from ..model.code import Code
from ..modelfile import load_yaml
from ..modelfile.compose import describe as _describe
from ..modelfile.files import FileError, read_text_file

PICK_FIELDS = ("pick", "pick_x", "max_x", "min_x", "take_x")

REQUEST_NAMES = frozenset({"opts", "labels", "pool", "chosen"})
"""Local names of a rule made from its decision's request (on first read: most rules read none)."""

RULE_NAMES = REQUEST_NAMES | {"where", "me"}
"""The local names every rule expression may read besides the tactic's lets (tactics.md, What is
in scope); ``max_x``, ``min_x`` and ``take_x`` also read ``o`` and ``i``."""


@dataclass
class Rule:
    number: int
    at: list[str]
    options: list | None
    when: Code | None
    pick_field: str
    pick: object  # a label for ``pick``, else a Code


@dataclass
class Search:
    at: list[str]
    rollouts: int = 8
    max_rollouts: int = 32
    z: float = 2.0


@dataclass
class Tactic:
    name: str
    game: str | None
    rules: list[Rule]
    lets: dict[str, Code]
    default: str = "random"
    search: Search | None = None
    path: str = "-"
    data: dict = field(default_factory=dict)
    literal_lets: dict = field(default_factory=dict, repr=False, compare=False)
    """The lets whose text is one constant, with their values: every decision starts with them
    (the same value each time, made at no cost; a let named like a rule's own name is left out)."""
    rules_at: dict = field(default_factory=dict, repr=False, compare=False)
    """Per place (without `` · n``): the rules whose ``at`` matches it, with their ``options``
    as labels; filled by :func:`~.player.rules_at` as places come up."""


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


MAX_EXTENDS = 32
"""Files an ``extends`` chain may go through, the tactic itself included. Real chains are two or
three files long; a longer one is refused (naming the file where it goes beyond) instead of
being followed through thousands of files."""

MAX_SEARCH_ROLLOUTS = 10_000
"""Largest ``search.rollouts`` and ``search.max_rollouts``: each rollout plays a whole game per
option, so a larger number would make every searched decision take hours."""


class TacticError(NotExecutable):
    """A tactic file that cannot be used; the message starts with ``FILE:LINE:COL:`` (or ``FILE:``)."""

    def __str__(self) -> str:
        return self.message


@dataclass
class _Part:
    """One file of an ``extends`` chain: its path, data and positions."""

    path: Path
    data: dict
    positions: object

    def where(self, path: tuple) -> str:
        """``FILE:LINE:COL`` of the value at ``path`` in this file."""
        span = self.positions.value_span(path) or self.positions.nearest(path)[1]
        line, column = span.human()
        return f"{self.path}:{line}:{column}"


def _chain(path: Path) -> list[_Part]:
    """The tactic at ``path`` and the files its ``extends`` chain goes through, variant first.

    A loop, not a recursion: a chain of thousands of files ends at :data:`MAX_EXTENDS` with a
    message, not with Python's recursion limit.
    """
    parts: list[_Part] = []
    resolved_chain: list[Path] = []
    current = path
    while True:
        try:
            text = read_text_file(current)
        except FileError as exc:
            reason = f"{exc.filename}: {exc.message}"
            if parts:
                reason += f" (extended at {parts[-1].where(('extends',))})"
            raise TacticError(reason) from None
        resolved = current.resolve()
        if resolved in resolved_chain:
            names = " → ".join(p.name for p in (*resolved_chain, resolved))
            raise NotExecutable(f"tactic {path.name}: extends runs in a cycle ({names})")
        try:
            loaded = load_yaml(text)
        except YamlError as exc:
            line, column = exc.span.human() if exc.span else (1, 1)
            raise TacticError(f"{current}:{line}:{column}: {exc.message}") from None
        data = loaded.data
        if not isinstance(data, dict) or "tactic" not in data:
            raise TacticError(f"{current}: not a tactic file (no top-level 'tactic')")
        part = _Part(current, data, loaded.positions)
        parts.append(part)
        resolved_chain.append(resolved)
        base = data.get("extends")
        if base is None:
            return parts
        if not isinstance(base, str) or not base:
            raise TacticError(f"{part.where(('extends',))}: extends names the tactic file this one varies, as "
                              f"text; this is {_describe(base)}")
        if "\0" in base:
            raise TacticError(f"{part.where(('extends',))}: extends holds a NUL character (\\0); no file has "
                              f"such a name")
        if len(parts) == MAX_EXTENDS:
            raise TacticError(f"{part.where(('extends',))}: the extends chain of {path} goes through more than "
                              f"{MAX_EXTENDS} files")
        current = current.parent / base


def _merged(parts: list[_Part]) -> tuple[dict, dict]:
    """The chain's data merged (the variant's rules first, its ``let`` values win, every other key
    replaces the base's) and, for each top-level key, the file its value comes from."""
    base = parts[-1]
    merged = dict(base.data)
    origins = {key: base for key in merged}
    for part in reversed(parts[:-1]):
        data = part.data
        for key, value in data.items():
            if key not in ("rules", "let", "extends"):
                merged[key] = value
                origins[key] = part
        merged["rules"] = list(data.get("rules") or []) + list(merged.get("rules") or [])
        merged["let"] = {**_mapping(merged.get("let")), **_mapping(data.get("let"))}
    merged.pop("extends", None)
    return merged, origins


def load_tactic(path) -> Tactic:
    """The tactic file at ``path``, its ``extends`` chain merged in; :class:`NotExecutable` (whose
    message names the file, and the line and column where it has one) when it cannot be used."""
    path = Path(path)
    if "\0" in str(path):
        raise TacticError(f"{str(path)!r}: the file name holds a NUL character (\\0); no file has such a name")
    parts = _chain(path)
    data, origins = _merged(parts)

    def where(field_path: tuple) -> str:
        part = origins.get(field_path[0], parts[0])
        return part.where(field_path)

    return compile_tactic(data, str(path), where)


def _places(value) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def compile_tactic(data: dict, path: str = "-", where=None) -> Tactic:
    """The tactic of loaded ``data``. ``where(field_path)`` gives the ``FILE:LINE:COL`` of a field
    for messages (without it, messages name the tactic)."""
    name = str(data.get("tactic", "?"))
    if where is None:
        def where(field_path: tuple) -> str:
            return path
    lets = {str(key): text for key, text in _mapping(data.get("let")).items()}
    # Read where used: a let is made on first read, and only if the rule gets that far.
    local_names = ReadAtUse(RULE_NAMES | lets.keys())
    option_names = ReadAtUse(local_names | {"o", "i"})
    rules = []
    for number, raw in enumerate(data.get("rules") or [], 1):
        raw = _mapping(raw)
        at_path = ("rules", number - 1)
        picks = [f for f in PICK_FIELDS if f in raw]
        summary = f"at {raw['at']}" if "at" in raw else "no at"
        if "at" not in raw:
            raise NotExecutable(f"tactic {name}: rule {number} ({summary}) has no at")
        if len(picks) != 1:
            count = "no pick field" if not picks else f"{len(picks)} pick fields"
            raise NotExecutable(f"tactic {name}: rule {number} ({summary}) has {count}")
        pick_field = picks[0]
        if pick_field == "pick":
            pick = raw[pick_field]
        else:
            names = option_names if pick_field in ("max_x", "min_x", "take_x") else local_names
            pick = Code(raw[pick_field], at_path + (pick_field,), names)
        when = Code(raw["when_x"], at_path + ("when_x",), local_names) if raw.get("when_x") is not None else None
        options = raw.get("options")
        rules.append(Rule(number, _places(raw["at"]), list(options) if isinstance(options, list) else None, when,
                          pick_field, pick))
    lets = {key: Code(text, ("let", key)) for key, text in lets.items()}
    literal_lets = _literal_values(lets)
    search = _search(data.get("search"), name, where)
    default = data.get("default", "random")
    if default not in ("random", "first"):
        raise NotExecutable(f"tactic {name}: default must be random or first, not {default!r}")
    game = data.get("game")
    return Tactic(name, str(game) if game is not None else None, rules, lets, default, search, path, data,
                  literal_lets)


def _literal_values(lets: dict) -> dict:
    """The values of the lets that are one constant each (a let that does not compile is left to
    fail where a rule reads it)."""
    values = {}
    scope = None  # a literal reads no name: any scope will do, made once
    for key, code in lets.items():
        if key in RULE_NAMES:
            continue
        try:
            compiled = code.compiled()
        except ExprError:
            continue
        if compiled.is_literal:
            scope = scope if scope is not None else build_globals()
            values[key] = compiled.evaluate({}, scope)
    return values


def _search(raw, name: str, where) -> Search | None:
    """The ``search`` of a tactic, each field checked: a message names the file, field and place."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise TacticError(f"{where(('search',))}: search of tactic {name} must be a mapping (at, rollouts, "
                          f"max_rollouts, z), not {_describe(raw)}")
    if raw.get("at") is None:
        return None

    def whole(field: str, default: int) -> int:
        value = raw.get(field, default)
        if value.__class__ is not int or not 1 <= value <= MAX_SEARCH_ROLLOUTS:
            raise TacticError(f"{where(('search', field))}: search.{field} of tactic {name} must be a whole "
                              f"number from 1 to {MAX_SEARCH_ROLLOUTS:,}, not {_shown(value)}")
        return value

    at = raw["at"]
    if not isinstance(at, (str, list)) or (isinstance(at, list) and not all(isinstance(a, str) for a in at)):
        raise TacticError(f"{where(('search', 'at'))}: search.at of tactic {name} must name places (text or "
                          f"a list of text), not {_describe(at)}")
    rollouts = whole("rollouts", 8)
    max_rollouts = whole("max_rollouts", min(4 * rollouts, MAX_SEARCH_ROLLOUTS))
    z = raw.get("z", 2)
    if z.__class__ not in (int, float) or not 0 <= z < float("inf"):
        raise TacticError(f"{where(('search', 'z'))}: search.z of tactic {name} must be a number from 0 "
                          f"(standard errors of proof), not {_shown(z)}")
    return Search(_places(at), rollouts, max_rollouts, float(z))


def _shown(value) -> str:
    """A field's value in a message: a scalar as written, a collection by its kind."""
    if isinstance(value, (dict, list)):
        return _describe(value)
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."
