"""``tabletwin simulate`` and ``tabletwin compare``: many seeded games, with 95% intervals.

Game ``k`` plays with seed ``S + k``. ``simulate`` reports every seat's mean payoff and wins and
the balance report (``docs/balance.md``), as text, JSON or an HTML page; ``compare`` plays two
line-ups on the same seeds (line-up b possibly on another model, ``--b-model``) and reports the
paired difference of one seat's mean payoff. A progress bar goes to standard error when it is a
terminal.
"""

from __future__ import annotations

import sys
import time

from ..game.tally import catalogue
from ..simulate.balance_text import balance_text
from ..simulate.html_report import simulation_html
from ..simulate.report import (comparison_report, comparison_text, expand_specs, simulation_report,
                               simulation_text)
from ..simulate.runner import run_games
from ..simulate.sequential import DEFAULT_MARGIN, DEFAULT_MAX_GAMES
from . import jsonout, options
from .lineup import LineupError, allowed, lineup, specs_of
from .loading import UNREADABLE, Unreadable, read_model
from .set_option import VariantError, add_set_argument, overrides_of
from .until_decided import compare_until_decided, decided_text

USAGE = options.USAGE


def register(commands) -> None:
    parser = commands.add_parser("simulate", help="play many games and measure every seat",
                                 description="Play N games (game k with seed S + k) and report every seat's mean "
                                             "payoff and wins with 95% intervals.")
    parser.add_argument("model", help="the model file, or - for standard input")
    parser.add_argument("--games", type=options.games, required=True, help="games to play")
    parser.add_argument("--seed", type=options.seed, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--players", default="",
                        help=f"one player per seat, comma-separated: {allowed(False)}; "
                             "one player plays every seat, missing seats play randomly")
    parser.add_argument("--jobs", type=options.jobs, default=1,
                        help="processes to spread the games over, 0 for all processors (default 1), at most "
                             "the number of processors; the results do not depend on it")
    options.add_backend_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the report as one JSON document")
    parser.add_argument("--html", metavar="FILE", help="also write the balance report as one self-contained HTML file")
    add_set_argument(parser)
    parser.set_defaults(run=run_simulate)

    compare = commands.add_parser("compare", help="compare two player line-ups on the same seeds",
                                  description="Play N seeds with line-up a and with line-up b and report the "
                                              "difference of seat K's mean payoff, a - b, with a 95% interval "
                                              "from the paired differences.")
    compare.add_argument("model", help="the model file, or - for standard input")
    compare.add_argument("--a", required=True, metavar="P,...", help="line-up a: one player per seat")
    compare.add_argument("--b", required=True, metavar="P,...", help="line-up b: one player per seat")
    compare.add_argument("--games", type=options.games,
                         help="seeds to play with both line-ups (not with --until-decided)")
    compare.add_argument("--seed", type=options.seed, default=0, help="seed of the first game (default 0)")
    compare.add_argument("--seat", type=int, default=0, help="the seat whose payoff is compared (default 0)")
    compare.add_argument("--json", action="store_true", help="print the comparison as one JSON document")
    compare.add_argument("--b-model", metavar="OTHER", help="play line-up b on this model (a rule variant)")
    compare.add_argument("--until-decided", action="store_true",
                         help="play pairs in batches until a sequential test decides (see docs/scaling.md)")
    compare.add_argument("--max-games", type=options.games, default=DEFAULT_MAX_GAMES,
                         help=f"with --until-decided: most pairs to play (default {DEFAULT_MAX_GAMES:,})")
    compare.add_argument("--margin", type=options.margin, default=DEFAULT_MARGIN,
                         help=f"with --until-decided: differences within this are equal (default {DEFAULT_MARGIN})")
    options.add_backend_arguments(compare)
    add_set_argument(compare)
    compare.set_defaults(run=run_compare)


class ProgressBar:
    """``[#####.....] 512/1000 games`` on a terminal, redrawn at most every ``interval`` seconds."""

    def __init__(self, stream, label: str, interval: float = 0.1, width: int = 30):
        self.stream, self.label, self.interval, self.width = stream, label, interval, width
        self.start = time.monotonic()
        self.last = float("-inf")
        self.drawn = 0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < self.interval:
            return
        self.last = now
        filled = self.width * done // total
        rate = done / (now - self.start) if now > self.start else 0.0
        text = f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} games, {rate:.0f}/s"
        self.stream.write("\r" + text.ljust(self.drawn))
        self.stream.flush()
        self.drawn = len(text)

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()
            self.drawn = 0


def _progress(label: str) -> ProgressBar | None:
    try:
        return ProgressBar(sys.stderr, label) if sys.stderr.isatty() else None
    except (AttributeError, ValueError):
        return None


def _read(argument: str, overrides: dict | None = None):
    """The model's text (for worker processes), its name and the model."""
    model = read_model(argument, overrides)
    return model.text, model.filename, model


def read_for(command: str, argument: str, args):
    """``(text, filename, model, overrides)``, or the exit status after saying why not."""
    try:
        overrides = overrides_of(args)
        text, filename, model = _read(argument, overrides)
    except Unreadable as exc:
        print(exc, file=sys.stderr)
        return UNREADABLE
    except VariantError as exc:
        print(f"tabletwin {command}: {exc}", file=sys.stderr)
        return USAGE
    return text, filename, model, overrides


def _check_players(command: str, specs: list[str], model, seed: int) -> str | None:
    """Why this line-up cannot play, or ``None``: unknown specs, too many, ``human``."""
    try:
        lineup(specs, model, seed, human=False)
    except LineupError as exc:
        return f"tabletwin {command}: {exc}"
    return None


def _title(model, overrides: dict | None = None) -> str:
    """The model's label, with the constants ``--set`` replaced: ``Pig (GOAL=50)``."""
    title = str(model.data.get("label") or model.data.get("game") or model.filename)
    if overrides:
        title += " (" + ", ".join(f"{name}={value}" for name, value in overrides.items()) + ")"
    return title


def _run(command: str, args, model_text: str, filename: str, model, lineups, overrides=None, sources=None):
    progress = _progress(f"{command}")
    try:
        jobs = options.cap_jobs(command, getattr(args, "jobs", 1))
        return run_games(model_text, lineups, args.games, args.seed, jobs, filename=filename,
                         model=model, progress=progress, overrides=overrides, sources=sources,
                         backend=options.backend_of(args))
    finally:
        if progress is not None:
            progress.close()


def run_simulate(args) -> int:
    read = read_for("simulate", args.model, args)
    if isinstance(read, int):
        return read
    model_text, filename, model, overrides = read
    specs = specs_of(args.players)
    problem = _check_players("simulate", specs, model, args.seed)
    if problem:
        print(problem, file=sys.stderr)
        return USAGE
    results = _run("simulate", args, model_text, filename, model, [specs], overrides)
    report = simulation_report([r for (r,) in results], expand_specs(specs, model.num_players), args.seed,
                               catalogue(model))
    document = report.as_json()
    if overrides:
        document["set"] = overrides
    title = _title(model, overrides)
    if args.html:
        try:
            write_text(args.html, simulation_html(document, title))
        except OSError as exc:
            print(f"tabletwin simulate: cannot write {args.html}: {exc.strerror}", file=sys.stderr)
            return USAGE
    if args.json:
        print(jsonout.dumps(document, default=str))
    else:
        print(simulation_text(report, title))
        print()
        print(balance_text(document))
    return 1 if report.errors else 0


def write_text(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def run_compare(args) -> int:
    if args.until_decided == (args.games is not None):
        print("tabletwin compare: give either --games N or --until-decided (with --max-games N as its cap)",
              file=sys.stderr)
        return USAGE
    read = read_for("compare", args.model, args)
    if isinstance(read, int):
        return read
    model_text, filename, model, overrides = read
    b_model, sources = model, None
    if args.b_model is not None:
        read = read_for("compare", args.b_model, args)
        if isinstance(read, int):
            return read
        b_text, b_filename, b_model, _ = read
        if b_model.num_players != model.num_players:
            print(f"tabletwin compare: --b-model {args.b_model} has {b_model.num_players} seats, the model "
                  f"{model.num_players}", file=sys.stderr)
            return USAGE
        sources = [(model_text, filename), (b_text, b_filename)]
    a, b = specs_of(args.a), specs_of(args.b)
    for name, specs, lineup_model in (("--a", a, model), ("--b", b, b_model)):
        if not specs:
            print(f"tabletwin compare: {name} names no player", file=sys.stderr)
            return USAGE
        problem = _check_players("compare", specs, lineup_model, args.seed)
        if problem:
            print(problem, file=sys.stderr)
            return USAGE
    if not 0 <= args.seat < model.num_players:
        print(f"tabletwin compare: --seat {args.seat} is not a seat of a {model.num_players}-player game "
              f"(0 to {model.num_players - 1})", file=sys.stderr)
        return USAGE
    a_players, b_players = expand_specs(a, model.num_players), expand_specs(b, model.num_players)
    decided = None
    if args.until_decided:
        report, decided = compare_until_decided(args, model_text, filename, model, a, b, a_players, b_players,
                                                overrides, sources)
    else:
        pairs = _run("compare", args, model_text, filename, model, [a, b], overrides, sources)
        report = comparison_report(pairs, a_players, b_players, args.seed, args.seat)
    if args.json:
        document = report.as_json()
        if args.until_decided:
            document["decided"] = decided
        print(jsonout.dumps(document))
    else:
        print(comparison_text(report, _title(model, overrides)))
        if args.b_model is not None:
            print(f"Line-up a plays {filename}, line-up b plays {args.b_model}.")
        if args.until_decided:
            print(decided_text(decided, report.games, args.max_games, args.margin))
    return 0
