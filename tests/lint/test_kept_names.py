"""Undefined names kept across the versions of an edited model (:mod:`tabletwin.lint.undefined`):
inside one run of kept results per version, as the server checks them, the warnings equal those
of a model read from scratch, and an entry the edit left alone gives the very warnings of the last
version, moved when a line was added above it."""

from tabletwin.checks.reuse import reusing
from tabletwin.editor.loads import forget_loads, shared_load
from tabletwin.lint import lint_model
from tabletwin.lint.undefined import MAX_SUGGESTED
from tabletwin.modelfile import load_yaml


def _model(actions: int = 6, cards: int = 3) -> str:
    lines = ["game: kept", "num_players: 2", "state:", "  vars:", "    gold: {per_player: true, init: 3}",
             "flow: {id: s, kind: step, do: [a0]}", "actions:"]
    for number in range(actions):
        lines += [f"  a{number}:", f"    label: A {number}", f'    pre_x: "gold[actor] > gol + {number}"',
                  "    effect:", f'      - {{op: add, var: "hp[actor]", amount_x: "sily + {number}"}}']
    lines += ["content:", "  cards:"]
    for number in range(cards):
        lines += [f"    c{number}:", f"      id: c{number}",
                  '      effect: [{op: add, var: "gold[actor]", amount_x: "value + colour"}]']
    return "\n".join(lines) + "\n"


def _facts(findings) -> list:
    return [(f.data["code"], *f.span.human(), f.message, f.path, f.data) for f in findings]


def _versions(*texts: str) -> list:
    """The lint warnings of each text, each version read after the one before, as the server does."""
    forget_loads()
    found = []
    for text in texts:
        loaded = shared_load(text)
        with reusing(loaded):
            found.append(lint_model(loaded))
    return found


def test_an_added_line_moves_the_warnings_below_it_and_keeps_those_above():
    text = _model()
    edited = text.replace("    label: A 3\n", "    label: A 3\n    # a note\n", 1)
    declared = text.replace("    gold: {per_player", "    sily: {init: 0}\n    gold: {per_player", 1)
    first, second, third, fourth = _versions(text, edited, text, declared)
    assert _facts(first)[:4] == [
        ("undefined-name", 10, 27, "'gol' is not defined here (did you mean 'gold'?)", "actions.a0.pre_x",
         {"source": "tabletwin-lint", "code": "undefined-name", "name": "gol", "suggestions": ["gold"],
          "exact": True}),
        ("undeclared-variable", 12, 25, "variable 'hp' is not declared in state.vars", "actions.a0.effect[0].var",
         {"source": "tabletwin-lint", "code": "undeclared-variable", "name": "hp", "suggestions": [],
          "exact": True}),
        ("undefined-name", 12, 48, "'sily' is not defined here", "actions.a0.effect[0].amount_x",
         {"source": "tabletwin-lint", "code": "undefined-name", "name": "sily", "suggestions": [], "exact": True}),
        ("undefined-name", 15, 27, "'gol' is not defined here (did you mean 'gold'?)", "actions.a1.pre_x",
         {"source": "tabletwin-lint", "code": "undefined-name", "name": "gol", "suggestions": ["gold"],
          "exact": True})]
    assert [fact[:4] for fact in _facts(first)[-3:]] == [("undefined-name", 42, 65, "'colour' is not defined here"),
                                                         ("undefined-name", 45, 65, "'colour' is not defined here"),
                                                         ("undefined-name", 48, 65, "'colour' is not defined here")]
    for findings, text_of in ((first, text), (second, edited), (third, text), (fourth, declared)):
        assert _facts(findings) == _facts(lint_model(load_yaml(text_of)))
    above = [number for number, finding in enumerate(first) if finding.span.line < 23]  # 0-based: the label of a3
    assert len(above) == 9 and all(second[number] is first[number] for number in above)
    below = [number for number, finding in enumerate(first) if finding.span.line > 23]
    assert len(below) == 12 and all(second[number].span.line == first[number].span.line + 1
                                   and second[number].message is first[number].message
                                   and second[number].data is first[number].data for number in below)
    assert all(third[number] is second[number] for number in above)
    assert [finding.message for finding in fourth if "sily" in finding.message] == []


def test_more_unknown_names_than_get_suggestions_stay_as_from_scratch_after_an_edit():
    per_action = 120
    lines = ["game: many", "num_players: 2", "constants: {n5000: 1}", "flow: {id: s, kind: step, do: a0}", "actions:"]
    for action in range(5):
        names = ", ".join(f"n{action * per_action + i}" for i in range(per_action))
        lines += [f"  a{action}:", f"    label: A {action}", f"    pre_x: 'len([{names}]) > 0'"]
    text = "\n".join(lines) + "\n"
    edited = text.replace("    label: A 1\n", "    label: A 1\n    # a note\n", 1)
    first, second = _versions(text, edited)
    assert 5 * per_action > MAX_SUGGESTED
    assert _facts(first) == _facts(lint_model(load_yaml(text)))
    assert _facts(second) == _facts(lint_model(load_yaml(edited)))
    assert MAX_SUGGESTED == 500
    assert [first[50].message, second[50].message] == ["'n50' is not defined here (did you mean 'n5000'?)"] * 2
    assert [first[500].message, second[500].message] == ["'n500' is not defined here"] * 2  # would be like n50's
