"""The compiled path (``game/compile_flow.py``) plays the games the frames play: for every example
and test model, seeds and line-ups, ``simulate``'s per-game results are the same field for field
with and without ``TABLETWIN_INTERPRET=1``, cut games and failing models included."""

import pytest
from _pytest.monkeypatch import MonkeyPatch
from hypothesis import HealthCheck, given, settings

from tabletwin import load_model
from tabletwin.errors import TabletwinError
from tabletwin.game.compile_flow import compiled_play
from tabletwin.simulate.runner import play_game

from ..hostile.models import as_yaml, models
from ..simulate.pinned_results import MODELS

SEEDS = range(20)


def _both_ways(monkeypatch, model, specs, seed, max_requests=5000):
    monkeypatch.delenv("TABLETWIN_INTERPRET", raising=False)
    compiled = play_game(model, specs, seed, max_requests)
    monkeypatch.setenv("TABLETWIN_INTERPRET", "1")
    interpreted = play_game(model, specs, seed, max_requests)
    monkeypatch.delenv("TABLETWIN_INTERPRET")
    return compiled, interpreted


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_compiled_and_interpreted_games_are_the_same(monkeypatch, path):
    model = load_model(path)
    for specs in (["random"], ["first"]):
        for seed in SEEDS:
            compiled, interpreted = _both_ways(monkeypatch, model, specs, seed)
            assert compiled == interpreted, (path.name, specs, seed)


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_a_game_cut_at_the_request_limit_is_cut_at_the_same_request(monkeypatch, path):
    model = load_model(path)
    for seed in range(5):
        compiled, interpreted = _both_ways(monkeypatch, model, ["random"], seed, max_requests=3)
        assert compiled == interpreted
        assert compiled.requests <= 3


def test_the_environment_variable_turns_the_compiled_path_off(monkeypatch):
    model = load_model(MODELS[0])
    monkeypatch.setenv("TABLETWIN_INTERPRET", "1")
    assert compiled_play(model) is None
    monkeypatch.setenv("TABLETWIN_INTERPRET", "0")
    assert compiled_play(model) is not None
    assert compiled_play(model) is compiled_play(model)  # compiled once per model


@settings(max_examples=150, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(models())
def test_random_models_give_the_same_results_and_errors_both_ways(model):
    """Generated models (the hostile corpus's): wrong fields, failing expressions, branches,
    subflows and every op kind end the same way, with the same message, at the same request."""
    try:
        loaded = load_model(as_yaml(model))
    except TabletwinError:
        return
    with MonkeyPatch.context() as monkeypatch:
        for seed in (0, 1):
            try:
                compiled, interpreted = _both_ways(monkeypatch, loaded, ["random"], seed, max_requests=200)
            except TabletwinError:
                continue  # players that cannot be seated: both ways alike, before any game
            assert compiled == interpreted
