"""``tabletwin play`` and ``tabletwin eval --model``: output, JSON shape, exit status."""

import io
import json
import sys

import pytest

from tabletwin.cli.main import main

from ..conftest import ROOT

RACE = str(ROOT / "tests" / "fixtures" / "cheatsheet" / "race.yaml")


def run(argv, capsys, stdin_text=""):
    sys.stdin = io.StringIO(stdin_text)
    try:
        status = main(argv)
    finally:
        sys.stdin = sys.__stdin__
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_json_game_is_reproducible(capsys):
    status, out, _ = run(["play", RACE, "--seed", "5", "--json"], capsys)
    again = run(["play", RACE, "--seed", "5", "--json"], capsys)[1]
    assert status == 0 and out == again
    record = json.loads(out)
    assert record["seed"] == 5
    assert record["end"]["reason"] == "finish"
    assert record["error"] is None
    assert record["requests"][0]["where"] == "step turn"


def test_text_game_reads_like_the_player(capsys):
    status, out, _ = run(["play", RACE, "--seed", "1", "--players", "first,first"], capsys)
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == "Race — seed 1, players: first, first"
    assert lines[1] == "step turn · player 0: walk | run → walk"
    assert lines[2] == "  pos[0]: 0 → 1"  # a per-player variable, seat by seat
    assert lines[-1] == "End: finish — payoffs 1, -1"


def test_engine_error_exits_1(tmp_path, capsys):
    model = tmp_path / "broken.yaml"
    model.write_text("flow: {id: t, kind: step, do: a}\nactions: {a: {effect: [{op: call, code: f}]}}\n"
                     "code: {f: {ref: 'm:f'}}\nend: []\n")
    status, out, _ = run(["play", str(model), "--json"], capsys)
    assert status == 1
    assert json.loads(out)["error"] == {"kind": "NotExecutable", "message": "code 'f' → m:f is not implemented"}
    assert json.loads(out)["end"] is None


def test_unreadable_models_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("flow: [\n")
    status, _, err = run(["play", str(bad)], capsys)
    assert status == 2
    assert err == f"{bad}:1:7: error: this [ is never closed: the text ends before its ]\n"
    status, _, err = run(["play", str(tmp_path / "missing.yaml")], capsys)
    assert status == 2 and "cannot read the file" in err
    not_model = tmp_path / "list.yaml"
    not_model.write_text("- a\n")
    status, _, err = run(["play", str(not_model)], capsys)
    assert status == 2
    assert err.strip() == f"{not_model}:1:1: error: this is not a model: the document is a list, not a mapping with 'flow'"


def test_model_from_standard_input(capsys):
    text = (ROOT / "tests" / "fixtures" / "cheatsheet" / "race.yaml").read_text()
    status, out, _ = run(["play", "-", "--json"], capsys, text)
    assert status == 0 and json.loads(out)["end"]["reason"] == "finish"


def test_bad_player_spec(capsys):
    status, out, err = run(["play", RACE, "--players", "genius"], capsys)
    assert (status, out) == (2, "")
    assert err == ("tabletwin play: unknown player 'genius': use random, first, human, agent:NAME or a tactic "
                   "file (.yaml or .yml)\n")


def test_agent_players(tmp_path, capsys):
    model = tmp_path / "pig.yaml"
    model.write_text((ROOT / "tests" / "fixtures" / "cheatsheet" / "race.yaml").read_text()
                     + "agents:\n  runner: {kind: heuristic, policy_x: \"'run'\"}\n")
    status, out, _ = run(["play", str(model), "--players", "agent:runner,agent:runner", "--json"], capsys)
    decisions = [r for r in json.loads(out)["requests"] if r["kind"] == "decision"]
    assert status == 0 and decisions and all(r["label"] == "run" for r in decisions)


def test_eval_against_a_model(capsys):
    path = str(ROOT / "examples" / "tic_tac_toe.yaml")
    status, out, _ = run(["eval", "--model", path, "len(empty_cells), has_line('X'), n_players"], capsys)
    assert (status, out) == (0, "(9, False, 2)\n")


def _doc_block(heading: str) -> str:
    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    after = text[text.index(heading):]
    return after.split("```\n", 2)[1]


def test_the_text_in_the_docs_is_what_play_prints(capsys):
    status, out, _ = run(["play", str(ROOT / "examples" / "kuhn_poker.yaml"), "--seed", "4"], capsys)
    assert status == 0 and out == _doc_block("## What the text shows")
    status, out, err = run(["play", str(ROOT / "examples" / "kuhn_poker.yaml"), "--seed", "4", "--players",
                            "human,random"], capsys, "2\n")
    assert status == 0 and out.startswith("Kuhn poker — seed 4, players: human, random\n"
                                          + _doc_block("### Playing by hand"))


def test_two_people_at_one_terminal_see_only_public_narration(capsys):
    """Kuhn poker, seed 4: seat 0 holds Q, seat 1 holds K; both are played by hand."""
    status, out, err = run(["play", str(ROOT / "examples" / "kuhn_poker.yaml"), "--seed", "4", "--players",
                            "human,human"], capsys, "2\n2\n")
    narration, end = out.split("The table at the end:\n")
    assert status == 0 and "Seats 0, 1 are played by hand" in narration
    assert "action deal · chance: ? | ? | ? → ? (seen by player 0)" in narration
    assert not any(card in narration for card in ("'Q'", " Q", "'K'", " K"))
    assert "  hand: [['Q'], ['K']]" in end
    _, asked_0, asked_1 = err.split("Since your last turn:")
    assert "  hand: [['Q'], ['?']]" in asked_0 and "K" not in asked_0
    assert "  hand: [['?'], ['K']]" in asked_1 and "card K: deck → hand[1]" in asked_1
