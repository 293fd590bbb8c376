"""``tabletwin ladder``: budget variants, the report from known games, and a few real Pig games."""

import json

import pytest

from tabletwin.simulate.ladder import (MAX_BUDGETS, LadderError, ladder_report, lineups, parse_budgets,
                                       variant_text, write_variants)
from tabletwin.simulate.runner import GameResult
from tabletwin.tactics.tactic import load_tactic

from ..conftest import ROOT
from .helpers import run, run_json

PIG = str(ROOT / "examples" / "pig.yaml")
PIG_SEARCH = ROOT / "examples" / "tactics" / "pig-search.yaml"
HOLD_8 = str(ROOT / "examples" / "tactics" / "pig-hold-at-8.yaml")


def _game(seed, payoffs):
    return GameResult(seed, tuple(payoffs), "end", None, False, 10)


def test_budgets_are_checked():
    assert parse_budgets("0, 16,64", 10_000) == [0, 16, 64]
    messages = {
        "": "--budgets names no budget (give e.g. 0,16,64)",
        "0,x": "--budgets: 'x' is not a whole number",
        "0,-1": "--budgets: a budget must be from 0 to 100 rollouts, not -1",
        "0,101": "--budgets: a budget must be from 0 to 100 rollouts, not 101",
        "0,4,4": "--budgets names 4 twice",
        "4,8": "--budgets must include 0: budget 0 is the floor every rung is measured against",
    }
    for text, message in messages.items():
        with pytest.raises(LadderError) as error:
            parse_budgets(text, 100)
        assert str(error.value) == message


def test_at_most_max_budgets_rungs():
    assert len(parse_budgets(",".join(map(str, range(MAX_BUDGETS))), 100)) == MAX_BUDGETS
    with pytest.raises(LadderError) as error:
        parse_budgets(",".join(map(str, range(MAX_BUDGETS + 1))), 100)
    assert str(error.value) == f"--budgets names {MAX_BUDGETS + 1} budgets; at most {MAX_BUDGETS} in one ladder"


def test_each_budget_is_the_tactic_with_that_search(tmp_path):
    paths = write_variants(PIG_SEARCH, "pig-search", ["step decide"], [16, 0], tmp_path)
    assert sorted(paths) == [0, 16]
    with_search = load_tactic(paths[16])
    assert (with_search.search.at, with_search.search.rollouts, with_search.search.max_rollouts) == (
        ["step decide"], 16, 16)
    assert list(with_search.lets) == ['target'] and with_search.name == 'pig-search@16'  # lets from the tactic
    assert len(with_search.rules) == len(load_tactic(PIG_SEARCH).rules)
    assert load_tactic(paths[0]).search is None
    assert json.loads(variant_text(PIG_SEARCH, "t", ["x"], 0))["search"] is None


def test_line_ups_rotate_the_rung_through_every_seat():
    paths = {0: "b0.yaml", 8: "b8.yaml"}
    assert lineups([0, 8], paths, 2) == [
        ["b0.yaml", "b0.yaml"], ["b0.yaml", "b0.yaml"], ["b0.yaml", "random"], ["random", "b0.yaml"],
        ["b8.yaml", "b0.yaml"], ["b0.yaml", "b8.yaml"], ["b8.yaml", "random"], ["random", "b8.yaml"]]


def _results(top_wins_per_seed):
    """Two-seat games for budgets [0, 8]; the rung at 8 wins both rotations on the first seeds."""
    results = []
    for seed, top_wins in enumerate(top_wins_per_seed):
        floor = [_game(seed, (1, -1)), _game(seed, (1, -1))]  # budget 0 against itself: seat 0 wins
        floor_random = [_game(seed, (1, -1)), _game(seed, (1, -1))]  # one win, one loss
        top = [_game(seed, (1, -1)), _game(seed, (-1, 1))] if top_wins else [_game(seed, (-1, 1)), _game(seed, (1, -1))]
        top_random = [_game(seed, (1, -1)), _game(seed, (-1, 1))]  # wins both
        results.append(tuple(floor + floor_random + top + top_random))
    return results


def test_a_rising_ladder():
    ladder = ladder_report(_results([True] * 20), [0, 8], 2, "t", 3)
    document = ladder.as_json()
    assert list(document) == ["tactic", "games", "seed", "rungs", "gain", "rises"]
    zero, eight = document["rungs"]
    assert list(zero) == ["budget", "win_rate", "win_ci95", "mean_payoff", "payoff_ci95", "games", "vs_random"]
    assert (zero["budget"], zero["win_rate"], zero["mean_payoff"], zero["games"]) == (0, 0.5, 0.0, 40)
    assert zero["vs_random"]["win_rate"] == 0.5 and zero["vs_random"]["wins"] == 20
    assert (eight["budget"], eight["win_rate"], eight["mean_payoff"]) == (8, 1.0, 1.0)
    assert eight["win_ci95"] == [0.912378, 1.0]  # Wilson, 40 of 40: n / (n + z²)
    assert eight["vs_random"]["win_rate"] == 1.0
    assert document["gain"] == {"budget": 8, "diff": 1.0, "diff_ci95": [1.0, 1.0]} and document["rises"] is True
    text = ladder_text_of(ladder)
    assert text.splitlines()[-1] == ("More thinking wins more: budget 8 gains +1.000 mean payoff over budget 0 "
                                     "(95% interval [1.000, 1.000]).")


def test_a_flat_ladder_says_it_is_luck():
    ladder = ladder_report(_results([True, False] * 10), [0, 8], 2, "t", 0)
    assert ladder.gain == 0.0 and not ladder.rises
    assert ladder_text_of(ladder).splitlines()[-1].startswith(
        "More thinking does not win more: a game of luck (budget 8 against budget 0: +0.000 mean payoff")


def ladder_text_of(ladder):
    from tabletwin.simulate.ladder import ladder_text
    return ladder_text(ladder, "Game")


def test_pig_ladder_on_a_few_games(capsys):
    status, document, err = run_json(["ladder", PIG, "--tactic", str(PIG_SEARCH), "--budgets", "0,4",
                                      "--games", "3", "--seed", "1"], capsys)
    assert status == 0 and err == ""
    assert [rung["budget"] for rung in document["rungs"]] == [0, 4]
    assert all(rung["games"] == 6 and rung["vs_random"]["games"] == 6 for rung in document["rungs"])
    # Budget 0 against itself, seats rotated on each seed: a zero-sum game's payoffs cancel.
    assert document["rungs"][0]["mean_payoff"] == 0.0
    assert document["games"] == 3 and document["seed"] == 1 and isinstance(document["rises"], bool)
    status, out, _ = run(["ladder", PIG, "--tactic", str(PIG_SEARCH), "--budgets", "0,4", "--games", "3",
                          "--seed", "1"], capsys)
    assert status == 0 and out.splitlines()[0] == "Pig: ladder of pig-search, 3 seeds (seeds 1–3), seats rotated"


def test_bad_ladders(tmp_path, capsys):
    status, out, err = run(["ladder", PIG, "--tactic", HOLD_8, "--budgets", "0,8", "--games", "2"], capsys)
    assert (status, out) == (2, "")
    assert err == ("tabletwin ladder: tactic pig-hold-at-8 has no search, so it cannot use a budget of rollouts; "
                   "give it a 'search' with 'at' (see docs/scaling.md)\n")
    status, _, err = run(["ladder", PIG, "--tactic", str(PIG_SEARCH), "--budgets", "8", "--games", "2"], capsys)
    assert status == 2 and err == ("tabletwin ladder: --budgets must include 0: budget 0 is the floor every rung is "
                                   "measured against\n")
    status, _, err = run(["ladder", PIG, "--tactic", str(tmp_path / "none.yaml"), "--budgets", "0", "--games", "2"],
                         capsys)
    assert status == 2 and err.startswith("tabletwin ladder: ") and "none.yaml" in err


def test_a_tactic_without_search_still_has_its_floor(capsys):
    status, document, _ = run_json(["ladder", PIG, "--tactic", HOLD_8, "--budgets", "0", "--games", "5"], capsys)
    assert status == 0 and [rung["budget"] for rung in document["rungs"]] == [0]
    assert document["rises"] is False and document["gain"]["diff"] == 0.0


def test_the_document_does_not_depend_on_jobs(capsys):
    argv = ["ladder", PIG, "--tactic", str(PIG_SEARCH), "--budgets", "0,2", "--games", "4", "--seed", "7"]
    _, one, _ = run_json(argv, capsys)
    _, two, _ = run_json(argv + ["--jobs", "2"], capsys)
    assert one == two
