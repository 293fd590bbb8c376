"""Content items at run time: whether an item counts (``active_x``) and its compiled effect."""

from __future__ import annotations

from ..model.code import Code
from ..model.ops import compile_ops


def item_path(runner, item) -> tuple:
    return runner.model.item_paths.get(id(item), ("content",))


def is_active(runner, item, local_names: dict, nested: bool = False) -> bool:
    """An item's triggers and modifiers apply while its ``active_x`` is true (default: always).

    ``nested``: asked from inside an expression (a modifier applied by ``modified()``).
    """
    text = item.get("active_x")
    if text is None:
        return True
    cache = runner.model.compiled_parts
    code = cache.get(("active", id(item)))
    if code is None:
        code = cache[("active", id(item))] = Code(text, item_path(runner, item) + ("active_x",))
    names = dict(local_names)
    names["self"] = item
    return bool(code.run(names, runner.scope) if nested else code(names, runner.scope))


def effect_ops(runner, item) -> list:
    cache = runner.model.compiled_parts
    ops = cache.get(("effect", id(item)))
    if ops is None:
        ops = cache[("effect", id(item))] = compile_ops(item.get("effect"), item_path(runner, item) + ("effect",))
    return ops
