"""Lint (:mod:`tabletwin.lint`) on the 5,000-line model of ``bench_yaml_load.py``.

Reports the time of lint on a load it has not seen (its symbol index built too, as on the
command line) and with the index already built (as in the language server, where the editor's
snapshot of the same load built it), beside the validator's checks without lint.

    .venv/bin/python benchmarks/bench_lint.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_validate import timed  # noqa: E402
from bench_yaml_load import make_model  # noqa: E402

from tabletwin.lint import lint_model  # noqa: E402
from tabletwin.modelfile import LoadedYaml, load_yaml  # noqa: E402
from tabletwin.validate import validate  # noqa: E402



def fresh(loaded: LoadedYaml) -> LoadedYaml:
    """The same document as a load no index was built for."""
    return LoadedYaml(loaded.data, loaded.positions, loaded.text)


def main() -> None:
    text = make_model(5000)
    loaded = load_yaml(text)
    found = lint_model(loaded)
    cold = timed(lambda: lint_model(fresh(loaded)))
    warm = timed(lambda: lint_model(loaded))
    checks = timed(lambda: validate(loaded, games=0, lint=False))
    counts = ", ".join(f"{code} {n}" for code, n in Counter(f.data["code"] for f in found).most_common())
    print(f"lines: {len(text.splitlines())}, lint warnings: {len(found)} ({counts})")
    print(f"lint: {cold * 1000:.1f} ms with its index, {warm * 1000:.1f} ms with the index built; "
          f"validator checks without lint: {checks * 1000:.1f} ms")


if __name__ == "__main__":
    main()
