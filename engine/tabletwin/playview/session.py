"""A play session: one game of a model with a line-up, a seed and a viewer, driven by the
Player a request at a time.

>>> session = PlaySession(model, players=["human", "random"], seed=7, view_as=0)
>>> session.answer(1); session.advance("human"); session.view()

Seats play as in ``tabletwin play``: ``human`` seats are answered through :meth:`answer`, the
others by their player (``random``, ``first``, ``agent:NAME``, a tactic file), chance from the
seed's chance stream, so a session that never takes a hand-played turn plays exactly the game
``tabletwin play`` and the test games play with the same seed. :meth:`back` replays the game
from the seed with the answers given so far, asking the computer seats and chance again so their
random streams are where they were.
"""

from __future__ import annotations

import time

from ..errors import EngineError
from ..game.chance import chance_random, pick_chance
from ..players.seats import make_players
from ..validate.testgames import MAX_REQUESTS
from .document import build_view, position, station_id
from .record import Recorder
from .sight import SPECTATOR
from .tracing import TracedGame, place_of, station_of

HUMAN = "human"
UNTIL = ("one", "human", "end")
AUTO = "auto"
"""``view_as`` by the line-up: the hand-played seat if there is one, a spectator if several
(people sharing one screen), everyone if none."""


class PlaySessionError(ValueError):
    """A call the session cannot take (the message says why, for the person at the Player)."""


class PlaySession:
    """One game in the Player. Raises :class:`PlaySessionError` for calls that do not fit the game."""

    def __init__(self, model, players=None, seed: int = 0, view_as=AUTO,
                 max_requests: int | None = MAX_REQUESTS):
        self.model = model
        self.seed = seed
        self.max_requests = max_requests
        self.specs = self._specs(players)
        self.view_as = self.viewer_of(view_as)
        self._new_game()

    # -- set-up --------------------------------------------------------------------------

    def _specs(self, players) -> list[str]:
        """One spec per seat, as ``tabletwin play`` reads them; a spec that names no player raises."""
        specs = [str(s).strip() for s in (players or []) if str(s).strip()]
        seats = self.model.num_players
        if len(specs) == 1:
            specs = specs * seats
        if len(specs) > seats:
            raise PlaySessionError(f"{len(specs)} players given for a {seats}-player game")
        specs += ["random"] * (seats - len(specs))
        try:
            make_players(specs, self.model, self.seed)
        except EngineError as exc:
            raise PlaySessionError(str(exc)) from None
        except (ValueError, OSError) as exc:
            raise PlaySessionError(str(exc)) from None
        return specs

    def viewer_of(self, view_as):
        """The viewer ``view_as`` names for this line-up; raises unless it is one."""
        if view_as == AUTO:
            hands = [seat for seat, spec in enumerate(self.specs) if spec == HUMAN]
            return None if not hands else hands[0] if len(hands) == 1 else SPECTATOR
        if view_as is None or view_as == SPECTATOR:
            return view_as
        if isinstance(view_as, bool) or not isinstance(view_as, int) or not 0 <= view_as < self.model.num_players:
            raise PlaySessionError(f"view_as must be a seat from 0 to {self.model.num_players - 1}, "
                                   f"{SPECTATOR} (a spectator), None (everyone) or {AUTO!r}")
        return view_as

    def _new_game(self) -> None:
        self.players = make_players(self.specs, self.model, self.seed)
        self.chance = chance_random(self.seed)
        self.recorder = Recorder(self.model)
        self.error: EngineError | None = None
        self.error_stack: tuple = ()
        self.cut = False
        self.game = None
        self.request = None
        self.request_place = (None, None, [])
        self.game = TracedGame(self.model, self.seed, self.recorder)
        if self.game.error is not None:
            self._failed(self.game.error, self.game)
            return
        self._asked()

    def _asked(self) -> None:
        """The game stopped at a new request: note where it asks."""
        self.recorder.flush()
        self.request = self.game.request
        stack = self.game.runner.stack
        values = getattr(self.request, "values", None) or []
        piles = self.recorder.piles_holding(values) if self.request.kind == "chance" else [frozenset()] * len(values)
        self.request_place = (place_of(stack), station_of(stack), piles)

    def _failed(self, exc: EngineError, game) -> None:
        self.error = exc
        self.request = None
        self.error_stack = game.runner.failed_at or ()
        self.recorder.flush()

    # -- what it is at ---------------------------------------------------------------------

    @property
    def request_index(self) -> int:
        return len(self.game.history) if self.game is not None else 0

    @property
    def waiting(self) -> bool:
        """Whether the game asks something (not over, not stopped)."""
        return self.error is None and not self.cut and self.request is not None and self.request.kind != "end"

    def by_hand(self, request) -> bool:
        return request.kind == "decision" and self.specs[request.player] == HUMAN

    def end_view(self) -> dict | None:
        if self.request is None or self.request.kind != "end":
            return None
        return {"reason": self.request.reason, "payoffs": list(self.request.payoffs)}

    def error_view(self) -> dict:
        exc = self.error
        path = exc.path if exc.path else place_of(self.error_stack)
        if exc.span is not None:
            line, column = exc.span.human()
        else:
            line, column = position(self.model, path)
        return {"kind": exc.kind, "message": exc.message, "line": line, "column": column,
                "station": station_id(station_of(self.error_stack))}

    def view(self, view_as=...) -> dict:
        """The view JSON as ``view_as`` sees it (default: the session's viewer)."""
        viewer = self.view_as if view_as is ... else self.viewer_of(view_as)
        return build_view(self, viewer)

    # -- playing ---------------------------------------------------------------------------

    def _play(self, index: int) -> None:
        request = self.request
        place, station, piles = self.request_place
        self.recorder.answered(request, index, self.request_index, place, station, piles, self.by_hand(request))
        try:
            self.game.answer(index)
        except EngineError as exc:
            self._failed(exc, self.game)
            return
        self._asked()
        if self.max_requests is not None and self.request.kind != "end" and self.request_index >= self.max_requests:
            self.cut = True
            self.error = EngineError(f"cut off after {self.max_requests:,} requests: a loop without an end?")
            self.error.kind = "cut"
            self.error_stack = tuple(self.game.runner.stack)  # where it would have asked next

    def _computer_answer(self) -> int:
        request = self.request
        if request.kind == "chance":
            return pick_chance(self.chance, request.probabilities)
        return self.players[request.player].choose(self.game, request)

    def answer(self, index: int) -> None:
        """Answer the current hand-played question with the index of an option."""
        if not self.waiting:
            raise PlaySessionError("the game is not waiting for an answer")
        if not self.by_hand(self.request):
            raise PlaySessionError(f"request {self.request_index} is not asked of a hand-played seat")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.request.options):
            raise PlaySessionError(f"answer {index!r} is not one of the {len(self.request.options)} options "
                                   f"(0 to {len(self.request.options) - 1})")
        self._play(index)

    def advance(self, until: str = "one", deadline: float | None = None) -> int:
        """Let chance and the computer seats answer: one request, up to the next hand-played
        question, or to the end (a hand-played question still stops it). ``deadline`` (a
        ``time.monotonic()`` value) stops it early. Returns the number of requests answered."""
        if until not in UNTIL:
            raise PlaySessionError(f"until must be one, human or end, not {until!r}")
        done = 0
        while self.waiting and not self.by_hand(self.request):
            try:
                index = self._computer_answer()
            except EngineError as exc:
                self._failed(exc, self.game)
                break
            self._play(index)
            done += 1
            if until == "one" or deadline is not None and time.monotonic() >= deadline:
                break
        return done

    def run_to(self, target) -> None:
        """Advance until request ``target`` is asked (an index), or to an error (``"error"``)."""
        if target == "error":
            self.advance("end")
            return
        if isinstance(target, bool) or not isinstance(target, int) or target < 0:
            raise PlaySessionError(f"runTo must be a request index or \"error\", not {target!r}")
        while self.waiting and self.request_index < target and not self.by_hand(self.request):
            self.advance("one")

    def back(self, index: int) -> None:
        """Replay from the seed to just before request ``index`` (to answer it anew)."""
        history = list(self.game.history) if self.game is not None else []
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(history):
            raise PlaySessionError(f"there is no request {index!r} to go back to (0 to {len(history)})")
        self._new_game()
        for answer in history[:index]:
            if not self.waiting:
                break
            if not self.by_hand(self.request):
                try:
                    self._computer_answer()  # only moves its random stream where it was
                except EngineError:
                    pass
            self._play(answer)

    def restart(self, seed=None, players=None, view_as=..., model=None) -> None:
        """A new game: the same (or the given) seed, players, viewer and model."""
        if model is not None:
            self.model = model
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise PlaySessionError(f"seed must be a whole number, not {seed!r}")
            self.seed = seed
        if players is not None or model is not None:
            self.specs = self._specs(players if players is not None else self.specs)
        if view_as is not ...:
            self.view_as = self.viewer_of(view_as)
        self._new_game()
