"""``tabletwin``: the command line. Each subcommand lives in its own module."""

from __future__ import annotations

import argparse
import sys

from ..simulate.backends import BackendError
from . import (diagram_command, eval_command, ladder_command, play_command, simulate_command, solve_command,
               sweep_command, validate_command)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletwin", description="Play, validate and explore game rule models.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    diagram_command.register(commands)
    eval_command.register(commands)
    ladder_command.register(commands)
    play_command.register(commands)
    simulate_command.register(commands)
    solve_command.register(commands)
    sweep_command.register(commands)
    validate_command.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except BackendError as exc:
        print(f"tabletwin {args.command}: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
