"""The engine plays the recorded games exactly: every request, label, observation and event."""

import json

import pytest

from .pinned_games import MODELS, SEEDS, pinned_file, record_game


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_games_match_the_recorded_request_sequences(path):
    pinned = json.loads(pinned_file(path).read_text())
    assert [game["seed"] for game in pinned] == list(SEEDS)
    for expected in pinned:
        played = json.loads(json.dumps(record_game(path, expected["seed"])))
        for number, (want, got) in enumerate(zip(expected["requests"], played["requests"])):
            assert got == want, f"{path.name} seed {expected['seed']}: request {number} differs"
        assert played == expected


def test_the_recording_covers_long_games():
    total = sum(len(game["requests"]) for path in MODELS for game in json.loads(pinned_file(path).read_text()))
    assert total > 800
