"""``tabletwin play`` with a human seat and hostile standard input: huge answers, input that ends."""

from ..conftest import ROOT
from .bounded import run_cli

KUHN = str(ROOT / "examples" / "kuhn_poker.yaml")
ENDED = "tabletwin play: standard input ended before the game did\n"


def test_an_answer_of_5000_digits_is_asked_again():
    outcome = run_cli(["play", KUHN, "--seed", "4", "--players", "human,random"], stdin="9" * 5000 + "\n2\n")
    outcome.within_bar()
    assert outcome.status == 0
    assert outcome.stderr.count("Type a number from 1 to 2, or an option's name.") == 1
    assert "step act · player 0: check | bet → bet" in outcome.stdout


def test_digits_that_are_not_ascii_are_asked_again():
    outcome = run_cli(["play", KUHN, "--seed", "4", "--players", "human,random"], stdin="²\n١\n1\n1\n")
    outcome.within_bar()
    assert outcome.status == 0
    assert outcome.stderr.count("Type a number from 1 to 2, or an option's name.") == 2


def test_input_that_ends_before_the_game_says_so():
    outcome = run_cli(["play", KUHN, "--seed", "4", "--players", "human,random"], stdin="")
    outcome.within_bar()
    assert outcome.status == 3
    assert outcome.stderr.endswith("> " + ENDED)


def test_input_that_ends_in_json_mode_too():
    # Seat 0 checks, seat 1 bets: the second question finds the input ended.
    outcome = run_cli(["play", KUHN, "--seed", "4", "--players", "human,random", "--json"], stdin="1\n")
    outcome.within_bar()
    assert (outcome.status, outcome.stdout) == (3, "")
    assert outcome.stderr.endswith(ENDED)
