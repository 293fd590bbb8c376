"""``tabletwin play``: one game, request by request, as text for people or as JSON.

With ``human`` seats the text shows only what they may see until the game ends: one hand-played
seat sees its own view, several (people sharing a terminal) see what everyone sees in the
narration and their own view when asked. The game then shows the whole table.
"""

from __future__ import annotations

import sys

from ..expr import to_text
from ..game.view import describe_view
from ..play import play
from ..players.human import HumanPlayer, InputEnded
from ..playview import HUMAN, PlaySession, PlaySessionError
from ..playview.document import entry_view
from ..playview.narration import entry_lines
from . import jsonout, options
from .lineup import LineupError, allowed, lineup, specs_of
from .loading import UNREADABLE, Unreadable, read_model
from .set_option import USAGE, VariantError, add_set_argument, overrides_of

INPUT_ENDED = 3
"""Exit status when standard input ends before a human player answered."""

INPUT_ENDED_MESSAGE = "tabletwin play: standard input ended before the game did"


def register(commands) -> None:
    parser = commands.add_parser("play", help="play one game", description=__doc__)
    parser.add_argument("model", help="the model file, or - for standard input")
    parser.add_argument("--seed", type=options.seed, default=0, help="the game's seed (default 0)")
    parser.add_argument("--players", default="", help=f"one player per seat, comma-separated: {allowed(True)}")
    parser.add_argument("--json", action="store_true", help="print the whole game as one JSON document")
    add_set_argument(parser)
    parser.set_defaults(run=run)


class Narrator:
    """Prints the log of a session as it grows, as ``viewer`` sees it."""

    def __init__(self, session: PlaySession, viewer, out):
        self.session = session
        self.viewer = viewer
        self.out = out
        self.printed = 0

    def catch_up(self) -> None:
        session = self.session
        seats = session.model.num_players
        for entry in session.recorder.entries[self.printed:]:
            for line in entry_lines(entry_view(entry, self.viewer, session.model, seats)):
                print(line, file=self.out)
        self.printed = len(session.recorder.entries)
        self.out.flush()


class Seat:
    """A hand-played seat: its terminal prompt and the log entries it has not been told yet."""

    def __init__(self, seat: int, session: PlaySession):
        self.player = HumanPlayer(seat)
        self.session = session
        self.told = 0

    def ask(self) -> int:
        session = self.session
        seat = self.player.seat
        entries = session.recorder.entries
        news = []
        for entry in entries[self.told:]:
            news += ["  " + line.lstrip() for line in entry_lines(entry_view(entry, seat, session.model,
                                                                               session.model.num_players))]
        self.told = len(entries)
        request = session.request
        return self.player.ask(request.where, list(request.options), describe_view(session.game, seat), news)


def run(args) -> int:
    try:
        model = read_model(args.model, overrides_of(args))
    except Unreadable as exc:
        print(exc, file=sys.stderr)
        return UNREADABLE
    except VariantError as exc:
        print(f"tabletwin play: {exc}", file=sys.stderr)
        return USAGE
    specs = specs_of(args.players)
    try:
        players = lineup(specs, model, args.seed, human=True)
    except LineupError as exc:
        print(f"tabletwin play: {exc}", file=sys.stderr)
        return options.USAGE
    if args.json:
        try:
            record = play(model, players, args.seed, keep_game=True)
        except InputEnded:
            print(INPUT_ENDED_MESSAGE, file=sys.stderr)
            return INPUT_ENDED
        print(jsonout.dumps(record.as_json(), default=to_text))
        return 1 if record.error is not None else 0
    return _play_text(model, specs, players, args.seed)


def _play_text(model, specs, players, seed) -> int:
    try:
        session = PlaySession(model, specs, seed=seed, max_requests=None)
    except PlaySessionError as exc:
        print(f"tabletwin play: {exc}", file=sys.stderr)
        return 1
    hands = [seat for seat, spec in enumerate(session.specs) if spec == HUMAN]
    viewer = session.view_as  # by the line-up: the hand-played seat, a spectator if several
    names = ", ".join(getattr(p, "name", "?") for p in players)
    print(f"{model.data.get('label') or model.data.get('game') or model.filename} — seed {seed}, players: {names}")
    if len(hands) == 1:
        print(f"You play seat {hands[0]}: you see what it sees until the game ends.")
    elif hands:
        print("Seats " + ", ".join(map(str, hands)) + " are played by hand: the narration shows what everyone "
              "sees, each of you sees their own view when asked.")
    narrator = Narrator(session, viewer, sys.stdout)
    seats = {seat: Seat(seat, session) for seat in hands}
    try:
        while session.waiting:
            narrator.catch_up()
            if session.by_hand(session.request):
                session.answer(seats[session.request.player].ask())
            else:
                session.advance("one")
    except InputEnded:
        narrator.catch_up()
        print(INPUT_ENDED_MESSAGE, file=sys.stderr)
        return INPUT_ENDED
    narrator.catch_up()
    if hands and session.game is not None:
        print("The table at the end:")
        for line in describe_view(session.game, None):
            print(line)
    if session.error is not None:
        where = session.error_view()
        at = f" at {model.filename}:{where['line']}:{where['column']}" if where["line"] else ""
        print(f"Stopped{at}: {session.error}")
        return 1
    end = session.end_view()
    print(f"End: {end['reason']} — payoffs {', '.join(to_text(p) for p in end['payoffs'])}")
    return 0
