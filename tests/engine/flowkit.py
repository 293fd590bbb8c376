"""Small models and scripted answers for the flow, start and end tests."""

import textwrap

from tabletwin import Game, load_model


def model_of(*parts: str):
    """A model from YAML text; each part is dedented on its own, then they are joined."""
    return load_model("\n".join(textwrap.dedent(part) for part in parts))


def answer(game: Game, *labels) -> Game:
    """Answer the next requests by option label."""
    for wanted in labels:
        options = game.request.options
        assert wanted in options, f"{wanted!r} is not among {options} at {game.request.where}"
        game.answer(options.index(wanted))
    return game


def start(text: str, *labels, base: str = "") -> Game:
    return answer(Game(model_of(text, base)), *labels)
