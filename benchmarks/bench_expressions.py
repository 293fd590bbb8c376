"""Expression speed against CPython, measured in the same run.

For each realistic expression, times one evaluation in tabletwin (compiled once, evaluated with
a game-like scope) and the same text evaluated by CPython (``eval`` of a code object compiled
once, over a plain dict holding the same names and plain Python functions for the own
functions). Prints the per-expression ratio and the ratio of the totals.

    .venv/bin/python benchmarks/bench_expressions.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletwin.expr import FunctionDef, build_globals, compile_expression

CARDS = [{"id": f"c{i}", "value": i % 13 + 1, "cost": i % 5, "suit": "shcd"[i % 4]} for i in range(50)]

EXPRESSIONS = [
    "score[actor] >= GOAL",
    "score[current] + pot >= GOAL and not done",
    "[c for c in hand[actor] if c['cost'] <= gold[actor]]",
    "sum(c['value'] for c in table)",
    "max(players, key=total_of)",
    "sorted(hand[actor], key=card_value, reverse=True)[:2]",
    "len([c for c in table if c['suit'] == 'h']) * 2 + 1",
    "any(c['value'] == 13 for c in hand[actor])",
    "{**unit, 'damage': 0}",
    "(pot + 1) % 6 == 0 and 0 < pot <= 20",
    "[p for p in players if p not in eliminated and score[p] > 0]",
    "total_of(actor) - total_of(1 - actor)",
]

FUNCTIONS = {
    "card_value": ([["c"], {}, "c['value'] * 2"], lambda c: c["value"] * 2),
    "total_of": ([["p"], {}, "sum(c['value'] for c in hand[p])"], None),
}


def make_state() -> dict:
    return {
        "score": [12, 19],
        "gold": [3, 1],
        "hand": [CARDS[:25], CARDS[25:]],
        "table": CARDS,
        "pot": 5,
        "done": False,
        "current": 0,
        "eliminated": [],
        "players": [0, 1],
        "unit": {"id": "archer", "power": 2, "damage": 1},
        "GOAL": 20,
    }


def tabletwin_runner():
    state = make_state()
    definitions = {name: FunctionDef.compile(name, *spec).bind for name, (spec, _) in FUNCTIONS.items()}
    scope = build_globals(variables=state, functions=definitions)
    # As the engine compiles an action's expressions: the place always binds `actor`.
    compiled = [compile_expression(text, frozenset({"actor"})) for text in EXPRESSIONS]
    local_names = {"actor": 0}
    return [(lambda e=e: e.evaluate(local_names, scope)) for e in compiled]


def cpython_runner():
    env = make_state()
    env["actor"] = 0
    env["card_value"] = FUNCTIONS["card_value"][1]
    env["total_of"] = lambda p: sum(c["value"] for c in env["hand"][p])
    codes = [compile(text, "<bench>", "eval") for text in EXPRESSIONS]
    return [(lambda c=c: eval(c, env)) for c in codes]


def best_time(function, number: int, repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        timings.append((time.perf_counter() - start) / number)
    return min(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--number", type=int, default=2000)
    args = parser.parse_args()
    ours, theirs = tabletwin_runner(), cpython_runner()
    for a, b in zip(ours, theirs):
        assert a() == b(), "the two sides disagree"
    total_ours = total_theirs = 0.0
    ratios = []
    print(f"{'expression':58} {'tabletwin':>10} {'CPython':>10} {'ratio':>6}")
    for text, a, b in zip(EXPRESSIONS, ours, theirs):
        ta = best_time(a, args.number, args.repeat)
        tb = best_time(b, args.number, args.repeat)
        total_ours += ta
        total_theirs += tb
        ratios.append(ta / tb)
        print(f"{text[:58]:58} {ta * 1e6:9.2f}µ {tb * 1e6:9.2f}µ {ta / tb:6.2f}")
    print(f"total: tabletwin {total_ours * 1e6:.1f}µs, CPython {total_theirs * 1e6:.1f}µs, "
          f"ratio {total_ours / total_theirs:.2f} (geometric mean of ratios {statistics.geometric_mean(ratios):.2f})")


if __name__ == "__main__":
    main()
