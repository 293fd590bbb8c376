"""Expression speed against CPython, measured in the same run.

For each realistic expression, times one evaluation in tabletwin (compiled once, evaluated with
a game-like scope) and the same text evaluated by CPython (``eval`` of a code object compiled
once, over a plain dict holding the same names; the own functions are CPython lambdas of the
same body text, resolving names in that dict). Prints the per-expression ratio, each suite's
ratio of totals and the ratio of all totals.

    .venv/bin/python benchmarks/bench_expressions.py [--repeat N] [--number N] [--suite NAME]
"""

from __future__ import annotations

import argparse
import statistics
import time

from tabletwin.expr import FunctionDef, build_globals, compile_expression

CARDS = [{"id": f"c{i}", "value": i % 13 + 1, "cost": i % 5, "suit": "shcd"[i % 4]} for i in range(50)]
GRID = [[(row * 7 + column * 3) % 10 for column in range(8)] for row in range(8)]

SUITES = {
    "game": [
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
    ],
    "functions": [
        "card_value(hand[actor][0]) + card_value(hand[actor][1])",
        "[card_value(c) for c in hand[actor]]",
        "fib(12)",
        "fact(15)",
        "rsum(GRID[0] + GRID[1], 0)",
        "clamp(pot * 3, 0, GOAL)",
        "max(hand[actor], key=card_value)['id']",
    ],
    "text": [
        "'P' + str(actor) + ': ' + str(score[actor]) + ' points'",
        "unit['id'] + ' (' + str(unit['power']) + ')'",
        "[c['id'] + c['suit'] for c in hand[actor]]",
        "'-' * pot + '|' + '.' * (GOAL - pot)",
        "label(actor) + ' vs ' + label(1 - actor)",
        "str(score) + str(gold)",
    ],
    "nested": [
        "[[v * 2 for v in row] for row in GRID]",
        "[v for row in GRID for v in row if v % 2 == 0]",
        "sum(sum(row) for row in GRID)",
        "[max(row) - min(row) for row in GRID]",
        "[(i, j) for i in range(4) for j in range(4) if i != j]",
        "len([c for h in hand for c in h if c['cost'] == 0])",
    ],
    "dicts": [
        "{c['id']: c['value'] for c in hand[actor]}",
        "{k: v + 1 for k, v in unit.items() if k != 'id'}",
        "{c['id']: c['suit'] == 'h' for c in table if c['cost'] > 2}",
        "{str(p): score[p] for p in players}",
        "{s: len([c for c in table if c['suit'] == s]) for s in ['s', 'h']}",
    ],
    # The bundled examples' own hottest expressions (examples/*.yaml), with their functions below.
    "examples": [
        "has_line(MARKS[current])",
        "[i for i in range(9) if board[i] == EMPTY]",
        "any(can_cast(actor, c) for c in hand[actor])",
        "[p for p in players if p not in eliminated]",
        "min(0.45, 0.05 * pot) + (1 - 0.1) * max(0.1, 0.55 - 0.06 * pot)",
        "[u for u in units if u['owner'] == actor]",
    ],
}

FUNCTIONS = {
    "card_value": (["c"], "c['value'] * 2"),
    "total_of": (["p"], "sum(c['value'] for c in hand[p])"),
    "fib": (["n"], "n if n < 2 else fib(n - 1) + fib(n - 2)"),
    "fact": (["n"], "1 if n <= 1 else n * fact(n - 1)"),
    "rsum": (["xs", "i"], "0 if i >= len(xs) else xs[i] + rsum(xs, i + 1)"),
    "clamp": (["x", "low", "high"], "low if x < low else high if x > high else x"),
    "label": (["p"], "'player ' + str(p + 1) + ' with ' + str(score[p])"),
    "has_line": (["mark"], "any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)"),
    "can_cast": (["p", "c"], "c['cost'] != 4 and c['cost'] <= gold[p] and (p == current or c['suit'] == 'h')"),
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
        "GRID": GRID,
        "board": ["X", "O", "X", ".", ".", ".", ".", "O", "."],
        "EMPTY": ".",
        "MARKS": ["X", "O"],
        "LINES": [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]],
        "units": [{"id": f"u{i}", "owner": i % 2, "cell": f"r{i}"} for i in range(8)],
    }


def tabletwin_runner(texts: list[str]):
    state = make_state()
    definitions = {name: FunctionDef.compile(name, params, {}, body).bind
                   for name, (params, body) in FUNCTIONS.items()}
    scope = build_globals(variables=state, functions=definitions)
    # As the engine compiles an action's expressions: the place always binds `actor`.
    compiled = [compile_expression(text, frozenset({"actor"})) for text in texts]
    local_names = {"actor": 0}
    return [(lambda e=e: e.evaluate(local_names, scope)) for e in compiled]


def cpython_runner(texts: list[str]):
    env = make_state()
    env["actor"] = 0
    for name, (params, body) in FUNCTIONS.items():
        env[name] = eval(f"lambda {', '.join(params)}: {body}", env)
    codes = [compile(text, "<bench>", "eval") for text in texts]
    return [(lambda c=c: eval(c, env)) for c in codes]


def best_times(ours, theirs, number: int, repeat: int) -> tuple[float, float]:
    """The best time of one call of each, measured in turns so both see the same load.

    CPU time of this process, not wall time: on a shared machine the wall clock also counts
    the time other processes hold the CPU.
    """
    timings: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for function, kept in ((ours, timings[0]), (theirs, timings[1])):
            start = time.process_time()
            for _ in range(number):
                function()
            kept.append((time.process_time() - start) / number)
    return min(timings[0]), min(timings[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=200)
    parser.add_argument("--suite", choices=sorted(SUITES), action="append",
                        help="only this suite (repeatable); all by default")
    args = parser.parse_args()
    all_ours = all_theirs = 0.0
    summary = []
    print(f"{'expression':58} {'tabletwin':>10} {'CPython':>10} {'ratio':>6}")
    for suite in args.suite or SUITES:
        texts = SUITES[suite]
        ours, theirs = tabletwin_runner(texts), cpython_runner(texts)
        for text, a, b in zip(texts, ours, theirs):
            assert a() == b(), f"the two sides disagree on {text}"
        print(f"-- {suite}")
        total_ours = total_theirs = 0.0
        ratios = []
        for text, a, b in zip(texts, ours, theirs):
            ta, tb = best_times(a, b, args.number, args.repeat)
            total_ours += ta
            total_theirs += tb
            ratios.append(ta / tb)
            print(f"{text[:58]:58} {ta * 1e6:9.2f}µ {tb * 1e6:9.2f}µ {ta / tb:6.2f}")
        summary.append((suite, total_ours, total_theirs, statistics.geometric_mean(ratios)))
        all_ours += total_ours
        all_theirs += total_theirs
    print()
    for suite, ours_total, theirs_total, geometric in summary:
        print(f"{suite:10} tabletwin {ours_total * 1e6:8.1f}µs  CPython {theirs_total * 1e6:8.1f}µs  "
              f"ratio {ours_total / theirs_total:5.2f}  (geometric mean {geometric:.2f})")
    print(f"{'all':10} tabletwin {all_ours * 1e6:8.1f}µs  CPython {all_theirs * 1e6:8.1f}µs  "
          f"ratio {all_ours / all_theirs:5.2f}")


if __name__ == "__main__":
    main()
