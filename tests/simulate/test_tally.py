"""The usage tally: off by default, and exact counts at every place a rule is used."""

import pickle

from tabletwin import Game, load_model, play
from tabletwin.game.runner import Runner
from tabletwin.game.tally import Tally, catalogue, main_loop
from tabletwin.simulate.runner import play_game, run_games

from ..conftest import ROOT
from .helpers import SPELL_DUEL, run_json

TOY = str(ROOT / "tests" / "fixtures" / "balance" / "toy.yaml")


def test_no_tally_unless_asked():
    model = load_model(TOY)
    assert Runner(model).tally is None
    assert Game(model)._runner.tally is None
    assert Game(model).clone()._runner.tally is None


def test_a_tally_does_not_change_the_game():
    model = load_model(SPELL_DUEL)
    for seed in range(3):
        plain = play(model, ["random"], seed)
        counted = play(model, ["random"], seed, tally=Tally(model))
        assert [r.answer for r in counted.requests] == [r.answer for r in plain.requests]
        assert counted.payoffs == plain.payoffs and counted.events == plain.events


def test_every_kind_of_rule_is_counted_where_it_is_used():
    model = load_model(TOY)
    tally = Tally(model)
    record = play(model, ["first"], 0, tally=tally)
    assert record.reason == "done" and record.payoffs == [33, 0]
    assert dict(tally.uses) == {
        ("actions", "play"): 3, ("actions", "tick"): 3,  # tick is the only action of its step: automatic
        ("actions", "zap"): 3,                           # taken in a window
        ("steps", "turn"): 3, ("steps", "tick"): 3,
        ("triggers", "on_played"): 3, ("modifiers", "modifiers[0]"): 3, ("windows", "quick"): 3,
        ("end", "done"): 1, ("content", "spark"): 3}
    # the choose with one option inside play, seat 0 in rounds 1 and 3, seat 1 in round 2
    assert dict(tally.forced) == {(0, "action play"): 2, (1, "action play"): 1}
    assert tally.rounds == 3


def test_the_main_loop_is_the_first_loop_of_the_main_flow():
    pig = load_model(str(ROOT / "examples" / "pig.yaml"))
    assert main_loop(pig).id == "game"
    assert main_loop(load_model("flow: {id: s, kind: step, do: a}\nactions: {a: {effect: []}}\n")) is None
    assert play_game(load_model("flow: {id: s, kind: step, do: a}\nactions: {a: {effect: []}}\n"),
                     ["first"], 0).rounds is None


def test_the_catalogue_lists_every_rule_with_its_model_path():
    assert catalogue(load_model(TOY)) == {
        "actions": {"play": "actions.play", "rest": "actions.rest", "tick": "actions.tick", "zap": "actions.zap",
                    "hold_forever": "actions.hold_forever"},
        "steps": {"turn": "flow.children[0]", "tick": "flow.children[1]"},
        "triggers": {"on_played": "triggers[0]", "on_doubles": "triggers[1]"},
        "modifiers": {"modifiers[0]": "modifiers[0]"},
        "windows": {"quick": "priority.windows.quick"},
        "end": {"done": "end[0]", "never": "end[1]"},
        "content": {"spark": "content.cards[0]", "dud": "content.cards[1]"}}


def test_content_items_with_the_same_id_are_told_apart_by_path():
    model = load_model("content: {a: [{id: x, effect: []}], b: [{id: x, effect: []}, {id: y, effect: []}]}\n"
                       "flow: {id: s, kind: step, do: go}\nactions: {go: {effect: [{op: exec, of_x: \"content['b'][0]\"}]}}\n")
    assert catalogue(model)["content"] == {"content.a[0]": "content.a[0]", "content.b[0]": "content.b[0]",
                                           "y": "content.b[1]"}
    assert dict(play_game(model, ["first"], 0).usage)[("content", "content.b[0]")] == 1


def test_coverage_counts_games_and_uses_exactly(capsys):
    status, report, _ = run_json(["simulate", TOY, "--games", "4", "--players", "first"], capsys)
    assert status == 0
    coverage = report["coverage"]
    assert coverage["actions"] == {
        "play": {"games": 4, "uses": 12, "path": "actions.play"},
        "rest": {"games": 0, "uses": 0, "path": "actions.rest"},
        "tick": {"games": 4, "uses": 12, "path": "actions.tick"},
        "zap": {"games": 4, "uses": 12, "path": "actions.zap"},
        "hold_forever": {"games": 0, "uses": 0, "path": "actions.hold_forever"}}
    assert coverage["steps"]["turn"] == {"games": 4, "uses": 12, "path": "flow.children[0]"}
    assert coverage["triggers"]["on_played"]["uses"] == 12 and coverage["triggers"]["on_doubles"]["games"] == 0
    assert coverage["modifiers"] == {"modifiers[0]": {"games": 4, "uses": 12, "path": "modifiers[0]"}}
    assert coverage["windows"] == {"quick": {"games": 4, "uses": 12, "path": "priority.windows.quick"}}
    assert coverage["end"] == {"done": {"games": 4, "uses": 4, "path": "end[0]"},
                               "never": {"games": 0, "uses": 0, "path": "end[1]"}}
    assert coverage["content"]["spark"] == {"games": 4, "uses": 12, "path": "content.cards[0]"}
    assert report["unused"] == ["actions.rest", "actions.hold_forever", "triggers[1]", "end[1]", "content.cards[1]"]


def test_a_rule_used_in_some_games_counts_those_games(capsys):
    # random seats sometimes rest instead of playing: play and rest are each used in part of the games
    _, report, _ = run_json(["simulate", TOY, "--games", "40", "--seed", "2"], capsys)
    play_row, rest_row = report["coverage"]["actions"]["play"], report["coverage"]["actions"]["rest"]
    assert 0 < rest_row["games"] < 40 and 0 < play_row["games"] <= 40
    assert play_row["uses"] + rest_row["uses"] == report["coverage"]["steps"]["turn"]["uses"] == 40 * 3


def test_results_stay_small_and_picklable():
    text = open(SPELL_DUEL, encoding="utf-8").read()
    results = run_games(text, [["random"]], 3)
    for (result,) in results:
        assert pickle.loads(pickle.dumps(result)) == result
        assert len(pickle.dumps(result)) < 2000


def test_an_elimination_counts_once_per_player_eliminated():
    model = load_model(SPELL_DUEL)
    for seed in range(4):
        tally = Tally(model)
        record = play(model, ["random"], seed, tally=tally)
        eliminated = sum(1 for event in record.events if event.startswith("eliminated:"))
        assert eliminated >= 1 and tally.uses[("end", "knocked_out")] == eliminated
