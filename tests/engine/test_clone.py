"""Game.clone copies the state and the walk of the flow: the copy continues exactly as the original
would, shares no mutable value with it, and costs the same early and late in a game."""

from __future__ import annotations

import random

import pytest

from tabletwin import EngineError, Game, load_model
from tabletwin.game.frames import Frame
from tabletwin.game.piles import Pile
from tabletwin.game.snapshot import copy_runner
from tabletwin.model.data import ModelDict

from .pinned_games import MODELS

MAX_REQUESTS = 400


def _request(request) -> tuple:
    if request.kind == "end":
        return ("end", list(request.payoffs), request.reason)
    return (request.kind, request.player, request.where, list(request.options), repr(list(request.values)),
            request.visible_to, request.probabilities)


def _answer(chooser, request) -> int:
    if request.kind == "chance":
        return chooser.choices(range(len(request.options)), weights=request.probabilities)[0]
    return chooser.randrange(len(request.options))


def _reference(model, seed: int):
    """A whole game: its answers, requests, observations and events."""
    game = Game(model, seed)
    chooser = random.Random(seed)
    answers, requests = [], []
    while not game.is_over and len(answers) < MAX_REQUESTS:
        requests.append(_request(game.request))
        answers.append(_answer(chooser, game.request))
        game.answer(answers[-1])
    requests.append(_request(game.request))
    return answers, requests, _log(game)


def _log(game) -> tuple:
    return ([(o.where, o.kind, o.label, o.visible_to, o.player) for o in game.observations], list(game.events))


def _continue(game, answers, start: int) -> list:
    seen = [_request(game.request)]
    for index in answers[start:]:
        game.answer(index)
        seen.append(_request(game.request))
    return seen


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_a_clone_continues_exactly_as_the_original(path):
    model = load_model(path)
    for seed in (0, 1):
        answers, requests, log = _reference(model, seed)
        for point in sorted({0, 1, len(answers) // 3, 2 * len(answers) // 3, len(answers) - 1}):
            point = max(0, min(point, len(answers)))
            original = Game(model, seed)
            for index in answers[:point]:
                original.answer(index)
            copy = original.clone()
            assert copy.position() == original.position()
            assert copy.history == answers[:point]
            assert _continue(copy, answers, point) == requests[point:]
            assert _log(copy) == log
            assert copy.history == answers
            # the original was not disturbed by its copy's play
            assert _continue(original, answers, point) == requests[point:]
            assert _log(original) == log


def test_a_clone_of_a_clone_continues_too():
    model = load_model(MODELS[0])
    answers, requests, log = _reference(model, 3)
    game = Game(model, 3)
    for index in answers[:4]:
        game.answer(index)
    first = game.clone()
    for index in answers[4:8]:
        first.answer(index)
    second = first.clone()
    assert _continue(second, answers, 8) == requests[8:]
    assert _log(second) == log


def _mutables(value, found: dict, seen: set) -> None:
    """Ids of the lists, dicts and piles a copy must not share, reachable from ``value``."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, ModelDict):
        return
    if isinstance(value, (list, dict, Pile, set)):
        found[id(value)] = value
        for item in (value.values() if isinstance(value, dict) else value):
            _mutables(item, found, seen)
    elif isinstance(value, tuple):
        for item in value:
            _mutables(item, found, seen)
    elif isinstance(value, Frame) or hasattr(type(value), "COPY"):
        for name in type(value).COPY:
            _mutables(getattr(value, name, None), found, seen)


def _reachable(game) -> dict:
    runner = game._runner
    found: dict = {}
    seen: set = set()
    for root in (runner.state.variables, runner.state.zones, runner.state.eliminated, runner.state.results,
                 runner.frames, runner.window_stack, game.request.values):
        _mutables(root, found, seen)
    return found


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_a_clone_shares_no_mutable_value_with_the_original(path):
    model = load_model(path)
    answers, _, _ = _reference(model, 0)
    game = Game(model, 0)
    for index in answers[: len(answers) // 2]:
        game.answer(index)
    copy = game.clone()
    ours, theirs = _reachable(game), _reachable(copy)
    assert ours and theirs
    assert set(ours) & set(theirs) == set()


def _pig_at_decisions(count: int):
    """The roll-or-hold decisions of one long Pig game (always roll: nobody ever banks a point)."""
    model = load_model(MODELS[[p.stem for p in MODELS].index("pig")])
    game = Game(model, 0)
    chooser = random.Random(5)
    stops = []
    while not game.is_over and len(stops) < count:
        request = game.request
        if request.kind == "decision":
            stops.append(len(game.history))
            game.answer(list(request.options).index("roll"))
        else:
            game.answer(_answer(chooser, request))
    return model, stops, game.history


def test_clone_cost_does_not_grow_with_the_game():
    model, stops, history = _pig_at_decisions(40)
    assert len(stops) == 40
    sizes = []
    for stop in (stops[1], stops[-1]):
        game = Game(model, 0)
        for index in history[:stop]:
            game.answer(index)
        _, copier = copy_runner(game._runner)
        copy = game.clone()
        sizes.append((copier.count, len(copy._history), len(copy._runner.observations), len(copy.state.events)))
    # the same number of lists, dicts and frames copied; the logs are not copied at all
    assert sizes[0] == sizes[1]
    assert sizes[0][1:] == (0, 0, 0)
    assert stops[-1] > 5 * stops[1]


def test_a_game_stopped_by_an_error_cannot_be_cloned():
    model = load_model("num_players: 1\nflow: {id: s, kind: step, do: a}\nactions:\n  a: {effect: "
                       "[{op: roll, die: [1, 2], bind: r}, {op: set, var: missing, value: 1}]}\n")
    game = Game(model)
    with pytest.raises(EngineError):
        game.answer(0)
    with pytest.raises(EngineError) as caught:
        game.clone()
    assert caught.value is game.error
