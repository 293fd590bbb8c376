"""``--set NAME=VALUE`` on play, simulate, compare, validate and eval --model."""

import json

import pytest

from tabletwin.simulate.variants import VariantError, parse_grid, parse_sets, split_values

from ..conftest import ROOT
from ..simulate.helpers import run

PIG = str(ROOT / "examples" / "pig.yaml")
TOY = str(ROOT / "tests" / "fixtures" / "balance" / "toy.yaml")
UNKNOWN = "--set GOLA: the model has no constant 'GOLA' (its constants: GOAL, DIE)"


def test_values_are_read_as_yaml():
    assert parse_sets(["GOAL=50", "DIE=[1, 2]", "NAME=fast", "ON=true", "GOAL=75"]) == \
        {"GOAL": 75, "DIE": [1, 2], "NAME": "fast", "ON": True}


@pytest.mark.parametrize("text, message", [
    ("GOAL", "--set 'GOAL': expected NAME=VALUE"),
    ("=5", "--set '=5': expected NAME=VALUE"),
])
def test_an_assignment_needs_a_name_and_an_equals_sign(text, message):
    with pytest.raises(VariantError) as caught:
        parse_sets([text])
    assert str(caught.value) == message


def test_a_value_that_is_not_yaml_is_an_error():
    with pytest.raises(VariantError, match=r"^'\[1, 2' is not a YAML value: "):
        parse_sets(["DIE=[1, 2"])


def test_sweep_values_split_on_commas_outside_brackets_and_quotes():
    assert split_values("50,75, 100") == ["50", "75", "100"]
    assert split_values("[1, 2],[3],'a,b'") == ["[1, 2]", "[3]", "'a,b'"]
    assert parse_grid(["A=1,2", "B=x,y"]) == [{"A": 1, "B": "x"}, {"A": 1, "B": "y"}, {"A": 2, "B": "x"},
                                               {"A": 2, "B": "y"}]
    with pytest.raises(VariantError, match="an empty value"):
        parse_grid(["A=1,,2"])


def test_play(capsys):
    status, out, _ = run(["play", PIG, "--seed", "3", "--set", "GOAL=1", "--json"], capsys)
    game = json.loads(out)
    # with a goal of 1 the first hold wins: it is the last decision and the only hold
    labels = [r["label"] for r in game["requests"] if r["kind"] == "decision"]
    assert status == 0 and game["end"]["reason"] == "reached_goal"
    assert labels[-1] == "hold" and labels.count("hold") == 1


def test_simulate(capsys):
    _, out, _ = run(["simulate", PIG, "--games", "20", "--set", "GOAL=100", "--json"], capsys)
    _, plain, _ = run(["simulate", PIG, "--games", "20", "--json"], capsys)
    assert json.loads(out)["duration"]["requests"]["mean"] > 2 * json.loads(plain)["duration"]["requests"]["mean"]
    assert json.loads(out)["set"] == {"GOAL": 100} and "set" not in json.loads(plain)
    _, text, _ = run(["simulate", PIG, "--games", "2", "--set", "GOAL=100", "--set", "DIE=[6]"], capsys)
    assert text.splitlines()[0] == "Pig (GOAL=100, DIE=[6]): 2 games, seeds 0–1"


def test_a_yaml_date_prints_as_its_text(capsys):
    status, out, _ = run(["simulate", PIG, "--games", "1", "--set", "GOAL=2026-12-03", "--json"], capsys)
    assert status == 1 and json.loads(out)["set"] == {"GOAL": "2026-12-03"}  # and the game stops: a date is no number


def test_simulate_applies_the_set_in_worker_processes(capsys):
    argv = ["simulate", PIG, "--games", "12", "--set", "GOAL=60", "--json"]
    assert run(argv + ["--jobs", "2"], capsys)[1] == run(argv, capsys)[1]


def test_compare(capsys):
    argv = ["compare", TOY, "--a", "first", "--b", "first", "--games", "3", "--json"]
    status, out, _ = run(argv + ["--set", "ROUNDS=1"], capsys)
    # the toy pays seat 0 eleven points a round when every seat plays first
    assert status == 0 and json.loads(out)["a"] == {"mean_payoff": 11.0}
    assert json.loads(run(argv, capsys)[1])["a"] == {"mean_payoff": 33.0}


def test_validate(capsys):
    status, out, _ = run(["validate", PIG, "--games", "5", "--set", "GOAL=300", "--json"], capsys)
    _, plain, _ = run(["validate", PIG, "--games", "5", "--json"], capsys)
    assert status == 0
    assert json.loads(out)["test_games"]["avg_requests"] > 5 * json.loads(plain)["test_games"]["avg_requests"]


def test_eval_with_a_model(capsys):
    status, out, _ = run(["eval", "--model", PIG, "--set", "GOAL=75", "--set", "DIE=[6]", "[GOAL, DIE]"], capsys)
    assert status == 0 and out == "[75, [6]]\n"


def test_eval_without_a_model_refuses_a_set(capsys):
    status, out, err = run(["eval", "--set", "GOAL=1", "1"], capsys)
    assert status == 2 and out == ""
    assert err == "tabletwin eval: --set needs --model (it replaces constants of a model)\n"


@pytest.mark.parametrize("argv", [
    ["play", PIG],
    ["simulate", PIG, "--games", "2"],
    ["compare", PIG, "--a", "random", "--b", "first", "--games", "2"],
    ["validate", PIG],
    ["eval", "--model", PIG, "GOAL"],
])
def test_an_unknown_constant_is_an_error_that_names_the_models_constants(argv, capsys):
    status, out, err = run(argv + ["--set", "GOLA=5"], capsys)
    assert status == 2 and out == ""
    assert err == f"tabletwin {argv[0]}: {UNKNOWN}\n"


def test_a_model_without_constants_says_so(capsys):
    status, _, err = run(["simulate", TOY, "--games", "1", "--set", "X=1"], capsys)
    assert status == 2 and err == "tabletwin simulate: --set X: the model has no constant 'X' (its constants: ROUNDS)\n"
    status, _, err = run(["play", "-", "--set", "X=1"], capsys,
                         stdin_text="flow: {id: s, kind: step, do: a}\nactions: {a: {effect: []}}\n")
    assert status == 2 and err == "tabletwin play: --set X: the model has no constant 'X' (its constants: none)\n"
