"""``tabletwin solve``: exact values of a small game, from its graph of positions (docs/solving.md)."""

from __future__ import annotations

import sys

from ..errors import EngineError
from ..solve import SolveError, solve_lineup, solve_optimal
from ..solve.graph import DEFAULT_MAX_STATES
from ..solve.numbers import fraction_text
from . import jsonout, options
from .lineup import LineupError, lineup, specs_of
from .set_option import add_set_argument
from .simulate_command import _title, read_for

FAILED = 1


def register(commands) -> None:
    parser = commands.add_parser("solve", help="exact values of a small game, without sampling",
                                 description="Enumerate every chance outcome and every random choice of the "
                                             "line-up over the game's positions and print each seat's exact "
                                             "expected payoff and win probability; with --optimal, the value of "
                                             "a two-seat zero-sum game of full information under best play.")
    parser.add_argument("model", help="the model file, or - for standard input")
    parser.add_argument("--players", default="",
                        help="one player per seat, comma-separated: random, first, agent:NAME or a tactic "
                             "without search; missing seats play randomly")
    parser.add_argument("--optimal", action="store_true",
                        help="best play for both seats instead of a line-up (two seats, zero-sum, nothing hidden)")
    parser.add_argument("--max-states", type=options.max_states,
                        default=DEFAULT_MAX_STATES,
                        help=f"positions to visit before giving up (default {DEFAULT_MAX_STATES:,})")
    parser.add_argument("--json", action="store_true", help="print the values as one JSON document")
    add_set_argument(parser)
    parser.set_defaults(run=run)


def run(args) -> int:
    read = read_for("solve", args.model, args)
    if isinstance(read, int):
        return read
    _, _, model, overrides = read
    specs = specs_of(args.players)
    if args.optimal and specs:
        print("tabletwin solve: --optimal plays best moves for both seats; leave out --players", file=sys.stderr)
        return options.USAGE
    if not args.optimal:
        try:
            lineup(specs, model, 0, human=False)
        except LineupError as exc:
            print(f"tabletwin solve: {exc}", file=sys.stderr)
            return options.USAGE
    try:
        result = solve_optimal(model, args.max_states) if args.optimal else \
            solve_lineup(model, specs, args.max_states)
    except SolveError as exc:
        print(f"tabletwin solve: {exc}", file=sys.stderr)
        return FAILED
    except EngineError as exc:
        print(f"tabletwin solve: a game stopped with an error: {exc.message}", file=sys.stderr)
        return FAILED
    if args.json:
        print(jsonout.dumps(result.document()))
        return 0
    title = _title(model, overrides)
    if args.optimal:
        print(_optimal_text(title, result))
    else:
        full = (specs + ["random"] * model.num_players)[:model.num_players] if len(specs) != 1 else \
            specs * model.num_players
        print(_lineup_text(title, full, result))
    return 0


def _number(value, exact: bool) -> str:
    shown = f"{float(value):.6f}".rstrip("0").rstrip(".")
    text = fraction_text(value) if exact else None
    if shown == "-0":
        shown = "0"
    return shown if text is None or text == shown else f"{shown} (= {text})"


def _lineup_text(title: str, specs: list[str], result) -> str:
    lines = [f"{title}: {' vs '.join(specs)}, {'exact' if result.exact else 'in floating point'} over "
             f"{result.states:,} positions"]
    for seat, (payoff, win) in enumerate(zip(result.mean_payoffs, result.win_probabilities)):
        lines.append(f"  seat {seat}: mean payoff {_number(payoff, result.exact)}, "
                     f"wins {_number(win, result.exact)}")
    return "\n".join(lines)


def _optimal_text(title: str, result) -> str:
    lines = [f"{title} under best play: seat 0 gets {_number(result.value, result.exact)} "
             f"({'exact' if result.exact else 'to within 1e-12'}, {result.states:,} positions)"]
    if result.first_moves:
        lines.append("  first moves:")
        width = max(len(option) for option, _ in result.first_moves)
        for option, value in result.first_moves:
            lines.append(f"    {option.ljust(width)}  {_number(value, result.exact)}")
    return "\n".join(lines)
