from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def bench_model(lines: int) -> str:
    """The generated model of ``benchmarks/bench_yaml_load.py`` (a large model with every kind of entry)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from bench_yaml_load import make_model
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return make_model(lines)
