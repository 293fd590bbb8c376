"""The validator's checks (everything but the test games) on a 5,000-line model.

Uses the generated model of ``bench_yaml_load.py`` and reports the time after loading (the
target is well under 200 ms) beside the time of loading itself, measured in the same run.

    .venv/bin/python benchmarks/bench_validate.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_yaml_load import make_model  # noqa: E402

from tabletwin.modelfile import load_yaml  # noqa: E402
from tabletwin.validate import validate  # noqa: E402


def timed(function, repeat: int = 7) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    text = make_model(5000)
    loaded = load_yaml(text)
    report = validate(loaded, games=0)
    load = timed(lambda: load_yaml(text))
    checks = timed(lambda: validate(loaded, games=0))
    print(f"lines: {len(text.splitlines())}, errors {len(report.errors)}, warnings {len(report.warnings)}")
    print(f"load: {load * 1000:.1f} ms; checks after loading: {checks * 1000:.1f} ms "
          f"({checks / load:.2f} times the load)")


if __name__ == "__main__":
    main()
