"""``simulate`` counts the recorded games exactly: payoffs, counts, choices and usage per seed."""

import json

import pytest

from .pinned_results import MODELS, PINNED, record_results


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_play_game_gives_the_recorded_results(path):
    expected = json.loads(PINNED.read_text())[path.stem]
    played = json.loads(json.dumps(record_results(path)))
    for number, (want, got) in enumerate(zip(expected, played)):
        assert got == want, f"{path.name}: result {number} differs"
    assert played == expected


def test_the_recording_covers_every_model_and_the_usage_tally():
    recorded = json.loads(PINNED.read_text())
    assert sorted(recorded) == sorted(path.stem for path in MODELS)
    assert all(result[10] for results in recorded.values() for result in results if result[1] is not None)
