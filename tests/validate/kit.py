"""Validate small models and look at what was found, with 1-based positions."""

import textwrap

from tabletwin.validate import validate

BASE = """\
flow: {id: game, kind: step, do: a}
actions: {a: {effect: []}}
end: []
"""


def report(text: str, games: int = 0, base: bool = False):
    return validate(textwrap.dedent(text) + (BASE if base else ""), games=games, schema=False)


def errors(text: str, base: bool = False):
    return [(f.message, *f.span.human()) for f in report(text, base=base).errors]


def warnings(text: str, base: bool = False):
    return [(f.message, *f.span.human()) for f in report(text, base=base).warnings]
