"""A person at the terminal plays a seat: sees the place, the options, the table as that seat
sees it, and what that seat saw since its last decision.

``tabletwin play`` asks through :meth:`HumanPlayer.ask` with the lines it has masked for the
seat (:mod:`tabletwin.playview`); :meth:`HumanPlayer.choose` serves :func:`tabletwin.play.play`
from the game's own observations, filtered the same way.
"""

from __future__ import annotations

import sys

from ..game.view import describe_view


class InputEnded(Exception):
    """Standard input ended while a human player was being asked."""


def parse_answer(text: str, options: list[str]) -> int | None:
    """The index an answer names: a number from 1, or an option's label; ``None`` if neither."""
    text = text.strip()
    if text.isascii() and text.isdigit():
        # Compare as text first: a number with more digits than the count of options is not one
        # of them, and Python refuses to read numbers of more than 4,300 digits.
        digits = text.lstrip("0")
        if 0 < len(digits) <= len(str(len(options))) and int(digits) <= len(options):
            return int(digits) - 1
    if text in options:
        return options.index(text)
    return None


class HumanPlayer:
    name = "human"

    def __init__(self, seat: int, stdin=None, stdout=None):
        self.seat = seat
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stderr
        self.seen = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def ask(self, where: str, options: list[str], table: list[str], news: list[str]) -> int:
        """Show the news, the table and the numbered options; read until an answer fits."""
        self.say()
        if news:
            self.say("Since your last turn:")
            for line in news:
                self.say(line)
        self.say(f"You are player {self.seat}. The table as you see it:")
        for line in table:
            self.say(line)
        self.say(f"{where}: choose one")
        for number, option in enumerate(options, 1):
            self.say(f"  {number}. {option}")
        while True:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise InputEnded()
            index = parse_answer(line, options)
            if index is not None:
                return index
            self.say(f"Type a number from 1 to {len(options)}, or an option's name.")

    def choose(self, game, request) -> int:
        observations = game.observations
        news = [f"  {o.kind}: {o.where} → {o.label}" for o in observations[self.seen:]
                if o.seen_by(self.seat) or o.player == self.seat and o.kind in ("decision", "automatic")]
        self.seen = len(observations)
        return self.ask(request.where, list(request.options), describe_view(game, self.seat), news)
