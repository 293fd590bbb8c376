"""``tabletwin diagram``: the flow as a track diagram, written as a standalone SVG file or printed
as JSON."""

from __future__ import annotations

import sys

from ..errors import NotAModelError, YamlError
from . import jsonout
from .loading import UNREADABLE, Unreadable, read_text

CANNOT_WRITE = 1


def register(commands) -> None:
    parser = commands.add_parser("diagram", help="draw the flow as a track diagram", description=__doc__)
    parser.add_argument("model", help="the model file, or - for standard input")
    parser.add_argument("--svg", metavar="FILE", help="write the diagram to FILE as a standalone SVG")
    parser.add_argument("--json", action="store_true", help="print the diagram as one JSON document")
    parser.set_defaults(run=run, parser=parser)


def run(args) -> int:
    if args.svg is None and not args.json:
        args.parser.error("say what to make: --svg FILE, --json, or both")
    from ..diagram import layout, to_json, to_svg

    try:
        text, filename = read_text(args.model)
    except Unreadable as exc:
        print(exc, file=sys.stderr)
        return UNREADABLE
    try:
        diagram = layout(text)
    except (YamlError, NotAModelError) as exc:
        print(exc.located(filename), file=sys.stderr)
        return UNREADABLE
    if args.svg is not None:
        try:
            with open(args.svg, "w", encoding="utf-8") as handle:
                handle.write(to_svg(diagram))
        except OSError as exc:
            print(f"{args.svg}: error: cannot write the file: {exc.strerror}", file=sys.stderr)
            return CANNOT_WRITE
    if args.json:
        print(jsonout.dumps(to_json(diagram)))
    return 0
