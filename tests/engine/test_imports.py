"""Imports go in one direction: no module of the game imports inside a function (the old runner
imported events, modifiers, the op table and windows lazily to hide a cycle), and no two modules
of the engine or of the server import each other, directly or through others."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
GAME = ROOT / "engine" / "tabletwin" / "game"


def _modules(folder: Path = GAME) -> dict[str, Path]:
    return {str(path.relative_to(folder).with_suffix("")).replace("/", "."): path for path in folder.rglob("*.py")}


def _imports(name: str, path: Path) -> tuple[set[str], list[int]]:
    """The game modules ``name`` imports at its top, and the lines of imports inside functions."""
    tree = ast.parse(path.read_text())
    package = name.split(".")[:-1]
    found, nested = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
            if node.level > len(package) + 1:
                continue
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            candidates = [target] + [f"{target}.{alias.name}" if target else alias.name for alias in node.names]
            found.update(c.removesuffix(".__init__") for c in candidates)
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nested.extend(node.lineno for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom)))
    return found, nested


def test_no_module_of_the_game_imports_inside_a_function():
    lazy = {name: lines for name, path in _modules().items() if (lines := _imports(name, path)[1])}
    assert lazy == {}


def _assert_acyclic(graph: dict[str, set[str]]) -> None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(graph[name]):
            assert state.get(target) != 1, f"import cycle: {' -> '.join([*path, target])}"
            if state.get(target) is None:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def _graph(folder: Path, *, through_packages: bool) -> dict[str, set[str]]:
    modules = _modules(folder)
    if not through_packages:  # a package's __init__ gathers its modules' names: not an edge
        modules = {name: path for name, path in modules.items() if path.name != "__init__.py"}
    return {name: {target for target in _imports(name, path)[0] if target in modules and target != name}
            for name, path in modules.items()}


def test_the_game_modules_import_without_cycles():
    graph = _graph(GAME, through_packages=True)
    for name in ("runner", "endcheck", "windows", "events", "flowframes"):
        assert name in graph
    _assert_acyclic(graph)


def test_the_engine_and_server_modules_import_without_cycles():
    """Lazy imports count too: they hid the cycles of play, players and tactics, and of the
    editor's fixes, navigation and tactic places."""
    engine = _graph(ROOT / "engine" / "tabletwin", through_packages=False)
    for name in ("play", "players.seats", "tactics.search", "editor.fix", "editor.navigation",
                 "simulate.runner", "simulate.workers"):
        assert name in engine
    assert "game.chance" in engine["play"] and "editor.fix" in engine["editor.navigation"]
    _assert_acyclic(engine)
    _assert_acyclic(_graph(ROOT / "server" / "tabletwin_lsp", through_packages=False))
