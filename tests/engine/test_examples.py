"""Every bundled example plays to an end; the ones with known values match them."""

from pathlib import Path

import pytest

from tabletwin import Game, load_model
from tabletwin.play import play

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"
MODELS = sorted(EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", range(10))
def test_plays_to_an_end_with_random_players(path, seed):
    model = load_model(path)
    record = play(model, None, seed, max_requests=5000)
    assert record.error is None, record.error
    assert record.finished
    assert record.reason != "flow finished without an end condition"
    assert len(record.payoffs) == model.num_players


def expected_payoffs(game: Game) -> list[float]:
    """Exact expected payoffs under uniformly random decisions and the listed chance."""
    request = game.request
    if request.kind == "end":
        return [float(p) for p in request.payoffs]
    n = len(request.options)
    weights = request.probabilities if request.kind == "chance" else [1 / n] * n
    total = [0.0] * game.model.num_players
    for index, weight in enumerate(weights):
        branch = game.clone()
        branch.answer(index)
        for seat, value in enumerate(expected_payoffs(branch)):
            total[seat] += weight * value
    return total


def test_kuhn_poker_first_player_expects_one_eighth_under_random_play():
    values = expected_payoffs(Game(load_model(EXAMPLES / "kuhn_poker.yaml")))
    assert values[0] == pytest.approx(1 / 8, abs=1e-12)
    assert values[1] == pytest.approx(-1 / 8, abs=1e-12)


def test_tic_tac_toe_random_play_matches_the_known_odds():
    model = load_model(EXAMPLES / "tic_tac_toe.yaml")
    games = 3000
    wins = [0, 0]
    for seed in range(games):
        record = play(model, ["random", "random"], seed)
        if record.payoffs[0] > record.payoffs[1]:
            wins[0] += 1
        elif record.payoffs[1] > record.payoffs[0]:
            wins[1] += 1
    first, second = 737 / 1260, 121 / 420
    # Four standard errors: fails by chance about once in 15,000 seed sets (the seeds are fixed).
    assert abs(wins[0] / games - first) < 4 * (first * (1 - first) / games) ** 0.5
    assert abs(wins[1] / games - second) < 4 * (second * (1 - second) / games) ** 0.5
