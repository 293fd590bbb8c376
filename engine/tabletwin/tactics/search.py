"""Look-ahead (``search``): paired rollouts that must prove an option better than the rules' pick.

At a place in ``search.at``, every other option is compared with the option the rules pick, on
the same seeds: per round, ``rollouts`` new seeds; per seed and option, a copy of the game in
which what the deciding player cannot know is redistributed, that option answered, and the game
played out by the tactic for every seat. With ``d`` the per-seed payoff differences of an
alternative against the rules' option: ``mean + z·se <= 0`` drops it, ``mean − z·se > 0`` makes it
a candidate; the best candidate's mean wins. Without candidates after ``max_rollouts`` seeds per
option (or when every alternative dropped out) the rules' choice stands.
"""

from __future__ import annotations

import math
import random

from ..errors import EngineError
from ..game.chance import pick_chance
from ..game.continued import finish
from .player import RulePlayer, base_place, matches

MAX_ROLLOUT_REQUESTS = 5_000
"""A rollout that does not end within this many requests counts as payoff 0."""


class SearchPlayer(RulePlayer):
    """A tactic with look-ahead at the places its ``search`` names."""

    def __init__(self, tactic, rng):
        super().__init__(tactic, rng)
        self.decisions = 0
        self.rollouts = 0
        self._rollout_players = None  # one rule player per seat, given each rollout's generators

    def choose(self, game, request) -> int:
        rules_pick = super().choose(game, request)
        search = self.tactic.search
        if search is None or len(request.options) < 2 or not matches(search.at, base_place(request.where)):
            return rules_pick
        self.decisions += 1
        return self.look_ahead(game, request.player, rules_pick, len(request.options), search)

    def look_ahead(self, game, me: int, rules_pick: int, count: int, search) -> int:
        alternatives = [a for a in range(count) if a != rules_pick]
        differences: dict[int, list[float]] = {a: [] for a in alternatives}
        starts = RolloutStarts(game, me)
        try:
            return self._compare(starts, rules_pick, alternatives, differences, search)
        finally:
            starts.close()

    def _compare(self, starts: "RolloutStarts", rules_pick: int, alternatives: list, differences: dict,
                 search) -> int:
        """Rounds of paired rollouts until an alternative is proven better, or none is left."""
        played = 0
        while alternatives and played < search.max_rollouts:
            seeds = [self.rng.randrange(2**31) for _ in range(min(search.rollouts, search.max_rollouts - played))]
            played += len(seeds)
            for seed in seeds:
                base = self.rollout(starts, rules_pick, seed)
                for alternative in alternatives:
                    differences[alternative].append(self.rollout(starts, alternative, seed) - base)
            candidates = []
            remaining = []
            for alternative in alternatives:
                mean, error = _mean_and_error(differences[alternative])
                if mean - search.z * error > 0:
                    candidates.append((mean, -alternative))
                elif mean + search.z * error > 0:
                    remaining.append(alternative)
            if candidates:
                return -max(candidates)[1]
            alternatives = remaining
        return rules_pick

    def rollout(self, starts: "RolloutStarts", option: int, seed: int) -> float:
        """The deciding player's payoff after ``option`` in a redistributed copy, played out by the rules."""
        self.rollouts += 1
        rng = random.Random(seed)
        copy = starts.copy(option, rng)
        if copy is None:  # answering ``option`` failed: it fails in every copy
            return 0.0
        try:
            return self._play_out(copy, starts.me, rng, seed)
        finally:
            copy.close()  # its scope goes to the next copy, and the copy is freed without the collector

    def _play_out(self, copy, me: int, rng, seed: int) -> float:
        """The payoff of ``me`` when the rules play ``copy`` to its end (0 when it does not end)."""
        players = self._rollout_players
        if players is None:
            players = self._rollout_players = [RulePlayer(self.tactic, None) for _ in range(copy.model.num_players)]
        for seat, player in enumerate(players):
            player.rng = SeededOnUse(seed, seat)
        runner = copy._runner
        runner.observe = _unread
        request = copy.request
        if request.kind == "end":
            return float(request.payoffs[me])
        asked = 0

        def ask(request) -> int:
            nonlocal asked
            asked += 1
            if asked >= MAX_ROLLOUT_REQUESTS:
                raise _TooLong
            if request.kind == "chance":
                return pick_chance(rng, request.probabilities)
            try:
                return players[request.player].choose(copy, request)
            except EngineError:
                raise _TooLong from None  # (payoff 0 too; not an error any frame could handle)

        # The copy is thrown away afterwards, so it is played to its end on the compiled path
        # (:mod:`..game.continued`): answers of the rules and the chance draw are always in
        # range, and nobody reads the copy's answers or observations (nothing in a game reads its
        # observations back, so they are not made).
        try:
            return float(finish(runner, request, ask).payoffs[me])
        except (EngineError, _TooLong):
            return 0.0


class _TooLong(BaseException):
    """A rollout's request beyond :data:`MAX_ROLLOUT_REQUESTS`, or its player failed: payoff 0.
    Not an ``Exception``, so no frame's clean-up takes it for the game's own error."""


def _unread(where, kind, text, visible=None, player=None) -> None:
    """``Runner.observe`` in a rollout's copy: the observation is never read, so it is not kept."""


class RolloutStarts:
    """Where the rollouts of one searched decision start: a copy of the game, redistributed for
    ``me``, with the option answered.

    When nothing is hidden from ``me``, redistributing changes nothing and draws no number, so
    every rollout of an option starts from the same game: it is made once per option (answering
    costs a step of play) and each rollout takes a copy of it. Otherwise each rollout copies the
    game, redistributes with its own generator and answers, as the rules of look-ahead say.
    """

    __slots__ = ("game", "me", "hidden", "answered")

    def __init__(self, game, me: int):
        self.game = game
        self.me = me
        self.hidden = bool(hidden_slots(game, me))
        self.answered: dict = {}

    def copy(self, option: int, rng):
        """A game to play the rollout in (the caller's own), or ``None`` when answering fails."""
        if self.hidden:
            copy = self.game.clone()
            redistribute(copy, self.me, rng)
            try:
                copy.answer(option)
            except EngineError:
                copy.close()
                return None
            return copy
        answered = self.answered
        if option in answered:
            start = answered[option]
        else:
            start = self.game.clone()
            try:
                start.answer(option)
            except EngineError:
                start = None
            answered[option] = start
        return None if start is None else start.clone()

    def close(self) -> None:
        """The decision is made: free the games the rollouts started from (see :meth:`Game.close`)."""
        for start in self.answered.values():
            if start is not None:
                start.close()
        self.answered.clear()


class SeededOnUse:
    """``random.Random(f"{seed}:{seat}")``, made on its first use: seeding by text hashes it, and a
    tactic whose rules always decide never draws (the same numbers as a generator made up front)."""

    __slots__ = ("seed", "seat", "rng")

    def __init__(self, seed, seat: int | None = None):
        self.seed = seed
        self.seat = seat
        self.rng = None

    def __getattr__(self, name):
        if self.rng is None:
            self.rng = random.Random(self.seed if self.seat is None else f"{self.seed}:{self.seat}")
        return getattr(self.rng, name)


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def redistribute(game, me: int, rng) -> None:
    """Shuffle what ``me`` cannot know: hidden ``drawn_from`` zones with their source's unknown part.

    Each position keeps its identity (``uid``); only which card it is changes. Draws no number
    when nothing is hidden from ``me``.
    """
    model = game.model
    zones = game.state.zones
    for source_name, slots in hidden_slots(game, me).items():
        source = zones[source_name]
        sources = source if model.zones[source_name].per_player else [source]
        for pile in sources:
            slots.extend((pile, i) for i in pile.unknown())
        cards = [pile[i] for pile, i in slots]
        uids = [card.get("uid") if _is_instance(card) else None for card in cards]
        rng.shuffle(cards)
        for (pile, i), card, uid in zip(slots, cards, uids):
            pile[i] = card
            if uid is not None and _is_instance(card):
                card["uid"] = uid


def hidden_slots(game, me: int) -> dict[str, list]:
    """Per source zone, the ``(pile, index)`` of the cards drawn from it that ``me`` cannot see."""
    zones = game.state.zones
    groups: dict[str, list] = {}
    for decl in game.model.zones.values():
        if decl.drawn_from is None or decl.drawn_from not in zones:
            continue
        piles = zones[decl.name] if decl.per_player else [zones[decl.name]]
        for pile in piles:
            visible = decl.visibility == "public" or (decl.visibility == "owner" and pile.owner == me)
            if not visible:
                groups.setdefault(decl.drawn_from, []).extend((pile, i) for i in range(len(pile)))
    return groups


def _is_instance(card) -> bool:
    return type(card) is dict and "uid" in card
