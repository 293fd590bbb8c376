"""Hostile expressions, each reproduced by an attacker, through the command line under the bar.

One test per point of the hardening issue: a clear error in our words (or a bounded answer),
within the time and memory of :mod:`.bounded`, never a traceback.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from tabletwin.expr.budget import MAX_ELEMENTS, WORK_LIMIT
from tabletwin.expr.values import MAX_SHOWN
from tabletwin.game.work import GAME_WORK_LIMIT

from .bounded import run_cli

TOO_LONG = f"expression runs too long (more than {WORK_LIMIT} work units)"
TOO_MUCH = f"expression builds too much (more than {MAX_ELEMENTS} elements)"


def _eval(expression: str, *options: str):
    outcome = run_cli(["eval", *options, expression])
    outcome.within_bar()
    return outcome


def _model(tmp_path, name: str, text: str):
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(text))
    return str(path)


# Derived values are charged to the caller's budget.

def _chain(tmp_path, links: int = 60):
    derived = "".join(f'\n    d{i}: "d{i - 1} + d{i - 1}"' for i in range(1, links))
    path = tmp_path / "chain.yaml"
    path.write_text(f"""game: chain
label: Chain
num_players: 1
state:
  vars:
    v: {{type: int, init: 1}}
  derived:
    d0: "v"{derived}
flow:
  id: game
  kind: step
  do: go
actions:
  go:
    effect:
      - {{op: set, var: v, value_x: "d{links - 1}"}}
end:
  - {{if_x: "True", result: draw}}
""")
    return str(path)


GAME_TOO_LONG = f"game runs too long (more than {GAME_WORK_LIMIT} steps of work)"


def test_a_doubling_chain_of_derived_values_runs_out_of_budget_in_eval(tmp_path):
    outcome = _eval("d59", "--model", _chain(tmp_path))
    assert (outcome.status, outcome.stdout) == (1, f"error: TimeoutError: {TOO_LONG}\n")


def test_a_doubling_chain_of_derived_values_stops_the_game(tmp_path):
    outcome = run_cli(["play", _chain(tmp_path)])
    outcome.within_bar()
    assert outcome.status == 1
    # In a game the expression spends the game's budget, which is the smaller one.
    assert outcome.stdout.splitlines()[-1] == (
        f"Stopped at {_chain(tmp_path)}:75:27: ExprError: actions.go.effect[0].value_x: {GAME_TOO_LONG}")


def test_a_doubling_chain_of_derived_values_is_reported_by_validate(tmp_path):
    outcome = run_cli(["validate", _chain(tmp_path)])
    outcome.within_bar()
    assert "Test games: 0 of 1 finished, 0.0 requests on average" in outcome.stdout
    assert f"ExprError: actions.go.effect[0].value_x: {GAME_TOO_LONG}" in outcome.stdout


# Work inside builtins and methods is charged by the size of what it touches.

@pytest.mark.parametrize("expression", [
    "sum(R.count(-1) for R in [range(10**6)] for i in range(1000))",
    "sum((-1 in R) for R in [range(10**6)] for i in range(1000))",
    "sum(len(sorted(R)) for R in [range(10**6)] for i in range(1000))",
    "sum(len(set(R)) for R in [range(10**6)] for i in range(1000))",
    "sum(min(R) + max(R) for R in [range(10**6)] for i in range(1000))",
    "sum(any(R) for R in [[0] * 10**6] for i in range(1000))",
    "sum(R == S for R in [range(10**6)] for S in [range(10**6)] for i in range(1000))",
    "sum(1 for p in zip(range(10**6), range(10**6)) for i in range(1000))",
    "sum(len(str(R)) for R in [range(10**5)] for i in range(1000))",
])
def test_work_inside_builtins_and_methods_is_charged(expression):
    outcome = _eval(expression)
    assert (outcome.status, outcome.stdout) == (1, f"error: TimeoutError: {TOO_LONG}\n")


@pytest.mark.parametrize("expression", [
    "sum(len(list(R)) for R in [range(10**6)] for i in range(1000))",
    "sum(len(R[1:]) for R in [range(10**6)] for i in range(1000))",
    "sum(len(D.items()) for D in [dict(zip([str(i) for i in range(10**5)], range(10**5)))] for i in range(1000))",
])
def test_copies_inside_builtins_and_slices_count_as_built(expression):
    outcome = _eval(expression)
    assert (outcome.status, outcome.stdout) == (1, f"error: MemoryError: {TOO_MUCH}\n")


def test_a_huge_negative_precision_rounds_to_zero_at_once():
    assert _eval("round(5, -10**8)").stdout == "0\n"


# Memory: an allowance of built elements per evaluation.

def test_building_more_than_the_allowance_is_refused():
    outcome = _eval("len([range(10**7) for i in range(4)])")
    assert (outcome.status, outcome.stdout) == (1, f"error: MemoryError: {TOO_MUCH}\n")


def test_the_allowance_still_admits_the_longest_range():
    assert _eval("len(range(10**7))").stdout == "10000000\n"


# Compiling is linear in the number of text literals.

def test_thirty_three_thousand_text_literals_compile_quickly():
    outcome = _eval("len([" + ",".join(["''"] * 33_000) + "])")
    assert outcome.stdout == "33000\n"


# Integers lose precision past 2**53, and any integer prints.

@pytest.mark.parametrize("expression,printed", [
    ("2**53 + 1", "9007199254740992"),
    ("9007199254740993", "9007199254740992"),
    ("(2**53 - 1) + 2", "9007199254740992"),
    ("-(2**53) - 1 - 1", "-9007199254740992"),
    ("sum([2**52, 2**52, 3])", "9007199254740996"),
    ("int('9' * 4300) + int('9' * 4300)", "inf"),
])
def test_integers_past_two_to_the_53_become_decimals(expression, printed):
    assert _eval(expression).stdout == printed + "\n"


def test_an_integer_of_more_than_4300_digits_in_a_model_prints(tmp_path):
    model = _model(tmp_path, "big", f"""\
        game: big
        label: Big
        num_players: 1
        constants:
          BIG: {'9' * 5000}
        state:
          vars:
            v: {{type: int, init: 0}}
        flow:
          id: game
          kind: step
          do: go
        actions:
          go:
            effect:
              - {{op: set, var: v, value_x: "BIG"}}
        end:
          - {{if_x: "True", result: draw}}
        """)
    assert _eval("BIG", "--model", model).stdout == "inf\n"
    assert _eval("str(BIG + 0) + ' ' + str([BIG])", "--model", model).stdout == "inf [inf]\n"
    for command in (["play", model], ["validate", model]):
        outcome = run_cli(command)
        outcome.within_bar()
        assert outcome.status == 0


# Printing never fails: cut length and depth, the same cut wherever labels are compared.

def _wide(tmp_path):
    return _model(tmp_path, "wide", """\
        game: wide
        label: Wide
        num_players: 1
        state:
          vars:
            pick: {type: list, init: []}
        flow:
          id: game
          kind: step
          actor_x: "0"
          do: choose_one
        actions:
          choose_one:
            effect:
              - {op: choose, options_x: "[[1], [2], range(200000), [3]]", bind: chosen}
              - {op: set, var: pick, value_x: "chosen"}
        end:
          - {if_x: "True", result: draw}
        """)


def test_an_option_too_long_to_print_has_a_cut_label(tmp_path):
    outcome = run_cli(["play", "--json", _wide(tmp_path)])
    outcome.within_bar()
    options = json.loads(outcome.stdout)["requests"][0]["options"]
    assert [len(o) for o in options] == [3, 3, MAX_SHOWN + 1, 3]
    assert options[2].startswith("[0, 1, 2, ") and options[2].endswith("…")


def test_a_tactic_picks_an_option_by_its_cut_label(tmp_path):
    tactic = tmp_path / "pick-big.yaml"
    tactic.write_text('tactic: pick-big\nrules:\n  - at: ["action choose_one"]\n    pick_x: "range(200000)"\n')
    outcome = run_cli(["play", "--json", _wide(tmp_path), "--players", str(tactic)])
    outcome.within_bar()
    assert json.loads(outcome.stdout)["requests"][0]["answer"] == 2


def test_a_deeply_nested_variable_prints_on_the_terminal(tmp_path):
    model = _model(tmp_path, "deep", """\
        game: deep
        label: Deep
        num_players: 1
        state:
          vars:
            x: {type: list, init: []}
            n: {type: int, init: 0}
        flow:
          id: game
          kind: loop
          until_x: "n >= 1200"
          children:
            - {id: grow, kind: step, actor_x: "0", do: [grow, wrap]}
        actions:
          grow:
            effect:
              - {op: set, var: x, value_x: "[x]"}
              - {op: set, var: n, value_x: "n + 1"}
          wrap:
            effect:
              - {op: set, var: x, value_x: "[x]"}
              - {op: set, var: n, value_x: "n + 1"}
        end:
          - {if_x: "n >= 1200", result: draw}
        """)
    outcome = run_cli(["play", model])
    outcome.within_bar()
    # A stored value may be 100 lists deep: the game stops there, after the narrator printed
    # every level it reached.
    assert outcome.status == 1
    lines = outcome.stdout.splitlines()
    changes = [line for line in lines if line.startswith("  x: ")]
    assert len(changes) == 99
    assert changes[-1] == "  x: " + "[" * 99 + "]" * 99 + " → " + "[" * 100 + "]" * 100
    assert lines[-1] == (f"Stopped at {model}:21:9: ExprError: action wrap: value nested too deeply to store "
                         "(more than 100 levels)")


# Generated code uses names no model can write.

def _functions(tmp_path, function: str):
    return _model(tmp_path, "depth", f"""\
        game: depth
        label: Depth
        num_players: 1
        functions:
          {function}
        state:
          vars:
            v: {{type: int, init: 0}}
        flow:
          id: game
          kind: step
          do: go
        actions:
          go:
            effect:
              - {{op: set, var: v, value: 1}}
        end:
          - {{if_x: "True", result: draw}}
        """)


def test_a_parameter_named_depth_is_the_models_own(tmp_path):
    model = _functions(tmp_path, 'f: {params: [depth], x: "depth"}')
    assert _eval("f(7)", "--model", model).stdout == "7\n"


def test_a_let_named_depth_does_not_lift_the_call_limit(tmp_path):
    model = _functions(tmp_path, 'f: {params: [n], let: {depth: "-10000"}, x: "0 if n == 0 else f(n - 1)"}')
    outcome = _eval("f(0) + f(150)", "--model", model)
    assert outcome.stdout == "error: RecursionError: more than 100 calls deep\n"


# An own function that calls only itself counts its depth in an argument: still bounded.

@pytest.mark.parametrize("function,call,error", [
    ('f: {params: [n], x: "n if n < 2 else f(n - 1) + f(n - 2)"}', "f(60)", f"TimeoutError: {TOO_LONG}"),
    ('f: {params: [n], x: "0 if n == 0 else f(n - 1) + 1"}', "f(10**6)", "RecursionError: more than 100 calls deep"),
    ('f: {params: [xs, i], x: "0 if i >= len(xs) else abs(xs[i]) + f(xs, i + 1)"}', "f(range(10**6), 0)",
     "RecursionError: more than 100 calls deep"),
    ('f: {params: [n], x: "[f(n - 1) for i in range(10**6)] if n else 0"}', "f(100)", f"TimeoutError: {TOO_LONG}"),
])
def test_a_function_calling_itself_is_bounded(tmp_path, function, call, error):
    outcome = _eval(call, "--model", _functions(tmp_path, function))
    assert (outcome.status, outcome.stdout) == (1, f"error: {error}\n")


# range() in a comprehension is charged as the list it stands for, though none is made.

@pytest.mark.parametrize("expression,error", [
    ("sum(1 for i in range(10**7) for j in range(10**7))", f"TimeoutError: {TOO_LONG}"),
    ("len([j for i in range(2) for j in range(10**7)])", f"MemoryError: {TOO_MUCH}"),
    ("sum(1 for i in range(10**8))", "ValueError: range too large"),
])
def test_range_in_a_comprehension_is_bounded(expression, error):
    outcome = _eval(expression)
    assert (outcome.status, outcome.stdout) == (1, f"error: {error}\n")


# Lone surrogates and keyword look-alikes are refused with their position.

def test_a_lone_surrogate_escape_is_an_invalid_text_literal():
    outcome = _eval(r"'ab\ud800'")
    assert (outcome.status, outcome.stdout) == (1, (
        "error: SyntaxError: syntax error in expression \"'ab\\ud800'\": invalid text literal: \\ud800 is a "
        "lone surrogate, not a character (position 3)\n"))


def test_a_lone_surrogate_character_is_refused_and_printed_escaped():
    outcome = run_cli(["eval", "--json"], stdin=b"'x' + \xed\xa0\x80\n")
    outcome.within_bar()
    answer = json.loads(outcome.stdout)
    assert answer["message"] == ("syntax error in expression \"'x' + \\udced\\udca0\\udc80\": character U+DCED "
                                 "is not allowed (a lone surrogate, not a character) (position 6)")


@pytest.mark.parametrize("expression,word,keyword,position", [
    ("1 ｉｆ True else 2", "ｉｆ", "if", 2),
    ("[x ｆｏｒ x in [1]]", "ｆｏｒ", "for", 3),
    ("ｎｏｔ 1", "ｎｏｔ", "not", 0),
    ("[ｉｆ for ｉｆ in [1]]", "ｉｆ", "if", 1),
])
def test_a_keyword_in_look_alike_letters_is_named(expression, word, keyword, position):
    outcome = _eval(expression)
    assert outcome.stdout == (f'error: SyntaxError: syntax error in expression "{expression}": \'{word}\' looks '
                              f"like the keyword '{keyword}' but is written with other characters; write "
                              f"keywords in plain letters (position {position})\n")
