"""The game as an API: answers, clone, seeds, records."""

from pathlib import Path

import pytest

from tabletwin import Game, load_model
from tabletwin.play import play

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "cheatsheet"


def test_clone_continues_identically_and_independently():
    model = load_model(FIXTURES / "race.yaml")
    game = Game(model)
    game.answer(1)
    game.answer(1)
    copy = game.clone()
    assert copy.request == game.request
    assert copy.value("pos") == game.value("pos")
    copy.answer(0)
    assert copy.history == [1, 1, 0]
    assert game.history == [1, 1]
    assert game.value("pos") != copy.value("pos") or game.request != copy.request


def test_bad_answers_are_refused():
    game = Game(load_model(FIXTURES / "race.yaml"))
    with pytest.raises(ValueError):
        game.answer(5)
    with pytest.raises(ValueError):
        game.answer("walk")


def test_same_seed_same_game_and_seats_have_their_own_streams():
    model = load_model(FIXTURES / "mini_poker.yaml")
    first = play(model, ["random", "random"], seed=11)
    again = play(model, ["random", "random"], seed=11)
    assert first.as_json() == again.as_json()
    changed = play(model, ["first", "random"], seed=11)
    assert [r.label for r in changed.requests if r.kind == "chance"] == \
        [r.label for r in first.requests if r.kind == "chance"]


def test_records_in_the_documented_json_shape():
    record = play(load_model(FIXTURES / "race.yaml"), ["first", "first"], seed=3).as_json()
    assert set(record) == {"seed", "requests", "events", "end", "error"}
    assert record["requests"][0] == {"kind": "decision", "player": 0, "where": "step turn",
                                     "options": ["walk", "run"], "answer": 0, "label": "walk", "visible_to": "all"}
    assert record["end"] == {"payoffs": [1, -1], "reason": "finish"}
    assert record["error"] is None
