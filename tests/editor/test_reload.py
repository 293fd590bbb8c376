"""A load spliced from the last one (:func:`tabletwin.editor.reload.spliced_load`) equals the
whole text's load: data, positions, aliases, merges, their order, and which values are shared."""

import random

import pytest

from tabletwin.checks import expression_fields
from tabletwin.editor import scope
from tabletwin.editor.reload import _changed, spliced_load
from tabletwin.editor.indexes import build_index
from tabletwin.errors import YamlError
from tabletwin.modelfile import load_yaml

from ..conftest import ROOT, bench_model

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
TYPED = ["", "x", " # note", "é", "😀", ":", "  ", "- ", "{", "&a ", "*base_action", "'", "\t"]
NEW_LINES = ["", "      - {op: set, var: phase, value: main}", "    label: New", "  extra: 1", "# comment",
             "      foo: [1, 2", "    <<: *base_action", "    note: |", "      text"]



def _edit(lines: list[str], rng: random.Random) -> list[str]:
    lines = list(lines)
    number = rng.randrange(len(lines))
    choice = rng.random()
    if choice < 0.4:
        cut = rng.randrange(len(lines[number]) + 1)
        lines[number] = lines[number][:cut] + rng.choice(TYPED) + lines[number][cut + rng.randint(0, 2):]
    elif choice < 0.7:
        lines.insert(number, rng.choice(NEW_LINES))
    elif choice < 0.85:
        del lines[number]
    else:
        lines[number:number] = [rng.choice(NEW_LINES), rng.choice(NEW_LINES)]
    return lines


def _sharing(data) -> list:
    """For each collection in walking order, the index of its first appearance (shared values repeat one)."""
    seen: dict = {}
    out = []

    def walk(value):
        if value.__class__ is dict or value.__class__ is list:
            out.append(seen.setdefault(id(value), len(seen)))
            if len(out) > 100_000:
                return
            for item in (value.values() if value.__class__ is dict else value):
                walk(item)

    walk(data)
    return out


def _same(spliced, whole) -> None:
    assert spliced.text == whole.text
    assert spliced.data == whole.data
    assert list(spliced.positions.items()) == list(whole.positions.items())
    assert spliced.positions.aliases == whole.positions.aliases
    assert spliced.positions.merges == whole.positions.merges
    assert _sharing(spliced.data) == _sharing(whole.data)


def _random_edits(text: str, seed, rounds: int) -> int:
    """Edit ``text`` ``rounds`` times; each spliced load must equal the whole load; how many were spliced."""
    rng = random.Random(seed)
    old = load_yaml(text)
    lines = text.split("\n")
    spliced_count = 0
    for _ in range(rounds):
        lines = _edit(lines, rng)
        new = "\n".join(lines)
        spliced = spliced_load(old, new)
        try:
            whole = load_yaml(new)
        except YamlError:
            assert spliced is None
            lines = old.text.split("\n")  # go on from the last readable text
            continue
        if spliced is not None:
            spliced_count += 1
            _same(spliced, whole)
        old = spliced or whole
    return spliced_count


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_random_edits_of_an_example_splice_to_the_whole_load(path):
    _random_edits(path.read_text(), path.name, 150)


def test_random_edits_of_the_large_model_splice_to_the_whole_load():
    # Its actions merge an anchored base (<<: *base_action): spliced entries share its values.
    assert _random_edits(bench_model(2000), 17, 250) > 60


@pytest.mark.parametrize("added", [["    # note"], ["", "    # two"], ["    note: added"]])
def test_a_line_added_then_removed_in_each_of_a_few_actions_splices_to_the_whole_load(added):
    # The edit of the editor's comment benchmark: entries before, after and around the action keep
    # their order, and those after it move by the lines added (then back).
    text = bench_model(2000)
    old = load_yaml(text)
    for number in (0, 7, 30):
        lines = old.text.split("\n")
        label = lines.index(f"  action_{number}:") + 1
        for new_lines in (lines[:label + 1] + added + lines[label + 1:], lines):
            new = "\n".join(new_lines)
            spliced = spliced_load(old, new)
            assert spliced is not None
            _same(spliced, load_yaml(new))
            old = spliced


def test_an_edit_in_an_action_reads_only_that_action_and_shares_the_rest():
    text = bench_model(2000)
    old = load_yaml(text)
    new = text.replace("    label: Action number 5\n", "    label: Edited\n    note: added\n")
    spliced = spliced_load(old, new)
    assert spliced is not None
    _same(spliced, load_yaml(new))
    assert spliced.data["actions"]["action_5"]["label"] == "Edited"
    assert spliced.data["actions"]["action_4"] is old.data["actions"]["action_4"]
    assert spliced.data["flow"] is old.data["flow"]
    assert spliced.data["actions"]["action_5"]["effect"] is not old.data["actions"]["base"]["effect"] \
        or "effect" not in old.data["actions"]["action_5"]


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("  action_5:\n", "  action_5b:\n"),               # the key line itself
    lambda t: t.replace("    label: Action number 5\n", "  label: Action number 5\n"),  # a new entry
    lambda t: t.replace("  base: &base_action\n    label: Base action\n", "  base: &base_action\n    label: B\n"),
    lambda t: t.replace("    label: Action number 5\n", "    label: &x Action\n"),  # a new anchor
    lambda t: t.replace("    label: Action number 5\n", "    label: [unclosed\n"),  # not YAML
    lambda t: t.replace("    label: Action number 5\n", "    label: a\u2028b\n"),  # another line break
])
def test_edits_it_cannot_splice_load_the_whole_text(edit):
    text = bench_model(2000)
    new = edit(text)
    assert new != text
    assert spliced_load(load_yaml(text), new) is None


def _index_facts(index) -> tuple:
    return (index.decls, index.refs, index.by_line, index.event_locals, index.modified_kwargs, index.content_keys,
            index.unknown)


def _from_scratch(loaded, lines):
    """The index of ``loaded`` built with no local names kept from earlier loads."""
    kept = dict(scope._action_locals)
    scope._action_locals.clear()
    try:
        return build_index(load_yaml(loaded.text), lines)
    finally:
        scope._action_locals.clear()
        scope._action_locals.update(kept)


def test_the_index_after_spliced_edits_equals_the_index_built_from_scratch():
    # Unchanged actions keep their objects, and with them the local names kept for their expressions.
    text = bench_model(2000)
    rng = random.Random(29)
    old = load_yaml(text)
    build_index(old, text.split("\n"))
    lines = text.split("\n")
    spliced_count = 0
    for round_number in range(40):
        if round_number % 4 == 0:  # a bind renamed: the local names of that action change
            number = lines.index("      - {op: roll, die: [1, 2, 3, 4, 5, 6], bind: r4}", rng.randrange(len(lines) // 2))
            lines = lines[:number] + [lines[number].replace("bind: r4", "bind: r5")] + lines[number + 1:]
        else:
            lines = _edit(lines, rng)
        new = "\n".join(lines)
        try:
            load_yaml(new)
        except YamlError:
            lines = old.text.split("\n")
            continue
        spliced = spliced_load(old, new)
        spliced_count += spliced is not None
        loaded = spliced or load_yaml(new)
        index = build_index(loaded, lines)
        assert _index_facts(index) == _index_facts(_from_scratch(loaded, lines))
        for path, _value in expression_fields(loaded.data):
            assert scope.scope_locals("model", loaded.data, path) == scope.scope_at("model", loaded.data, path).locals
        old = loaded
    assert spliced_count > 15


def test_a_renamed_bind_in_a_spliced_action_changes_its_unknown_names():
    text = bench_model(2000)
    old = load_yaml(text)
    before = build_index(old, text.split("\n"))
    start = text.index("  action_1:\n")
    new = text[:start] + text[start:].replace("bind: r4}", "bind: r5}", 1)
    spliced = spliced_load(old, new)
    assert spliced is not None
    after = build_index(spliced, new.split("\n"))
    unknown = [(site.name, site.path) for site, _names in before.unknown if site.path[:2] == ("actions", "action_1")]
    assert ("r5", ("actions", "action_1", "effect", 3, "amount_x")) in unknown
    assert [(site.name, site.path) for site, _names in after.unknown if site.path[:2] == ("actions", "action_1")] \
        == [u for u in unknown if u[0] != "r5"]
    assert _index_facts(after) == _index_facts(_from_scratch(spliced, new.split("\n")))


def _changed_line_by_line(old: list[str], new: list[str]):
    if old == new:
        return None, 0, 0
    first = 0
    while first < min(len(old), len(new)) and old[first] == new[first]:
        first += 1
    old_end, new_end = len(old), len(new)
    while old_end > first and new_end > first and old[old_end - 1] == new[new_end - 1]:
        old_end -= 1
        new_end -= 1
    return first, old_end, new_end


def test_the_changed_lines_are_those_a_line_by_line_comparison_finds():
    rng = random.Random(3)
    for _ in range(2000):
        old = [rng.choice("ab") for _ in range(rng.randrange(12))]
        new = list(old)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(new) + 1)
            if rng.random() < 0.5 or not new[at:]:
                new.insert(at, rng.choice("abc"))
            else:
                del new[at]
        assert _changed(old, new) == _changed_line_by_line(old, new), (old, new)


def test_local_names_are_kept_for_the_last_two_versions_of_an_action_only():
    # Kept by the action's object alone, every version of an edited action stayed in memory.
    kept = dict(scope._action_locals)
    scope._action_locals.clear()
    try:
        path = ("actions", "roll", "effect", 1, "amount_x")
        versions = [{"effect": [{"op": "roll", "dice": 1, "sides": 6, "bind": f"n{number}"},
                                {"op": "add", "var": "pot", "amount_x": "n"}]}
                    for number in range(5)]
        found = [scope.scope_locals("model", {"actions": {"roll": action}}, path) for action in versions]
        assert [sorted(names) for names in found] == [["actor", f"n{number}"] for number in range(5)]
        assert [action for action, _names in scope._action_locals[path[1:]]] == [versions[4], versions[3]]
        assert scope.scope_locals("model", {"actions": {"roll": versions[3]}}, path) is found[3]  # still kept
        again = scope.scope_locals("model", {"actions": {"roll": versions[0]}}, path)
        assert again == found[0] and again is not found[0]  # made again
        assert len(scope._action_locals) == 1
    finally:
        scope._action_locals.clear()
        scope._action_locals.update(kept)
