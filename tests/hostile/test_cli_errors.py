"""Hostile command lines: unknown players, negative or absurd numbers, more processes than processors,
and model data written to without a name to show for it."""

from __future__ import annotations

import json
import os

import pytest

from tabletwin.cli.options import MAX_GAMES, MAX_SEED, MAX_TEST_GAMES

from ..conftest import ROOT
from .bounded import run_cli

PIG = str(ROOT / "examples" / "pig.yaml")
ALLOWED_MANY = "random, first, agent:NAME or a tactic file (.yaml or .yml)"
ALLOWED_ONE = "random, first, human, agent:NAME or a tactic file (.yaml or .yml)"


@pytest.mark.parametrize("args, command, allowed", [
    (["play", PIG, "--players", "nobody"], "play", ALLOWED_ONE),
    (["simulate", PIG, "--games", "2", "--players", "nobody"], "simulate", ALLOWED_MANY),
    (["compare", PIG, "--games", "2", "--a", "random", "--b", "nobody"], "compare", ALLOWED_MANY),
])
def test_every_command_reports_an_unknown_player_the_same_way(args, command, allowed):
    outcome = run_cli(args)
    outcome.within_bar()
    assert (outcome.status, outcome.stdout) == (2, "")
    assert outcome.stderr == f"tabletwin {command}: unknown player 'nobody': use {allowed}\n"


@pytest.mark.parametrize("spec, message", [
    ("agent:", f"unknown player 'agent:': use {ALLOWED_ONE}"),
    ("agent:nope", "agent 'nope' is not in agents"),
    ("random,random,random", "3 players given for a 2-player game"),
])
def test_play_refuses_other_bad_line_ups_as_usage_errors(spec, message):
    outcome = run_cli(["play", PIG, "--players", spec])
    outcome.within_bar()
    assert (outcome.status, outcome.stderr) == (2, f"tabletwin play: {message}\n")


def test_many_games_refuse_a_human():
    outcome = run_cli(["simulate", PIG, "--games", "2", "--players", "human"])
    assert (outcome.status, outcome.stderr) == (2, f"tabletwin simulate: a human player cannot play many games; "
                                                   f"use {ALLOWED_MANY}\n")


def test_the_number_limits():
    assert (MAX_GAMES, MAX_TEST_GAMES, MAX_SEED) == (10_000_000, 100_000, 2**63 - 1)


@pytest.mark.parametrize("args, message", [
    (["validate", PIG, "--games", "-1"], "argument --games: test games must be from 0 to 100,000, not -1"),
    (["validate", PIG, "--games", "100001"], "argument --games: test games must be from 0 to 100,000, not 100,001"),
    (["validate", PIG, "--seed", "-5"], "argument --seed: a seed must be from 0 to 9,223,372,036,854,775,807, not -5"),
    (["simulate", PIG, "--games", "0"], "argument --games: games must be from 1 to 10,000,000, not 0"),
    (["simulate", PIG, "--games", "10000001"], "argument --games: games must be from 1 to 10,000,000, not 10,000,001"),
    (["simulate", PIG, "--games", "2", "--jobs", "-2"], "argument --jobs: must be 0 (all processors) or more, not -2"),
    (["simulate", PIG, "--games", "1e3"], "argument --games: '1e3' is not a whole number"),
    (["simulate", PIG, "--games", "2", "--seed", "9" * 5000], f"argument --seed: '{'9' * 37}...' is not a whole "
                                                              f"number"),
    (["compare", PIG, "--a", "random", "--b", "first", "--games", "-3"],
     "argument --games: games must be from 1 to 10,000,000, not -3"),
    (["compare", PIG, "--a", "random", "--b", "first", "--games", "2", "--seed", str(2**63)],
     "argument --seed: a seed must be from 0 to 9,223,372,036,854,775,807, not 9,223,372,036,854,775,808"),
    (["play", PIG, "--seed", "-1"], "argument --seed: a seed must be from 0 to 9,223,372,036,854,775,807, not -1"),
])
def test_negative_and_absurd_numbers_are_usage_errors(args, message):
    outcome = run_cli(args)
    outcome.within_bar()
    assert (outcome.status, outcome.stdout) == (2, "")
    assert outcome.stderr.splitlines()[-1] == f"tabletwin {args[0]}: error: {message}"


def test_jobs_are_capped_at_the_processors():
    processors = os.cpu_count() or 1
    outcome = run_cli(["simulate", PIG, "--games", "4", "--jobs", "500", "--json"])
    outcome.within_bar()
    assert outcome.status == 0
    assert outcome.stderr == (f"tabletwin simulate: --jobs 500 is more than the {processors} processors here; "
                              f"using {processors}\n")
    assert '"games": 4' in outcome.stdout


def test_writing_model_data_names_the_expression_or_variable(tmp_path):
    model = tmp_path / "data.yaml"
    model.write_text("num_players: 1\nconstants: {UNIT: {hp: 2}, TABLE: {a: 1}}\nstate: {vars: {t: {init_x: TABLE}}}\n"
                     "flow: {id: s, kind: step, do: hurt}\nactions:\n  hurt: {effect: [EFFECT]}\n"
                     "end: [{id: done, if_x: 'True', result: draw}]\n")
    text = model.read_text()
    model.write_text(text.replace("EFFECT", "{op: set, of_x: UNIT, attr: hp, value: 1}"))
    outcome = run_cli(["play", str(model)])
    assert outcome.stdout.splitlines()[-1] == \
        f"Stopped at {model}:6:19: ExprError: 'UNIT' is model data; make an instance with create first"
    model.write_text(text.replace("EFFECT", "{op: set, var: \"t['a']\", value: 1}"))
    outcome = run_cli(["play", str(model)])
    assert outcome.stdout.splitlines()[-1] == \
        f"Stopped at {model}:6:19: ExprError: variable t (t['a']) is model data; make an instance with create first"


def test_a_model_may_have_at_most_a_hundred_seats(tmp_path):
    from tabletwin.model.model import MAX_PLAYERS, num_players_of

    assert MAX_PLAYERS == 100
    assert (num_players_of({"num_players": 100}), num_players_of({"num_players": 101})) == (100, 2)
    model = tmp_path / "crowd.yaml"
    body = "flow: {kind: step, id: s, do: go}\nactions: {go: {effect: []}}\nend: [{id: e, if_x: 'True', result: draw}]\n"
    model.write_text("num_players: 1000000\n" + body)
    outcome = run_cli(["validate", str(model), "--games", "1"])
    outcome.within_bar()
    assert outcome.status == 1
    assert outcome.stdout.splitlines()[0] == \
        f"{model}:1:14: error: num_players 1,000,000 is more than the 100 seats a model may have"
    model.write_text("num_players: 100\n" + body)
    outcome = run_cli(["validate", str(model), "--games", "1"])
    assert outcome.status == 0 and "seats a model may have" not in outcome.stdout


def test_a_model_with_too_many_seats_is_not_played_with_fewer():
    model = ("num_players: 1000000\nflow: {id: s, kind: step, do: a}\nactions:\n  a: {effect: []}\n"
             "end: [{id: done, if_x: 'True', result: draw}]\n")
    outcome = run_cli(["play", "-"], stdin=model)
    outcome.within_bar()
    assert outcome.status == 1
    assert outcome.stdout.splitlines()[-1] == (
        "Stopped at -:1:1: NotExecutable: num_players 1,000,000 is more than the 100 seats a model may have")


HUGE_CHOICE = ("num_players: 1\nflow: {id: s, kind: step, actor_x: '0', do: a}\nactions:\n"
               "  a: {effect: [{op: choose, options_x: 'range(10**6)', bind: c}]}\n"
               "end: [{id: done, if_x: 'True', result: draw}]\n")


def test_a_decision_with_a_million_options_stops_the_game():
    outcome = run_cli(["validate", "-"], stdin=HUGE_CHOICE)
    outcome.within_bar()
    assert outcome.status == 0
    assert ("  stopped 20x: ExprError: action a: 1,000,000 options to choose from; at most 100,000"
            in outcome.stdout.splitlines())
    played = run_cli(["play", "--json", "-"], stdin=HUGE_CHOICE)
    played.within_bar()
    assert played.status == 1
    assert json.loads(played.stdout)["error"] == {
        "kind": "ExprError", "message": "action a: 1,000,000 options to choose from; at most 100,000"}


INFINITE_PAYOFF = ("num_players: 2\nflow: {id: s, kind: step, do: a}\nactions:\n  a: {effect: []}\n"
                   "end: [{id: done, if_x: 'True', result: score, returns_x: '[1e308 * 10, 0]'}]\n")


def _strict(text: str):
    def refuse(constant):
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def test_json_output_stays_strict_json_with_infinite_numbers():
    played = run_cli(["play", "--json", "-"], stdin=INFINITE_PAYOFF)
    played.within_bar()
    assert _strict(played.stdout)["end"] == {"payoffs": ["inf", 0], "reason": "done"}
    simulated = run_cli(["simulate", "-", "--games", "3", "--json"], stdin=INFINITE_PAYOFF)
    simulated.within_bar()
    seat = _strict(simulated.stdout)["seats"][0]
    assert (seat["mean_payoff"], seat["payoff_ci95"]) == ("inf", ["nan", "nan"])
