"""Tactic files: how someone plays a model, as rules tried top to bottom (tactics.md).

A tactic is loaded once: ``extends`` chains are merged (the variant's rules first, its ``let``
values win, every other key replaces the base's), every rule is checked to have an ``at`` and
exactly one pick field, and every expression is compiled lazily with the model path of its field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import NotExecutable
from ..model.code import Code
from ..modelfile import load_yaml

PICK_FIELDS = ("pick", "pick_x", "max_x", "min_x", "take_x")


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


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _read(path: Path, chain: tuple) -> dict:
    """The tactic at ``path`` with its ``extends`` chain merged in."""
    resolved = path.resolve()
    if resolved in chain:
        names = " → ".join(p.name for p in (*chain, resolved))
        raise NotExecutable(f"tactic {path.name}: extends runs in a cycle ({names})")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise NotExecutable(f"tactic {path}: cannot read the file: {exc.strerror}") from None
    data = load_yaml(text).data
    if not isinstance(data, dict) or "tactic" not in data:
        raise NotExecutable(f"tactic {path}: not a tactic file (no top-level 'tactic')")
    base_name = data.get("extends")
    if base_name is None:
        return data
    base = _read(path.parent / str(base_name), (*chain, resolved))
    merged = {**base, **{k: v for k, v in data.items() if k not in ("rules", "let", "extends")}}
    merged["rules"] = list(data.get("rules") or []) + list(base.get("rules") or [])
    merged["let"] = {**_mapping(base.get("let")), **_mapping(data.get("let"))}
    return merged


def load_tactic(path) -> Tactic:
    path = Path(path)
    return compile_tactic(_read(path, ()), str(path))


def _places(value) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def compile_tactic(data: dict, path: str = "-") -> Tactic:
    name = str(data.get("tactic", "?"))
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
        pick = raw[pick_field] if pick_field == "pick" else Code(raw[pick_field], at_path + (pick_field,))
        when = Code(raw["when_x"], at_path + ("when_x",)) if raw.get("when_x") is not None else None
        options = raw.get("options")
        rules.append(Rule(number, _places(raw["at"]), list(options) if isinstance(options, list) else None, when,
                          pick_field, pick))
    lets = {str(key): Code(text, ("let", key)) for key, text in _mapping(data.get("let")).items()}
    search = None
    raw_search = _mapping(data.get("search"))
    if raw_search.get("at") is not None:
        rollouts = int(raw_search.get("rollouts", 8))
        search = Search(_places(raw_search["at"]), rollouts, int(raw_search.get("max_rollouts", 4 * rollouts)),
                        float(raw_search.get("z", 2)))
    default = data.get("default", "random")
    if default not in ("random", "first"):
        raise NotExecutable(f"tactic {name}: default must be random or first, not {default!r}")
    game = data.get("game")
    return Tactic(name, str(game) if game is not None else None, rules, lets, default, search, path, data)
