"""Random playouts per second of the bundled examples, beside OpenSpiel's in the same run.

OpenSpiel (``pip install open_spiel``) plays ``tic_tac_toe`` (C++ rules) and
``python_tic_tac_toe`` (rules in Python) with the same uniform-random loop: pick a legal action
at random, apply it, until the game ends. Our loop answers each request at random through the
public API (``Game.request`` / ``Game.answer``). The ratio that matters is ours on
``examples/tic_tac_toe.yaml`` against OpenSpiel's Python rules.

    .venv/bin/python benchmarks/bench_playouts.py [--seconds S] [--against REV]

``--against REV`` plays the examples on the engine of git revision ``REV`` too, in the same run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from tabletwin import Game, load_model

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def tabletwin_playout(model, rng):
    game = Game(model)
    request = game.request
    while request.kind != "end":
        if request.kind == "chance":
            game.answer(rng.choices(range(len(request.options)), request.probabilities)[0])
        else:
            game.answer(rng.randrange(len(request.options)))
        request = game.request


def openspiel_playout(game, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def rate(playout, subject, seconds: float) -> float:
    """Playouts per second of processor time (other load on the machine skews it less than wall time)."""
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
    """Microseconds per ``Game.clone()`` halfway through a random game, and the answers given by then
    (a clone copies the state and the walk of the flow; it does not replay them)."""
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
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        halfway.clone()
        count += 1
    return (time.perf_counter() - start) / count * 1e6, len(answers) // 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--against", metavar="REV", help="also play the examples on the engine of this git revision")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # for --against
    args = parser.parse_args()
    if args.json:
        print(json.dumps({path.stem: rate(tabletwin_playout, load_model(path), args.seconds)
                          for path in sorted(EXAMPLES.glob("*.yaml"))}))
        return
    results = {}
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers python_tic_tac_toe)

        for name in ("tic_tac_toe", "python_tic_tac_toe", "kuhn_poker", "python_kuhn_poker"):
            results[f"openspiel {name}"] = rate(openspiel_playout, pyspiel.load_game(name), args.seconds)
    except ImportError:
        print("open_spiel is not installed: pip install open_spiel")
    for path in sorted(EXAMPLES.glob("*.yaml")):
        results[f"tabletwin {path.stem}"] = rate(tabletwin_playout, load_model(path), args.seconds)
    for name, value in results.items():
        print(f"{name:36} {value:10.0f} playouts/s")
    for path in sorted(EXAMPLES.glob("*.yaml")):
        micros, replayed = clone_cost(load_model(path), args.seconds / 3)
        print(f"clone {path.stem:30} {micros:10.1f} µs halfway (after {replayed} answers)")
    if args.against:
        from reference import extract, run_under

        theirs = run_under(extract(args.against), Path(__file__), ["--seconds", str(args.seconds)])
        for stem, value in theirs.items():
            print(f"{stem:30} playouts/s: this engine / {args.against} = {results[f'tabletwin {stem}'] / value:.2f}")
    reference = results.get("openspiel python_tic_tac_toe")
    if reference:
        print(f"tic-tac-toe: tabletwin / OpenSpiel Python rules = {results['tabletwin tic_tac_toe'] / reference:.2f}")
        print(f"tic-tac-toe: tabletwin / OpenSpiel C++ rules    = "
              f"{results['tabletwin tic_tac_toe'] / results['openspiel tic_tac_toe']:.3f}")
        print(f"kuhn poker:  tabletwin / OpenSpiel Python rules = "
              f"{results['tabletwin kuhn_poker'] / results['openspiel python_kuhn_poker']:.2f}")


if __name__ == "__main__":
    main()
