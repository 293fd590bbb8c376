"""``tabletwin validate`` with lint on hostile models: many unknown names, deep ops, odd abouts."""

import json

from tabletwin.lint.undefined import MAX_SUGGESTED

from .bounded import run_cli


def validated(model: str) -> dict:
    outcome = run_cli(["validate", "-", "--games", "0", "--json"], stdin=model)
    outcome.within_bar()
    return json.loads(outcome.stdout)


def test_a_thousand_unknown_names_and_did_you_mean_for_the_first_only():
    names = ", ".join(f"n{i}" for i in range(1_000))  # a flat list: a sum this long is too deep to parse
    model = (f"constants: {{n: 1}}\nflow: {{id: s, kind: step, do: a}}\n"
             f"actions: {{a: {{pre_x: 'len([{names}]) > 0'}}}}\n")
    report = validated(model)
    assert len(report["lint"]) == 1_000
    assert report["lint"][0]["message"] == "'n0' is not defined here (did you mean 'n'?)"
    assert report["lint"][MAX_SUGGESTED]["message"] == f"'n{MAX_SUGGESTED}' is not defined here"


def test_ifs_nested_deep_with_ops_missing_fields():
    depth = 60
    ops = "".join("[{op: if, cond_x: 'True', then: " for _ in range(depth)) + "[{op: draw}]" + "}]" * depth
    model = f"flow: {{id: s, kind: step, do: a}}\nactions: {{a: {{effect: {ops}}}}}\n"
    report = validated(model)
    assert [item["message"] for item in report["lint"]] == ["draw needs 'from' to run", "draw needs 'to' to run"]


def test_abouts_that_are_not_paths_or_go_nowhere():
    model = ("flow: {id: s, kind: step, do: a}\nactions: {a: {}}\nopen_questions:\n"
             "  - {about: '.', question: q}\n  - {about: 'actions..a', question: q}\n"
             "  - {about: 'actions.a.b.c.d', question: q}\n  - {about: 'flow.', question: q}\n")
    report = validated(model)
    assert [item["message"] for item in report["lint"]] == [
        "about 'actions..a': the model has no 'actions.'", "about 'actions.a.b.c.d': the model has no 'actions.a.b'",
        "about 'flow.': the model has no 'flow.'"]
