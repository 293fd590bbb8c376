"""``tabletwin sweep``: the balance report of every combination of constants, on the same seeds."""

from __future__ import annotations

import sys

from ..simulate.html_report import sweep_html
from ..simulate.report import expand_specs
from ..simulate.sweep import run_sweep, sweep_text
from ..simulate.variants import VariantError, check_names, parse_grid
from . import jsonout, options
from .lineup import specs_of
from .loading import UNREADABLE, Unreadable, read_model
from .simulate_command import USAGE, _check_players, _progress, _title, write_text

MAX_VARIANTS = 256
"""Combinations in one sweep: a grid larger than this is more likely a typo than a plan."""


def register(commands) -> None:
    parser = commands.add_parser("sweep", help="the balance report of every combination of constants",
                                 description="Play N games (the same seeds) for every combination of the values "
                                             "given with --set NAME=V1,V2,... and report each row's key figures "
                                             "and the paired difference to the first row.")
    parser.add_argument("model", help="the model file, or - for standard input")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=V1,V2,...",
                        help="a constant and its values (each read as YAML), comma-separated; repeatable",
                        required=True)
    parser.add_argument("--games", type=options.games, required=True, help="games per combination")
    parser.add_argument("--seed", type=options.seed, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--players", default="", help="one player per seat, as for simulate")
    parser.add_argument("--jobs", type=options.jobs, default=1, help="processes, as for simulate; results do not depend on it")
    options.add_backend_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the sweep as one JSON document")
    parser.add_argument("--html", metavar="FILE", help="also write the sweep as one self-contained HTML file")
    parser.set_defaults(run=run)


def run(args) -> int:
    try:
        model = read_model(args.model)
    except Unreadable as exc:
        print(exc, file=sys.stderr)
        return UNREADABLE
    try:
        grid = parse_grid(args.sets)
        for overrides in grid:
            check_names(model.data, overrides)
    except VariantError as exc:
        print(f"tabletwin sweep: {exc}", file=sys.stderr)
        return USAGE
    if len(grid) > MAX_VARIANTS:
        print(f"tabletwin sweep: {len(grid)} combinations; at most {MAX_VARIANTS} in one sweep", file=sys.stderr)
        return USAGE
    specs = specs_of(args.players)
    problem = _check_players("sweep", specs, model, args.seed)
    if problem:
        print(problem, file=sys.stderr)
        return USAGE
    progress = _progress("sweep")
    try:
        document = run_sweep(model.text, model.filename, grid, specs, expand_specs(specs, model.num_players),
                             args.games, args.seed, options.cap_jobs("sweep", args.jobs), progress,
                             backend=options.backend_of(args))
    finally:
        if progress is not None:
            progress.close()
    if args.html:
        try:
            write_text(args.html, sweep_html(document, _title(model)))
        except OSError as exc:
            print(f"tabletwin sweep: cannot write {args.html}: {exc.strerror}", file=sys.stderr)
            return USAGE
    if args.json:
        print(jsonout.dumps(document, default=str))  # a YAML date as its text
    else:
        print(sweep_text(document, _title(model)))
    return 1 if any(row["report"]["errors"] for row in document["rows"]) else 0
