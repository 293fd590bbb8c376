"""Hostile files: devices, directories, pipes, NUL characters, huge files, endless extends chains.

Models and tactics are read as regular files of at most ``MAX_FILE_BYTES``; every refusal names
the file (and for a tactic's fields, the line and column) in our words.
"""

from __future__ import annotations

import os

import pytest

from tabletwin.modelfile.files import MAX_FILE_BYTES
from tabletwin.tactics.tactic import MAX_EXTENDS

from ..conftest import ROOT
from .bounded import run_cli

PIG = str(ROOT / "examples" / "pig.yaml")


def test_the_file_limit_is_ten_megabytes():
    assert MAX_FILE_BYTES == 10 * 1024 * 1024


@pytest.mark.parametrize("command", ["validate", "tree", "play"])
def test_a_device_is_not_read(command):
    outcome = run_cli([command, "/dev/zero"])
    outcome.within_bar()
    assert (outcome.status, outcome.stdout) == (2, "")
    assert outcome.stderr == "/dev/zero: error: cannot read the file: it is a device, not a regular file\n"


def test_a_directory_and_a_pipe_are_not_read(tmp_path):
    outcome = run_cli(["validate", str(tmp_path)])
    outcome.within_bar()
    assert (outcome.status, outcome.stderr) == (
        2, f"{tmp_path}: error: cannot read the file: it is a directory, not a regular file\n")
    fifo = tmp_path / "model.yaml"
    os.mkfifo(fifo)
    outcome = run_cli(["play", str(fifo)])
    outcome.within_bar()
    assert (outcome.status, outcome.stderr) == (
        2, f"{fifo}: error: cannot read the file: it is a pipe, not a regular file\n")


def test_a_file_over_the_limit_is_not_read(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used
    outcome = run_cli(["validate", str(big)])
    outcome.within_bar()
    assert (outcome.status, outcome.stderr) == (
        2, f"{big}: error: the file is larger than 10 MB (10,485,761 bytes); a model or tactic is far smaller\n")
    at_limit = tmp_path / "at_limit.yaml"
    at_limit.write_bytes(b"#" * (MAX_FILE_BYTES - 1) + b"\n")
    outcome = run_cli(["tree", str(at_limit)])
    outcome.within_bar()
    assert (outcome.status, outcome.stderr) == (2, f"{at_limit}:1:1: error: this is not a model: the document is "
                                                   f"empty\n")


def test_standard_input_over_the_limit_is_not_read():
    outcome = run_cli(["tree", "-"], stdin=b"#" * (MAX_FILE_BYTES + 1))
    outcome.within_bar()
    assert (outcome.status, outcome.stderr) == (2, "-: error: standard input holds more than 10 MB; a model is far "
                                                   "smaller\n")


def tactic_error(tmp_path, name: str, command: str = "play") -> tuple[int, str]:
    args = [command, PIG, "--players", str(tmp_path / name)] + (["--games", "2"] if command == "simulate" else [])
    outcome = run_cli(args)
    outcome.within_bar()
    assert outcome.stdout == ""
    return outcome.status, outcome.stderr


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_extends_reads_no_device(tmp_path, command):
    (tmp_path / "zero.yaml").write_text("tactic: t\nextends: /dev/zero\n")
    assert tactic_error(tmp_path, "zero.yaml", command) == (
        2, f"tabletwin {command}: /dev/zero: cannot read the file: it is a device, not a regular file "
           f"(extended at {tmp_path}/zero.yaml:2:10)\n")


def test_extends_with_a_nul_character_says_what_and_where(tmp_path):
    (tmp_path / "nul.yaml").write_text('tactic: t\nextends: "a\\0b.yaml"\n')
    assert tactic_error(tmp_path, "nul.yaml") == (
        2, f"tabletwin play: {tmp_path}/nul.yaml:2:10: extends holds a NUL character (\\0); no file has such a name\n")


def test_extends_must_be_text(tmp_path):
    (tmp_path / "list.yaml").write_text("tactic: t\nextends: [a.yaml]\n")
    assert tactic_error(tmp_path, "list.yaml") == (
        2, f"tabletwin play: {tmp_path}/list.yaml:2:10: extends names the tactic file this one varies, as text; "
           f"this is a list\n")


def test_a_missing_base_names_both_files(tmp_path):
    (tmp_path / "variant.yaml").write_text("tactic: t\nextends: base.yaml\n")
    assert tactic_error(tmp_path, "variant.yaml") == (
        2, f"tabletwin play: {tmp_path}/base.yaml: cannot read the file: No such file or directory "
           f"(extended at {tmp_path}/variant.yaml:2:10)\n")


def test_a_chain_of_two_thousand_files_stops_at_the_limit(tmp_path):
    for number in range(2000):
        (tmp_path / f"c{number}.yaml").write_text(f"tactic: c{number}\nextends: c{number + 1}.yaml\n")
    (tmp_path / "c2000.yaml").write_text("tactic: last\n")
    last = MAX_EXTENDS - 1
    assert tactic_error(tmp_path, "c0.yaml") == (
        2, f"tabletwin play: {tmp_path}/c{last}.yaml:2:10: the extends chain of {tmp_path}/c0.yaml goes through "
           f"more than {MAX_EXTENDS} files\n")


def test_a_chain_at_the_limit_loads(tmp_path):
    assert MAX_EXTENDS == 32
    for number in range(MAX_EXTENDS - 1):
        (tmp_path / f"c{number}.yaml").write_text(f"tactic: c{number}\nextends: c{number + 1}.yaml\n"
                                                  f"label: Link {number}\n")
    (tmp_path / f"c{MAX_EXTENDS - 1}.yaml").write_text("tactic: last\ndefault: random\n")
    outcome = run_cli(["play", PIG, "--players", str(tmp_path / "c0.yaml"), "--json"])
    outcome.within_bar()
    assert outcome.status == 0, outcome.stderr


@pytest.mark.parametrize("search, line_column, message", [
    ("{at: step decide, rollouts: many}", "3:37", "search.rollouts of tactic t must be a whole number from 1 to "
                                                  "10,000, not 'many'"),
    ("{at: step decide, rollouts: 0}", "3:37", "search.rollouts of tactic t must be a whole number from 1 to 10,000, "
                                               "not 0"),
    ("{at: step decide, max_rollouts: 1e9}", "3:41", "search.max_rollouts of tactic t must be a whole number from 1 "
                                                     "to 10,000, not 1000000000"),
    ("{at: step decide, rollouts: 2.5}", "3:37", "search.rollouts of tactic t must be a whole number from 1 to "
                                                 "10,000, not 2.5"),
    ("{at: step decide, z: -1}", "3:30", "search.z of tactic t must be a number from 0 (standard errors of proof), "
                                         "not -1"),
    ("{at: step decide, z: [1]}", "3:30", "search.z of tactic t must be a number from 0 (standard errors of proof), "
                                          "not a list"),
    ("{at: {a: 1}}", "3:14", "search.at of tactic t must name places (text or a list of text), not a mapping"),
    ("[step decide]", "3:9", "search of tactic t must be a mapping (at, rollouts, max_rollouts, z), not a list"),
])
def test_bad_search_fields_name_the_file_the_field_and_its_place(tmp_path, search, line_column, message):
    (tmp_path / "t.yaml").write_text(f"tactic: t\nrules: [{{at: step decide, pick: roll}}]\nsearch: {search}\n")
    assert tactic_error(tmp_path, "t.yaml") == (2, f"tabletwin play: {tmp_path}/t.yaml:{line_column}: {message}\n")


def test_a_search_field_from_the_base_is_placed_in_the_base(tmp_path):
    (tmp_path / "base.yaml").write_text("tactic: base\nsearch:\n  at: step decide\n  rollouts: -4\n")
    (tmp_path / "variant.yaml").write_text("tactic: variant\nextends: base.yaml\n")
    assert tactic_error(tmp_path, "variant.yaml") == (
        2, f"tabletwin play: {tmp_path}/base.yaml:4:13: search.rollouts of tactic variant must be a whole number "
           f"from 1 to 10,000, not -4\n")
