"""Random playouts per second of the bundled examples, beside OpenSpiel's in the same run.

OpenSpiel (``pip install open_spiel``) plays ``tic_tac_toe`` and ``kuhn_poker`` (C++ rules) and
``python_tic_tac_toe`` and ``python_kuhn_poker`` (rules in Python) with the same uniform-random
loop: pick a legal action at random (chance by its probabilities), apply it, until the game
ends; each playout starts with ``new_initial_state()``.

Ours is measured two ways. ``simulate``: the real path of ``tabletwin simulate --jobs 1``
(:func:`~tabletwin.simulate.run_games` in one process: fresh random players per seed, the usage
tally and the per-game counts a report needs). ``api``: a bare loop that answers each request at
random through the public API (``Game.request`` / ``Game.answer``). The ratios that matter are
``simulate`` on ``examples/tic_tac_toe.yaml`` and ``examples/kuhn_poker.yaml`` against
OpenSpiel's Python rules (the target is 3 or more); the C++ ratios are for the record.

Rates are games per second of processor time (``time.process_time``): on a shared machine the
wall clock counts the time other processes had the processor, and both sides are one thread.

    .venv/bin/python benchmarks/bench_playouts.py [--seconds S] [--models tic_tac_toe,kuhn_poker] [--no-clone]
        [--against REV] [--repeat R]

``--against REV`` also plays our side on the engine of git revision ``REV`` (``reference.py``), in
the same run, and prints this engine's rate over that one's. ``--repeat R`` measures every side R
times, taking turns, and keeps each one's best rate: on a machine whose speed drifts (this one's
varies by up to half within minutes) the best of several turns is the figure to compare.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from tabletwin import Game, load_model
from tabletwin.simulate import run_games

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def tabletwin_playout(model, rng):
    game = Game(model)
    request = game.request
    while request.kind != "end":
        if request.kind == "chance":
            game.answer(rng.choices(range(len(request.values)), request.probabilities)[0])
        else:
            game.answer(rng.randrange(len(request.values)))  # a count, like legal_actions(): no labels
        request = game.request


def simulate_rate(path: Path, seconds: float) -> float:
    """Games per second through ``run_games`` (``simulate --jobs 1``), in batches of 200 seeds."""
    text = path.read_text(encoding="utf-8")
    model = load_model(text)
    run_games(text, [["random"]], 20, 0, 1, model=model)  # warm: compiled parts, prepared start
    count, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        run_games(text, [["random"]], 200, seed, 1, model=model)
        count += 200
        seed += 200
    return count / (time.process_time() - start)


def openspiel_playout(game, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def rate(playout, subject, seconds: float) -> float:
    rng = random.Random(0)
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(20):
            playout(subject, rng)
        count += 20
    return count / (time.process_time() - start)


def clone_cost(model, seconds: float) -> tuple[float, int]:
    """Microseconds per ``Game.clone()`` halfway through a random game, and the answers replayed."""
    rng = random.Random(1)
    game = Game(model)
    answers = []
    while game.request.kind != "end":
        answers.append(rng.randrange(len(game.request.options)) if game.request.kind == "decision"
                       else rng.choices(range(len(game.request.options)), game.request.probabilities)[0])
        game.answer(answers[-1])
    halfway = Game(model)
    for index in answers[: len(answers) // 2]:
        halfway.answer(index)
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        halfway.clone()
        count += 1
    return (time.process_time() - start) / count * 1e6, len(answers) // 2


def api_rate(path: Path, seconds: float) -> float:
    return rate(tabletwin_playout, load_model(path), seconds)


def one_round(paths: list[Path], seconds: float) -> dict:
    """Playouts per second of OpenSpiel's games (when installed) and of ours, each measured once."""
    results = {}
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers python_tic_tac_toe)

        for name in ("tic_tac_toe", "python_tic_tac_toe", "kuhn_poker", "python_kuhn_poker"):
            results[f"openspiel {name}"] = rate(openspiel_playout, pyspiel.load_game(name), seconds)
    except ImportError:
        print("open_spiel is not installed: pip install open_spiel")
    for path in paths:
        results[f"simulate {path.stem}"] = simulate_rate(path, seconds)
        results[f"api {path.stem}"] = api_rate(path, seconds)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--models", default="", help="comma-separated example names (default: all)")
    parser.add_argument("--no-clone", action="store_true", help="leave out the clone costs")
    parser.add_argument("--against", metavar="REV", help="also play our side on the engine of this git revision")
    parser.add_argument("--repeat", type=int, default=1,
                        help="measure every side this many times, in turns, and keep each one's best rate")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # our side only, for --against
    args = parser.parse_args()
    paths = [p for p in sorted(EXAMPLES.glob("*.yaml")) if not args.models or p.stem in args.models.split(",")]
    if args.json:
        print(json.dumps({f"{way} {path.stem}": measure(path, args.seconds)
                          for path in paths for way, measure in (("simulate", simulate_rate), ("api", api_rate))}))
        return
    results: dict = {}
    theirs: dict = {}
    reference = None
    if args.against:
        from reference import extract, run_under

        reference = extract(args.against)
    for _ in range(args.repeat):  # each side in turn, so a machine that speeds up or slows down hits all
        for name, value in one_round(paths, args.seconds).items():
            results[name] = max(value, results.get(name, 0.0))
        if reference is not None:
            arguments = ["--seconds", str(args.seconds)] + (["--models", args.models] if args.models else [])
            for name, value in run_under(reference, Path(__file__), arguments).items():
                theirs[name] = max(value, theirs.get(name, 0.0))
    for name, value in results.items():
        print(f"{name:36} {value:10.0f} playouts/s")
    if not args.no_clone:
        for path in paths:
            micros, replayed = clone_cost(load_model(path), args.seconds / 3)
            print(f"clone {path.stem:30} {micros:10.1f} µs halfway ({replayed} answers in)")
    if args.against:
        for key, value in theirs.items():
            print(f"{key:36} this engine / {args.against} = {results[key] / value:.2f}")
    for ours, name, theirs in (("tic_tac_toe", "tic-tac-toe", "tic_tac_toe"), ("kuhn_poker", "kuhn poker", "kuhn_poker")):
        python, native = results.get(f"openspiel python_{theirs}"), results.get(f"openspiel {theirs}")
        if not python or f"simulate {ours}" not in results:
            continue
        for way in ("simulate", "api"):
            mine = results[f"{way} {ours}"]
            print(f"{name:12} {way:8}: tabletwin / OpenSpiel Python rules = {mine / python:5.2f}   "
                  f"/ C++ rules = {mine / native:6.3f}")


if __name__ == "__main__":
    main()
