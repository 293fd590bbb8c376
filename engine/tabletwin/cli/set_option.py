"""``--set NAME=VALUE`` on the commands that read a model: constants replaced for the run."""

from __future__ import annotations

from ..simulate.variants import VariantError, parse_sets

USAGE = 2
"""Exit status of a ``--set`` that cannot apply (as argparse's own errors)."""


def add_set_argument(parser) -> None:
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                        help="replace the model's constant NAME by VALUE (read as YAML) for this run; repeatable")


def overrides_of(args) -> dict:
    """The overrides of ``args.sets``; :class:`VariantError` when one is not ``NAME=VALUE``."""
    return parse_sets(getattr(args, "sets", None) or [])


__all__ = ["USAGE", "VariantError", "add_set_argument", "overrides_of"]
