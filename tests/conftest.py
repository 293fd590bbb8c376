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


def random_edit(text: str, rng, pieces: list[str], moves: float, deletes: float, most_deleted: int) -> str:
    """One random edit of ``text``: a line moved (with probability ``moves``), 1 to ``most_deleted``
    characters deleted (up to ``deletes``), or one of ``pieces`` typed somewhere (the rest)."""
    choice = rng.random()
    if choice < moves and text.count("\n") > 2:
        lines = text.split("\n")
        moved = lines.pop(rng.randrange(len(lines)))
        lines.insert(rng.randrange(len(lines)), moved)
        return "\n".join(lines)
    at = rng.randrange(len(text) + 1)
    if choice < deletes:
        return text[:at] + text[at + rng.randint(1, most_deleted):]
    return text[:at] + rng.choice(pieces) + text[at:]
