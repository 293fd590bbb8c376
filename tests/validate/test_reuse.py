"""``validate(..., reuse=True)`` of edited texts, loaded as the editor loads them (each from the load
before, :func:`tabletwin.editor.loads.shared_load`), reports exactly what a validation from
scratch reports: every error, warning, lint warning and gap, with its message, span, path and
data (:mod:`tabletwin.checks.reuse`)."""

import random

import pytest

from tabletwin.checks import reuse
from tabletwin.checks.reuse import _shared_paths, suspended
from tabletwin.editor.loads import forget_loads, shared_load
from tabletwin.errors import YamlError
from tabletwin.modelfile import load_yaml
from tabletwin.validate import advice, model_errors, validate

from ..conftest import ROOT, bench_model, random_edit

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
PIECES = ["x", "é", " ", "1", "gold", "zz", "_x", "0", "x", ":", "\n    ", "[", "*", "&a "]  # the last few break it



def _found(report) -> list:
    def each(finding):
        span = finding.span
        where = None if span is None else (span.line, span.column, span.end_line, span.end_column)
        return (finding.message, where, finding.severity, finding.path, repr(finding.data), finding.code)

    gaps = [] if report.figures is None else [(g.kind, g.place, g.message, g.path) for g in report.figures.gaps]
    return [[each(f) for f in report.errors], [each(f) for f in report.warnings], [each(f) for f in report.lint],
            gaps, report.figures.as_json() if report.figures is not None else None, report.tree]


def _scratch(text: str) -> list:
    with suspended():
        return _found(validate(load_yaml(text), games=0))


def _random_edit(text: str, rng: random.Random) -> str:
    return random_edit(text, rng, PIECES, moves=0.1, deletes=0.3, most_deleted=2)


def _check(texts) -> int:
    """Validate each text as the editor does and from scratch; the number of validations compared."""
    forget_loads()
    reuse.forget_all()
    compared = 0
    for number, text in enumerate(texts):
        try:
            loaded = shared_load(text)
        except YamlError:
            continue
        if not isinstance(loaded.data, dict) or "flow" not in loaded.data:
            continue
        assert _found(validate(loaded, games=0, reuse=True)) == _scratch(text), f"text {number}"
        compared += 1
    return compared


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_random_edits_of_an_example_report_what_a_validation_from_scratch_reports(path):
    rng = random.Random(path.name)
    texts = [path.read_text()]
    readable = texts[0]
    for _ in range(40):
        texts.append(_random_edit(readable, rng))
        try:
            load_yaml(texts[-1])
            readable = texts[-1]  # a broken text is typed on until it reads again; this one reads
        except YamlError:
            pass
    assert _check(texts) >= 20


def _line_edits(text: str, rng: random.Random, count: int) -> list[str]:
    """Edits inside entries, as typed: values changed, ops added and removed, names broken and fixed."""
    texts = [text]
    readable = text
    for _ in range(count):
        lines = readable.split("\n")
        candidates = [n for n, line in enumerate(lines) if line.startswith("    ") and line.strip()]
        n = rng.choice(candidates)
        line = lines[n]
        choice = rng.random()
        if choice < 0.2:
            lines[n] = line.replace("gold", "gould", 1)  # an undeclared name, then (later) back
        elif choice < 0.35:
            lines[n] = line.replace("gould", "gold")
        elif choice < 0.5 and line.lstrip().startswith("- {op:"):
            indent = line[:len(line) - len(line.lstrip())]
            lines.insert(n, indent + rng.choice(["- {op: move, what_x: card, from: nowhere, to: discard}",
                                                 "- {op: add, var: pot, amount_x: \"pot +\"}",
                                                 "- {op: run, flow: missing}", "- {op: frobnicate}"]))
        elif choice < 0.6 and line.lstrip().startswith("- {op:"):
            del lines[n]
        elif choice < 0.7:
            lines[n] = line + " zz"
        elif choice < 0.8:
            lines.insert(n, "")  # everything after moves down a line
        else:
            lines[n] = line.replace("label: ", "labl: ", 1) if "label: " in line else line.replace("labl: ", "label: ")
        texts.append("\n".join(lines))
        try:
            load_yaml(texts[-1])
            readable = texts[-1]
        except YamlError:
            pass
    return texts


def test_edits_inside_entries_of_a_model_with_merges_report_what_a_validation_from_scratch_reports():
    text = bench_model(1200)
    assert load_yaml(text).positions.merges  # every action merges a base; every card one too
    assert _check(_line_edits(text, random.Random(5), 25)) >= 18


def test_edits_of_a_model_with_content_report_what_a_validation_from_scratch_reports():
    # The content's warnings sit in two entries (the cards, and the defaults their keywords are
    # merged from): edits above, in and between them move, keep or redo them.
    text = bench_model(3400)
    assert "  cards:" in text
    assert _check(_line_edits(text, random.Random(11), 20)) >= 14


def test_the_entries_an_edit_left_alone_give_their_kept_results():
    text = bench_model(1200)
    forget_loads()
    reuse.forget_all()
    first = validate(shared_load(text), games=0, reuse=True)
    before = dict(reuse._kept[0])
    edited = text.replace("    label: Action number 3\n", "    label: Action number three\n", 1)
    second = validate(shared_load(edited), games=0, reuse=True)
    after = {key: entry for key, entry in reuse._kept[0].items() if isinstance(key[0], str)}  # not kept findings
    same = [key for key, entry in after.items() if before.get(key) is entry]
    redone = [key for key in after if before.get(key) is not after[key]]
    assert {key[1][:3] for key in redone} == {("actions",), ("actions", "action_3"), ("actions", "action_3", "effect")}
    kinds = {"schema", "expression_fields", "ops", "op_kinds", "op_errors", "missing_fields", "figures",
             "chooses_without_actor"}  # (lint's name findings are kept findings: tabletwin.checks.kept.determined)
    assert {key[0] for key in redone} == kinds
    assert len(same) > 600
    assert {key[0] for key in same} == kinds | {"content_items", "content_layer", "content_warnings",
                                                "content_errors"}  # the cards
    # The label is in no finding: every finding is the last validation's very object (tabletwin.checks.kept).
    for old, new in [(first.errors, second.errors), (first.warnings, second.warnings)]:
        assert len(new) == len(old) > 100 and all(a is b for a, b in zip(old, new))


def test_values_shared_through_aliases_are_never_reused():
    text = """\
flow: {id: game, kind: step, do: a}
state:
  zones: {deck: {}}
actions:
  base: &base {label: Base, effect: [{op: draw, from: deck, to: deck}], cost: [{op: say}]}
  a: {<<: *base, effect: []}
  b: {<<: *base}
  c: {label: C}
  d: &list [1, 2]
  e: {items: *list}
  f: {n: &n 3}
  g: {n: *n}
  h: &deep [[1, {op: say}]]
  i: {items: *deep}
end: []
"""
    shared = _shared_paths(load_yaml(text))
    # A list of scalars (d, e.items) shares nothing a walk finds; a list holding a mapping does.
    assert sorted(shared) == [("actions", "a", "cost"), ("actions", "b", "cost"), ("actions", "b", "effect"),
                              ("actions", "base", "cost"), ("actions", "base", "cost"), ("actions", "base", "effect"),
                              ("actions", "h"), ("actions", "i", "items")]
    assert _check([text, text.replace("label: C", "label: CC"), text.replace("n: *n", "n: 4")]) == 3


def test_a_shared_value_is_reported_once_where_it_is_written():
    """A cost list that ``b`` merges from ``base``: its syntax error, unknown zone and schema warning
    are found once, at the anchor, with every edit of another entry."""
    text = """\
flow: {id: game, kind: step, do: [a, b, base]}
state:
  zones: {deck: {}}
actions:
  base: &base
    cost: [{op: set, var: x, value_x: "1 +", bogus: 1}, {op: move, what_x: c, from: nowhere, to: deck}]
  a: {label: A}
  b: {<<: *base, label: B}
end: []
"""
    first = _scratch(text)
    assert [message for message, *_ in first[0]] == [
        'syntax error in expression "1 +": invalid syntax (position 3)', "move: zone 'nowhere' is not declared in state.zones"]
    assert _check([text, text.replace("label: A", "label: AA"), text.replace("label: A", "label: A2"),
                   text.replace("label: B", "label: BB")]) == 4


def test_a_line_added_above_moves_the_kept_findings_below_without_checking_their_parts_again(monkeypatch):
    # Op errors and the content's warnings (on keywords merged from the cards' defaults, written
    # in another entry that moved too) are the last ones moved: the same message objects, one line down.
    text = bench_model(3600)
    forget_loads()
    reuse.forget_all()
    first = validate(shared_load(text), games=0, reuse=True)
    checked = []
    for module, name in [(model_errors, "_op_errors"), (advice, "_content_warnings")]:
        check = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *args, check=check, name=name: checked.append(name) or check(*args))
    edited = text.replace("    label: Action number 3\n", "    label: Action number 3\n    # note\n", 1)
    second = validate(shared_load(edited), games=0, reuse=True)
    assert checked == ["_op_errors"]  # the ops of action_3, the one edited
    assert _found(second) == _scratch(edited)
    added = edited.split("\n").index("    # note")
    for old, new in [(first.errors, second.errors), (first.warnings, second.warnings)]:
        assert len(new) == len(old)
        below = [(a, b) for a, b in zip(old, new) if a.span.line >= added]
        assert all(b.span.line == a.span.line + 1 and b.message is a.message for a, b in below)
        assert all(a is b for a, b in zip(old, new) if a.span.line < added)
    moved = [b for _a, b in zip(first.errors + first.warnings, second.errors + second.warnings)
             if b.span.line > added]
    assert len([f for f in moved if f.path.startswith("actions.")]) > 100
    assert len([f for f in moved if "keyword" in f.message and f.path.startswith("content.cards.")]) > 20
