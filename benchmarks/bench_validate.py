"""The validator's checks (everything but the test games) on a 5,000-line model.

Uses the generated model of ``bench_yaml_load.py`` and reports the time after loading (the
target is well under 200 ms) beside the time of loading itself, measured in the same run; then
the schema check alone, compiled (:mod:`tabletwin.checks.schema_compiled`) beside the jsonschema
library on the same data, after checking that both give the same errors.

    .venv/bin/python benchmarks/bench_validate.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_yaml_load import make_model  # noqa: E402

from tabletwin.checks.schema import schema_errors  # noqa: E402
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
    data = loaded.data
    compiled, library = schema_errors(data, backend="compiled"), schema_errors(data, backend="jsonschema")
    if sorted(map(_key, compiled)) != sorted(map(_key, library)):  # jsonschema's order of extra keys varies
        raise SystemExit("the compiled schema check and jsonschema disagree on this model")
    fast = timed(lambda: schema_errors(data, backend="compiled"))
    slow = timed(lambda: schema_errors(data, backend="jsonschema"), repeat=3)
    print(f"schema check ({len(compiled)} errors): compiled {fast * 1000:.1f} ms, jsonschema {slow * 1000:.1f} ms "
          f"({slow / fast:.1f} times faster)")


def _key(error) -> tuple:
    return tuple(map(str, error.absolute_path)), str(error.validator), repr(error.validator_value)


if __name__ == "__main__":
    main()
