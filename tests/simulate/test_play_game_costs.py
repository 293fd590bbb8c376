"""What simulate's per-game path leaves out, and that it still plays the same games: random
streams seeded at their first draw, labels never made, each game freed as soon as it is counted."""

import gc
from functools import partial

import pytest

from tabletwin import Game, load_model, play
from tabletwin.game import requests
from tabletwin.players import RandomPlayer, make_players, seat_random
from tabletwin.simulate import runner as simulate_runner
from tabletwin.simulate.runner import play_game

from .helpers import KUHN, TIC_TAC_TOE


def test_a_lazy_random_player_draws_what_an_eager_one_draws():
    made = []

    def make():
        made.append(1)
        return seat_random(12, 1)

    lazy, eager = RandomPlayer(make_rng=make), RandomPlayer(seat_random(12, 1))
    assert made == []  # nothing seeded until the first choice
    game = Game(load_model(TIC_TAC_TOE), 12)
    request = game.request
    draws = [(lazy.choose(game, request), eager.choose(game, request)) for _ in range(20)]
    assert [a for a, _ in draws] == [b for _, b in draws]
    assert made == [1]  # seeded once


def test_a_random_player_takes_rng_or_make_rng():
    with pytest.raises(TypeError, match="RandomPlayer takes rng or make_rng"):
        RandomPlayer()
    with pytest.raises(TypeError, match="RandomPlayer takes rng or make_rng"):
        RandomPlayer(seat_random(0, 0), make_rng=lambda: seat_random(0, 0))


def test_a_lazy_random_players_stream_can_be_replaced():
    player = RandomPlayer(make_rng=lambda: seat_random(0, 0))
    stream = seat_random(5, 5)
    player.rng = stream  # as solve does
    assert player.rng is stream


@pytest.mark.parametrize("path", [TIC_TAC_TOE, KUHN])
@pytest.mark.parametrize("specs", [["random"], ["random", "random"], [], ["first", "random"], ["random", "first"]])
def test_play_game_plays_what_play_plays_with_eager_players(path, specs):
    model = load_model(path)
    for seed in range(30):
        result = play_game(model, specs, seed)
        record = play(model, make_players(specs, model, seed), seed, max_requests=5000)
        assert (result.payoffs, result.reason, result.requests) == (tuple(record.payoffs), record.reason,
                                                                      len(record.requests))


def test_tic_tac_toe_never_seeds_a_chance_stream(monkeypatch):
    seeded = []
    monkeypatch.setattr(simulate_runner, "chance_random", lambda seed: seeded.append(seed))
    result = play_game(load_model(TIC_TAC_TOE), ["random"], 3)
    assert result.finished and result.chance == 0 and seeded == []


def test_simulate_makes_no_option_labels(monkeypatch):
    made = []
    original = requests.label
    monkeypatch.setattr(requests, "label", lambda value: made.append(value) or original(value))
    model = load_model(KUHN)
    play_game(model, ["random"], 1)
    assert made == []
    game = Game(model, 1)
    assert game.request.options == ["J", "Q", "K"] and made == ["J", "Q", "K"]  # made when read


@pytest.mark.parametrize("path", [TIC_TAC_TOE, KUHN])
def test_a_counted_game_leaves_no_cycles_for_the_collector(path):
    model = load_model(path)
    play_game(model, ["random"], 0)  # the model's cached parts are made here
    gc.collect()
    gc.disable()
    try:
        for seed in range(20):
            play_game(model, ["random"], seed)
        assert gc.collect() == 0
    finally:
        gc.enable()


def _finished(model, seed):
    game = Game(model, seed)
    while game.request.kind != "end":
        game.answer(0)
    return game


def test_the_next_game_takes_a_closed_games_scope_reset_to_what_a_new_one_holds():
    model = load_model(KUHN)
    first = _finished(model, 0)
    scope = first._runner.scope
    first.close()
    reused, fresh = Game(model, 1), Game(model, 2)  # the second one builds its own
    assert reused._runner.scope is scope and fresh._runner.scope is not scope
    mine, theirs = reused._runner.scope, fresh._runner.scope
    assert list(mine) == list(theirs) and mine.lazy.keys() == theirs.lazy.keys() == {"showdown_winner"}
    for name, value in mine.items():
        other = theirs[name]
        if isinstance(value, partial):  # a builtin that charges the budget of its own scope
            assert value.func is other.func and value.args == (mine,) and other.args == (theirs,), name
        elif callable(value) and name in model.functions or name == "modified":
            assert value is not other, name  # bound to its own game
        elif name in ("stake", "hand", "deck", "players", "eliminated", "results"):
            assert value == other and value is not other, name  # each game's own values
        else:
            assert value is other or value == other, name
    assert (mine.steps, mine.in_game, mine.strict, mine.calls, mine.frame) == (
        theirs.steps, theirs.in_game, theirs.strict, theirs.calls, theirs.frame)
    assert mine["stake"] == [1, 1] and mine["stake"] is reused._runner.state.variables["stake"]


def test_games_on_recycled_scopes_play_as_new_ones():
    model = load_model(KUHN)
    for seed in range(10):
        game = Game(model, seed)
        answers = []
        while game.request.kind != "end":
            answers.append(seed % len(game.request.values))
            game.answer(answers[-1])
        payoffs = game.request.payoffs
        observations = list(game.observations)
        game.close()  # the next game takes its scope
        again = Game(model, seed)
        for answer in answers:
            again.answer(answer)
        assert again.request.payoffs == payoffs and list(again.observations) == observations
        again.close()


def test_a_scope_with_a_name_of_its_own_is_emptied_not_kept():
    model = load_model(KUHN)
    Game(model, 0).close()  # the spare scope is taken by the next game
    game = _finished(model, 1)
    scope = game._runner.scope
    scope["stray"] = 1
    game.close()
    assert len(scope) == 0 and Game(model, 2)._runner.scope is not scope


def test_closing_a_game_twice_leaves_the_scope_it_gave_away_alone():
    model = load_model(KUHN)
    game = _finished(model, 1)
    scope = game._runner.scope
    game.close()
    taker = Game(model, 2)
    assert taker._runner.scope is scope
    game.close()  # the look-ahead's rollout and its caller may both close a copy
    assert taker._runner.scope is scope and "stake" in scope
    assert Game(model, 3)._runner.scope is not scope  # not given away a second time


def test_a_result_made_at_once_is_the_dataclass_made_field_by_field():
    from dataclasses import fields

    values = (7, (1, -1), "won", None, False, 9, 5, 4, 3, ((0, "step move", 2, 7, 0),), ((("actions", "mark"), 5),),
              False)
    made = simulate_runner._result(*values)
    assert made == simulate_runner.GameResult(*values)
    assert vars(made) == vars(simulate_runner.GameResult(*values))
    assert list(vars(made)) == [field.name for field in fields(simulate_runner.GameResult)]


def test_a_random_player_draws_what_randrange_draws():
    from random import Random

    class Asking:
        def __init__(self, count):
            self.values = range(count)  # (only its length is read)

    player, reference = RandomPlayer(Random(5)), Random(5)
    for count in [1, 2, 3, 7, 8, 9, 100, 1000, 2**40 + 3] * 20:
        assert player.choose(None, Asking(count)) == reference.randrange(count)
    with pytest.raises(ValueError):
        player.choose(None, Asking(0))
