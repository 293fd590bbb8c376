"""Key documentation: ``keydocs.yaml`` plus the schemas' field descriptions, as Markdown.

The same functions write the editor's hover texts and the page ``docs/keys.md``
(``python -m tabletwin.editor.keyspage > docs/keys.md``), so the two cannot drift apart; a test
checks that the page is current.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from ..modelfile import load_yaml
from . import schemanav

_FREE_MAPPINGS = {
    ("model", "actions"): "action", ("model", "flows"): "node", ("model", "boards"): "board",
    ("model", "functions"): "function", ("model", "outcomes"): "outcome_model",
    ("model", "agents"): "agent", ("model", "code"): "code",
}


@lru_cache(maxsize=None)
def docs() -> dict:
    text = resources.files(__package__).joinpath("keydocs.yaml").read_text(encoding="utf-8")
    return load_yaml(text).data


def def_doc(name: str | None) -> dict:
    return docs()["defs"].get(name or "", {}) if name else {}


def plain(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return str(value)


def field_lines(kind: str, def_name: str, schema: dict | None = None) -> list[str]:
    """``- `field`: description (default …)`` for every field of a definition."""
    schema = schema if schema is not None else _def_schema(kind, def_name)
    defaults = def_doc(def_name).get("defaults") or {}
    lines = []
    for name, sub in schemanav.properties(kind, schema, _discriminator(def_name)).items():
        description = schemanav.deref(kind, sub).get("description", "")
        default = f" Default: {plain(defaults[name])}." if name in defaults and "default" not in description.lower() else ""
        lines.append(f"- `{name}`: {description}{default}")
    return lines


def _discriminator(def_name: str) -> dict:
    """Known values that pick a definition's branch (``op_set`` is the ``set`` op)."""
    if def_name.startswith("op_") and def_name != "op_any":
        return {"op": def_name[3:]}
    if def_name.startswith("node_") and def_name != "node_any":
        return {"kind": def_name[5:]}
    return {}


def _def_schema(kind: str, def_name: str) -> dict | None:
    if def_name in ("model", "tactic"):
        return schemanav.root(def_name)
    return schemanav.deref(kind, {"$ref": f"#/$defs/{def_name}"}) if def_name in schemanav.root(kind)["$defs"] else None


def def_markdown(kind: str, def_name: str, fields: bool = True, heading: str = "###") -> str:
    """A definition: its title, summary, fields with defaults, and example."""
    doc = def_doc(def_name)
    schema = _def_schema(kind, def_name)
    title = doc.get("title") or def_name
    summary = doc.get("summary") or (schema or {}).get("description", "")
    parts = [f"{heading} {title}", "", summary]
    if fields and schema is not None:
        lines = field_lines(kind, def_name, schema)
        if lines:
            parts += ["", "Fields:", "", *lines]
    example = doc.get("example")
    if example:
        parts += ["", "Example:", "", "```yaml", example.rstrip("\n"), "```"]
    return "\n".join(parts)


def key_markdown(kind: str, parent_def: str | None, key: str, schema: dict | None) -> str:
    """Hover text of a key: what it means where it stands, its default, and what its value is
    (with that thing's fields and example), or else the example of the mapping it stands in."""
    flat = schemanav.deref(kind, schema) if schema is not None else {}
    description = flat.get("description", "")
    where = def_doc(parent_def).get("title") or parent_def
    head = f"**`{key}`**" + (f" · {where}" if where else "")
    parts = [head, "", description or "A key the schema does not describe."]
    default = (def_doc(parent_def).get("defaults") or {}).get(key)
    if default is not None and "default" not in description.lower():
        parts += ["", f"Default: {plain(default)}"]
    values = schemanav.enum_values(kind, schema)
    if values and flat.get("x-def") not in ("expression",) and len(values) > 2:
        parts += ["", "Values: " + ", ".join(f"`{plain(v)}`" for v in values)]
    target = flat.get("x-def")
    if target is None and (kind, key) in _FREE_MAPPINGS and parent_def in ("model", None):
        target = _FREE_MAPPINGS[(kind, key)]
    if target and def_doc(target) and target not in ("expression", "ops"):
        parts += ["", def_markdown(kind, target, heading="####")]
    elif target == "ops":
        parts += ["", def_markdown(kind, "op", fields=False, heading="####")]
    else:
        example = def_doc(parent_def).get("example")
        if example:
            parts += ["", f"Example ({where}):", "", "```yaml", example.rstrip("\n"), "```"]
    return "\n".join(parts)


def builtin_markdown(name: str) -> str | None:
    entry = docs()["builtins"].get(name)
    if entry is None:
        return None
    return f"```python\n{entry['signature']}\n```\nBuilt-in function. {entry['doc']}"


def board_function_markdown(name: str) -> str | None:
    entry = docs()["board_functions"].get(name)
    if entry is None:
        return None
    return f"```python\n{entry['signature']}\n```\nBoard function. {entry['doc']}"


def name_markdown(name: str, tactic: bool = False) -> str | None:
    table = docs()["tactic_names"] if tactic else {}
    entry = table.get(name) or docs()["names"].get(name)
    if entry is None:
        return None
    return f"**`{name}`** · name in scope\n\n{entry['doc']}"


def render_page() -> str:
    """``docs/keys.md``: every definition, builtin, board function and name."""
    out = [
        "# Keys, ops and names",
        "",
        "Every key of model and tactic files with what it means, its defaults and an example. The",
        "editor's hover shows the same texts: both are made from `engine/tabletwin/editor/keydocs.yaml`",
        "and the field descriptions of `schemas/*.schema.json`. Regenerate this page with",
        "`python -m tabletwin.editor.keyspage > docs/keys.md`.",
        "",
        "## Model files",
        "",
    ]
    for name in docs()["defs"]:
        if name in ("tactic", "rule"):
            continue
        out += [def_markdown("model", name), ""]
    out += ["## Tactic files", ""]
    for name in ("tactic", "rule"):
        out += [def_markdown("tactic", name), ""]
    out += ["## Built-in functions", "", "| Function | Meaning |", "|---|---|"]
    for entry in docs()["builtins"].values():
        out.append(f"| `{entry['signature']}` | {entry['doc']} |")
    out += ["", "## Board functions", "", "| Function | Meaning |", "|---|---|"]
    for entry in docs()["board_functions"].values():
        out.append(f"| `{entry['signature']}` | {entry['doc']} |")
    out += ["", "## Names in scope", "", "| Name | Meaning |", "|---|---|"]
    for name, entry in docs()["names"].items():
        out.append(f"| `{name}` | {entry['doc']} |")
    out += ["", "In tactic files:", "", "| Name | Meaning |", "|---|---|"]
    for name, entry in docs()["tactic_names"].items():
        out.append(f"| `{name}` | {entry['doc']} |")
    return "\n".join(out) + "\n"
