"""Look-ahead plays its rollouts faster than it did, and decides exactly as before.

``NaiveSearchPlayer`` is look-ahead as the rules say it, one step at a time: every rollout copies
the game, redistributes, answers the option through :meth:`Game.answer` and plays out with fresh
rule players. The real player must consume the same random numbers and pick the same options.
"""

import random

import pytest

from tabletwin import Game, load_model, play
from tabletwin.players import make_players
from tabletwin.errors import EngineError
from tabletwin.game.chance import pick_chance
from tabletwin.tactics import RulePlayer, SearchPlayer, load_tactic, redistribute
from tabletwin.tactics.search import MAX_ROLLOUT_REQUESTS, SeededOnUse, hidden_slots

from ..conftest import ROOT


class RecordingSearchPlayer(SearchPlayer):
    """The real player, keeping every rollout's payoff."""

    def rollout(self, starts, option, seed):
        payoff = super().rollout(starts, option, seed)
        self.payoffs.append((option, seed, payoff))
        return payoff


class NaiveSearchPlayer(SearchPlayer):
    def look_ahead(self, game, me, rules_pick, count, search):
        self.root = game
        self.me = me
        return super().look_ahead(game, me, rules_pick, count, search)

    def rollout(self, starts, option, seed):
        payoff = self.naive_rollout(option, seed)
        self.payoffs.append((option, seed, payoff))
        return payoff

    def naive_rollout(self, option, seed):
        self.rollouts += 1
        rng = random.Random(seed)
        copy = self.root.clone()
        redistribute(copy, self.me, rng)
        players = [RulePlayer(self.tactic, random.Random(f"{seed}:{seat}")) for seat in range(copy.model.num_players)]
        try:
            copy.answer(option)
            for _ in range(MAX_ROLLOUT_REQUESTS):
                request = copy.request
                if request.kind == "end":
                    return float(request.payoffs[self.me])
                if request.kind == "chance":
                    copy.answer(pick_chance(rng, request.probabilities))
                else:
                    copy.answer(players[request.player].choose(copy, request))
        except EngineError:
            return 0.0
        return 0.0


def searching(tmp_path, base: str, at: str):
    path = tmp_path / f"search-{base}"
    path.write_text(f"tactic: s\nextends: {ROOT / 'examples' / 'tactics' / base}\n"
                    f"search: {{at: '{at}', rollouts: 4, max_rollouts: 8, z: 1}}\n")
    return load_tactic(path)


@pytest.mark.parametrize("model_file,base,at,games", [
    ("pig.yaml", "pig-hold-at-8.yaml", "step decide", 3),
    ("kuhn_poker.yaml", "kuhn-poker-value.yaml", "step act", 6),  # hidden cards: redistributed
    ("tic_tac_toe.yaml", "tic-tac-toe-basic.yaml", "action mark", 2),
    ("spell_duel.yaml", "spell-duel-eager.yaml", "*", 1),
])
def test_look_ahead_decides_as_the_naive_rollouts_do(tmp_path, model_file, base, at, games):
    model = load_model(ROOT / "examples" / model_file)
    tactic = searching(tmp_path, base, at)
    for seed in range(games):
        records = []
        for cls in (RecordingSearchPlayer, NaiveSearchPlayer):
            searcher = cls(tactic, random.Random(seed))
            searcher.payoffs = []
            others = [RulePlayer(tactic, random.Random(seed + seat)) for seat in range(1, model.num_players)]
            record = play(model, [searcher, *others], seed)
            records.append(([r.answer for r in record.requests], record.payoffs, searcher.decisions,
                            searcher.rollouts, searcher.payoffs,
                            searcher.rng.random()))
        assert records[0] == records[1]
        assert records[0][2] > 0  # something was searched


def test_hidden_slots_are_what_redistribution_shuffles():
    kuhn = load_model(ROOT / "examples" / "kuhn_poker.yaml")
    game = Game(kuhn)
    while game.request.kind == "chance":
        game.answer(0)
    hidden = hidden_slots(game, 0)
    assert list(hidden) == ["deck"] and [(pile.owner, i) for pile, i in hidden["deck"]] == [(1, 0)]
    pig = Game(load_model(ROOT / "examples" / "pig.yaml"))
    rng = random.Random(3)
    assert hidden_slots(pig, 0) == {}
    redistribute(pig, 0, rng)
    assert rng.random() == random.Random(3).random()  # nothing hidden: no number drawn


def test_seeded_on_use_with_a_seat_is_the_generator_of_seed_and_seat():
    assert SeededOnUse(7, 1).random() == random.Random("7:1").random()
    assert SeededOnUse("7:1").random() == random.Random("7:1").random()


def test_the_request_names_are_made_on_first_read_as_copies():
    from tabletwin.tactics.player import LetNames

    game = Game(load_model(ROOT / "examples" / "pig.yaml"))
    game.answer(0)
    game.answer(3)  # a four: hold is legal now
    request = game.request
    names = LetNames({"me": 0}, {}, game._runner.scope, request)
    assert "opts" in names and "labels" in names and "pool" in names and "chosen" in names and "other" not in names
    assert dict(names) == {"me": 0}
    assert names["labels"] == ["roll", "hold"] and names["labels"] is not request.options
    assert names["pool"] is names["opts"] and names["chosen"] == []
    assert sorted(dict(names)) == ["chosen", "labels", "me", "opts", "pool"]
    with pytest.raises(KeyError):
        names["other"]
    assert "opts" not in LetNames({}, {}, game._runner.scope)


def test_look_ahead_leaves_no_garbage_for_the_cycle_collector():
    """Each rollout's copy and each option's start are closed (Game.close), so they are freed as
    soon as they are dropped: with the collector off, a game of look-ahead leaves nothing for it."""
    import gc

    model = load_model(ROOT / "examples" / "pig.yaml")
    players = make_players([str(ROOT / "examples" / "tactics" / "pig-search.yaml"), "random"], model, 0)
    game = Game(model, 0)
    chance = random.Random(0)
    gc.collect()
    gc.disable()
    try:
        while game.request.kind != "end" and players[0].decisions < 5:
            request = game.request
            if request.kind == "chance":
                game.answer(pick_chance(chance, request.probabilities))
            else:
                game.answer(players[request.player].choose(game, request))
        assert (players[0].decisions, players[0].rollouts) == (5, 112)
        assert gc.collect() == 0
    finally:
        gc.enable()
