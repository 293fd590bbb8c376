"""``tabletwin validate`` and ``tabletwin tree``: the validator's report, like a compiler's."""

from __future__ import annotations

import sys

from ..errors import NotAModelError, YamlError
from ..modelfile import check_is_model, load_yaml
from ..simulate.variants import with_constants
from ..validate import Report, validate
from . import jsonout, options
from .loading import UNREADABLE, Unreadable, read_text
from .set_option import USAGE, VariantError, add_set_argument, overrides_of


def register(commands) -> None:
    parser = commands.add_parser("validate", help="check a model", description=__doc__)
    parser.add_argument("model", help="the model file, or - for standard input")
    parser.add_argument("--games", type=options.test_games, default=20, help="test games to play (default 20)")
    parser.add_argument("--seed", type=options.seed, default=0, help="seed of the first test game (default 0)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON document")
    add_set_argument(parser)
    parser.set_defaults(run=run)
    tree = commands.add_parser("tree", help="print the flow as a text tree")
    tree.add_argument("model", help="the model file, or - for standard input")
    tree.set_defaults(run=run_tree)


def _percent(value) -> str:
    return "-" if value is None else f"{value * 100:.0f}%"


def render(report: Report, filename: str) -> list[str]:
    lines = [f.located(filename) for f in report.errors + report.warnings]
    lines += [f"{f.located(filename)} [{f.data['code']}]" for f in report.lint]
    figures = report.figures
    if figures is None:
        return lines
    content = "-" if figures.content is None else \
        f"{_percent(figures.content)} ({figures.content_ok}/{figures.content_total})"
    lines.append(f"executable {_percent(figures.executable)}: rules {_percent(figures.rules)}, content {content}, "
                 f"steps {figures.steps}, ops {figures.ops}, code {_percent(figures.code)}, "
                 f"open questions {figures.open_questions}")
    if figures.gaps:
        lines.append("What the engine still misses:")
        for gap in figures.gaps:
            where = report._where(gap.path)
            lines.append(f"  {gap.kind}: {gap.message} ({filename}:{where['line']}:{where['column']})")
    games = report.test_games
    if games is not None:
        reasons = ", ".join(f"{reason} {count}" for reason, count in games.reasons.most_common())
        lines.append(f"Test games: {games.finished} of {games.games} finished, {games.avg_requests:.1f} requests on "
                     f"average" + (f"; {reasons}" if reasons else ""))
        for stop in games.stopped.values():
            where = report._where(stop.path)
            at = f" at {filename}:{where['line']}:{where['column']}" if where["line"] is not None else ""
            lines.append(f"  stopped {stop.count}x{at}: {stop.kind}: {stop.message}")
        if games.unfinished:
            lines.append(f"  {games.unfinished} games did not end within 5000 requests: a loop without an end?")
    elif report.errors:
        lines.append("Test games: none (fix the errors first)")
    lines.append("The flow as a tree:")
    lines.extend("  " + line for line in report.tree.splitlines())
    return lines


def _report(args, transform=None, **options):
    """The validator's report on the MODEL argument, or None after saying why it cannot be read."""
    try:
        text, filename = read_text(args.model)
    except Unreadable as exc:
        print(exc, file=sys.stderr)
        return None, None
    return validate(transform(args, text) if transform else text, **options), filename


def _with_sets(args, text: str):
    """The text, or the loaded document with ``--set`` applied (unreadable text stays text for the report)."""
    overrides = overrides_of(args)
    if not overrides:
        return text
    try:
        loaded = load_yaml(text)
        check_is_model(loaded)
    except (YamlError, NotAModelError):
        return text
    return with_constants(loaded, overrides)


def run(args) -> int:
    try:
        report, filename = _report(args, transform=_with_sets, games=args.games, seed=args.seed)
    except VariantError as exc:
        print(f"tabletwin validate: {exc}", file=sys.stderr)
        return USAGE
    if report is None:
        return UNREADABLE
    if args.json:
        print(jsonout.dumps(report.as_json()))
    else:
        print("\n".join(render(report, filename)))
    if not report.readable:
        return UNREADABLE
    return 1 if report.errors else 0


def run_tree(args) -> int:
    report, filename = _report(args, games=0, schema=False, lint=False)
    if report is None:
        return UNREADABLE
    if not report.readable:
        print(report.errors[0].located(filename), file=sys.stderr)
        return UNREADABLE
    print(report.tree)
    return 0
