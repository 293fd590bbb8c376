"""The models the diagram tests draw: every example and the cheat sheet's fixtures."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODELS = sorted((ROOT / "examples").glob("*.yaml")) + sorted((ROOT / "tests" / "fixtures" / "cheatsheet").glob("*.yaml"))


def text(name: str) -> str:
    return next(p for p in MODELS if p.stem == name).read_text(encoding="utf-8")
