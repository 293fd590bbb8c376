"""One whole game with players: the loop every tool uses, and the record it leaves.

Chance is answered from the game's chance stream with the listed probabilities; decisions by
the seat's player. ``max_requests`` cuts a game that does not end (5,000 in the validator).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import EngineError
from .game import Game
from .game.chance import chance_random, pick_chance
from .players.seats import make_players


@dataclass
class PlayedRequest:
    kind: str
    player: int | None
    where: str
    options: list[str]
    probabilities: list[float] | None
    answer: int
    label: str
    visible_to: object

    def as_json(self) -> dict:
        result = {"kind": self.kind, "player": self.player, "where": self.where, "options": self.options}
        if self.kind == "chance":
            result["probabilities"] = self.probabilities
        result.update(answer=self.answer, label=self.label, visible_to=self.visible_to)
        return result


@dataclass
class GameRecord:
    seed: object
    requests: list[PlayedRequest] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    payoffs: list | None = None
    reason: str | None = None
    error: EngineError | None = None
    cut: bool = False
    game: Game | None = None

    @property
    def finished(self) -> bool:
        return self.payoffs is not None

    def as_json(self) -> dict:
        return {
            "seed": self.seed,
            "requests": [r.as_json() for r in self.requests],
            "events": self.events,
            "end": {"payoffs": self.payoffs, "reason": self.reason} if self.finished else None,
            "error": {"kind": self.error.kind, "message": self.error.message} if self.error else None,
        }


def play(model, players=None, seed=0, max_requests: int | None = None, on_request=None,
         keep_game: bool = False, tally=None) -> GameRecord:
    """Play one game; ``players`` are player objects or specs (``['random', 'first']``).

    ``tally`` (a :class:`~tabletwin.game.tally.Tally`) counts the rules the game uses.
    """
    if players is None or all(isinstance(p, str) for p in players):
        players = make_players(players, model, seed)
    chance = chance_random(seed)
    record = GameRecord(seed)
    game = None
    try:
        game = Game(model, seed, tally)
        request = game.request
        while request.kind != "end":
            if max_requests is not None and len(record.requests) >= max_requests:
                record.cut = True
                break
            if request.kind == "chance":
                index = pick_chance(chance, request.probabilities)
            else:
                index = players[request.player].choose(game, request)
            record.requests.append(PlayedRequest(request.kind, request.player, request.where, list(request.options),
                                                 request.probabilities, index, request.options[index],
                                                 request.visible_to))
            if on_request is not None:
                on_request(game, request, index)
            game.answer(index)
            request = game.request
        else:
            record.payoffs = list(request.payoffs)
            record.reason = request.reason
    except EngineError as exc:
        # Without its traceback: the frames would keep the game's values alive (a long record of
        # test games would hold every failed game's state).
        record.error = exc.with_traceback(None)
    if game is not None:
        record.events = list(game.events)
    if keep_game:
        record.game = game
    return record
