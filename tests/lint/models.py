"""The models lint must stay silent on, and the pig with one mistake per lint code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent.parent / "shared" / "spec"  # the specification next to the worktrees, when present
SPEC_FIXTURES = ROOT / "tests" / "fixtures" / "spec"
PIG = (ROOT / "examples" / "pig.yaml").read_text(encoding="utf-8")


def clean_models() -> list[Path]:
    """Every example, every fixture model and every whole model the spec's YAML blocks hold."""
    found = sorted((ROOT / "examples").glob("*.yaml")) + sorted((ROOT / "tests" / "fixtures").rglob("*.yaml"))
    return [path for path in found if "tactic:" not in path.read_text(encoding="utf-8")]


def spec_blocks() -> list[tuple[str, str]]:
    """``(name, text)`` of the YAML blocks of the spec pages (``reference-7`` is reference.md's 8th)."""
    blocks = []
    for page in sorted(SPEC.glob("*.md")):
        for number, match in enumerate(re.finditer(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S)):
            blocks.append((f"{page.stem}-{number}", match.group(1)))
    return blocks


def pig_with(*changes: tuple[str, str]) -> str:
    text = PIG
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text
