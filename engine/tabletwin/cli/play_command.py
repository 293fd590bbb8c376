"""``tabletwin play``: one game, request by request, as text for people or as JSON."""

from __future__ import annotations

import json
import sys

from ..expr import to_text
from ..game.view import variable_view
from ..play import play
from . import options
from .lineup import LineupError, allowed, lineup, specs_of
from .loading import UNREADABLE, Unreadable, read_model


def register(commands) -> None:
    parser = commands.add_parser("play", help="play one game", description=__doc__)
    parser.add_argument("model", help="the model file, or - for standard input")
    parser.add_argument("--seed", type=options.seed, default=0, help="the game's seed (default 0)")
    parser.add_argument("--players", default="", help=f"one player per seat, comma-separated: {allowed(True)}")
    parser.add_argument("--json", action="store_true", help="print the whole game as one JSON document")
    parser.set_defaults(run=run)


class Narrator:
    """Prints a game as it goes: automatic steps, the request and its answer, changes, events."""

    def __init__(self, out):
        self.out = out
        self.observed = 0
        self.events = 0
        self.variables: dict = {}

    def catch_up(self, game) -> None:
        for item in game.observations[self.observed:]:
            if item.kind not in ("decision", "chance"):
                print(f"  {item.kind}: {item.where} → {item.label}", file=self.out)
        self.observed = len(game.observations)
        current = variable_view(game)
        for name, value in current.items():
            before = self.variables.get(name)
            if before is not None and before != value:
                print(f"  {name}: {before} → {value}", file=self.out)
        self.variables = current
        events = game.events[self.events:]
        if events:
            print(f"  events: {', '.join(events)}", file=self.out)
        self.events = len(game.events)

    def on_request(self, game, request, index) -> None:
        self.catch_up(game)
        who = "chance" if request.kind == "chance" else f"player {request.player}"
        print(f"{request.where} · {who}: {' | '.join(request.options)} → {request.options[index]}", file=self.out)
        self.observed = len(game.observations) + 1


def run(args) -> int:
    try:
        model = read_model(args.model)
    except Unreadable as exc:
        print(exc, file=sys.stderr)
        return UNREADABLE
    try:
        players = lineup(specs_of(args.players), model, args.seed, human=True)
    except LineupError as exc:
        print(f"tabletwin play: {exc}", file=sys.stderr)
        return options.USAGE
    narrator = None if args.json else Narrator(sys.stdout)
    if narrator is not None:
        names = ", ".join(getattr(p, "name", "?") for p in players)
        print(f"{model.data.get('label') or model.data.get('game') or model.filename} — seed {args.seed}, "
              f"players: {names}")
    record = play(model, players, args.seed, on_request=narrator.on_request if narrator else None, keep_game=True)
    if args.json:
        print(json.dumps(record.as_json(), ensure_ascii=False, default=to_text))
    else:
        if record.game is not None:
            narrator.catch_up(record.game)
        if record.error is not None:
            print(f"Stopped: {record.error}")
        else:
            print(f"End: {record.reason} — payoffs {', '.join(to_text(p) for p in record.payoffs)}")
    return 1 if record.error is not None else 0
