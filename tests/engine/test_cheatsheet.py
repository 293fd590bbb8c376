"""The four patterns of cheatsheet.md play to their documented ends with random players."""

from pathlib import Path

import pytest

from tabletwin import load_model
from tabletwin.play import play

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "cheatsheet"


def model(name):
    return load_model(FIXTURES / f"{name}.yaml")


@pytest.mark.parametrize("seed", range(30))
def test_race_ends_when_someone_reaches_six(seed):
    record = play(model("race"), ["random", "random"], seed)
    assert record.reason == "finish"
    assert sorted(record.payoffs) == [-1, 1]
    winner = record.payoffs.index(1)
    assert record.game is None
    assert record.requests[-1].player == winner or record.requests[-1].kind == "chance"


@pytest.mark.parametrize("seed", range(30))
def test_mini_poker_ends_by_fold_or_showdown_with_zero_sum_payoffs(seed):
    record = play(model("mini_poker"), ["random", "random"], seed)
    assert record.reason in ("fold", "showdown")
    assert sum(record.payoffs) == 0
    assert record.requests[0].where == "action deal" and record.requests[0].options == ["J", "Q", "K"]
    assert record.requests[0].visible_to == [0]
    assert record.requests[1].visible_to == [1]


@pytest.mark.parametrize("seed", range(20))
def test_trek_plays_three_scenarios(seed):
    record = play(model("trek"), ["random"], seed)
    assert record.reason == "campaign_over"
    scenario_ends = [e for e in record.events if e.startswith("scenario:")]
    assert len(scenario_ends) == 3
    assert record.events.count("reset:scenario") == 3
    assert record.payoffs == [scenario_ends.count("scenario:win")]


@pytest.mark.parametrize("seed", range(30))
def test_duel_ends_when_the_window_closes(seed):
    record = play(model("duel"), ["random", "random"], seed)
    assert record.reason == "closed"
    assert record.events[-1] == "fight_over"
    assert sum(record.payoffs) == 0
    for event in record.events:
        assert event.split(":")[0] in ("stack", "resolves", "cancelled", "fight_over")


def test_duel_counter_cancels_a_bolt():
    from tabletwin import Game

    from .flowkit import answer

    game = answer(Game(model("duel")), "bolt", "counter", "pass", "pass", "pass", "pass")
    assert game.events == ["stack:bolt", "stack:counter", "resolves:counter", "cancelled:bolt", "fight_over"]
    assert game.request.reason == "closed"
    assert game.request.payoffs == [0, 0]
    assert game.value("hp") == [2, 2]
