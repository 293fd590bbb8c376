"""``tabletwin ladder``: a tactic at growing budgets of look-ahead, against itself without and random.

The rules are in :mod:`tabletwin.simulate.ladder`. The budget variants are small tactic files in a
temporary folder, each extending the given tactic, so worker processes load them like any other
tactic file; the folder is removed when the ladder is done.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from ..errors import TabletwinError
from ..simulate.ladder import (LadderError, ladder_report, ladder_text, ladder_verdict, lineups, parse_budgets,
                               write_variants)
from ..simulate.ladder_html import ladder_html
from ..simulate.runner import run_games
from ..tactics.tactic import MAX_SEARCH_ROLLOUTS, load_tactic
from . import jsonout, options
from .lineup import LineupError, lineup
from .loading import UNREADABLE, Unreadable, read_model
from .simulate_command import USAGE, _progress, _title, write_text


def register(commands) -> None:
    parser = commands.add_parser("ladder", help="does the tactic win more with more look-ahead?",
                                 description="Play the tactic with its search given each budget of rollouts "
                                             "(0 = no search) against the same tactic at budget 0 and against "
                                             "random, on the same seeds with seats rotated, and report win rate "
                                             "and mean payoff per budget with 95% intervals.")
    parser.add_argument("model", help="the model file, or - for standard input")
    parser.add_argument("--tactic", required=True, metavar="T.yaml", help="the tactic file; it needs a search for "
                                                                          "budgets above 0")
    parser.add_argument("--budgets", required=True, metavar="0,16,64",
                        help=f"rollouts per option at each searched decision, comma-separated, 0 included "
                             f"(each up to {MAX_SEARCH_ROLLOUTS:,})")
    parser.add_argument("--games", type=options.games, required=True, help="seeds each rung plays")
    parser.add_argument("--seed", type=options.seed, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=options.jobs, default=1,
                        help="processes, as for simulate; results do not depend on it")
    options.add_backend_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the ladder as one JSON document")
    parser.add_argument("--html", metavar="FILE", help="also write the ladder as one self-contained HTML file")
    parser.set_defaults(run=run)


def run(args) -> int:
    try:
        model = read_model(args.model)
    except Unreadable as exc:
        print(exc, file=sys.stderr)
        return UNREADABLE
    try:
        budgets = parse_budgets(args.budgets, MAX_SEARCH_ROLLOUTS)
        tactic = load_tactic(args.tactic)
    except LadderError as exc:
        print(f"tabletwin ladder: {exc}", file=sys.stderr)
        return USAGE
    except TabletwinError as exc:  # a tactic file that cannot be read or used
        print(f"tabletwin ladder: {exc.message}", file=sys.stderr)
        return USAGE
    if tactic.search is None and any(budgets):
        print(f"tabletwin ladder: tactic {tactic.name} has no search, so it cannot use a budget of rollouts; "
              f"give it a 'search' with 'at' (see docs/scaling.md)", file=sys.stderr)
        return USAGE
    at = tactic.search.at if tactic.search is not None else []
    seats = model.num_players
    with tempfile.TemporaryDirectory(prefix="tabletwin-ladder-") as folder:
        paths = write_variants(Path(args.tactic), tactic.name, at, budgets, Path(folder))
        plan = lineups(budgets, paths, seats)
        try:
            for specs in plan[:len(budgets) * 2 * seats:seats]:
                lineup(specs, model, args.seed, human=False)
        except LineupError as exc:
            print(f"tabletwin ladder: {exc}", file=sys.stderr)
            return USAGE
        progress = _progress("ladder")
        try:
            results = run_games(model.text, plan, args.games, args.seed, options.cap_jobs("ladder", args.jobs),
                                filename=model.filename, model=model, progress=progress,
                                backend=options.backend_of(args))
        finally:
            if progress is not None:
                progress.close()
    report = ladder_report(results, budgets, seats, tactic.name, args.seed)
    if args.html:
        try:
            write_text(args.html, ladder_html(report.as_json(), ladder_verdict(report), _title(model), seats))
        except OSError as exc:
            print(f"tabletwin ladder: cannot write {args.html}: {exc.strerror}", file=sys.stderr)
            return USAGE
    if args.json:
        print(jsonout.dumps(report.as_json()))
    else:
        print(ladder_text(report, _title(model)))
    return 0
