"""A person at the terminal plays a seat: sees the place, the options, the table as that seat
sees it, and what happened since their last decision."""

from __future__ import annotations

import sys

from ..game.view import describe_view


class HumanPlayer:
    name = "human"

    def __init__(self, seat: int, stdin=None, stdout=None):
        self.seat = seat
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stderr
        self.seen = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def choose(self, game, request) -> int:
        observations = game.observations
        news = [o for o in observations[self.seen:] if o.seen_by(self.seat)]
        self.seen = len(observations)
        self.say()
        if news:
            self.say("Since your last turn:")
            for item in news:
                self.say(f"  {item.where}: {item.label}")
        self.say(f"You are player {self.seat}. The table as you see it:")
        for line in describe_view(game, self.seat):
            self.say(line)
        self.say(f"{request.where}: choose one")
        for number, option in enumerate(request.options, 1):
            self.say(f"  {number}. {option}")
        while True:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise KeyboardInterrupt
            text = line.strip()
            if text.isdigit() and 1 <= int(text) <= len(request.options):
                return int(text) - 1
            if text in request.options:
                return request.options.index(text)
            self.say(f"Type a number from 1 to {len(request.options)}, or an option's name.")
