"""The symbol index built entry by entry, reusing the entries an edit left alone
(:mod:`tabletwin.editor.unitindex`), equals the index built from scratch after random edits:
declarations, references, sites by line, unknown names, events and keywords, in their order."""

import random

import pytest

from tabletwin.editor import entries, indexes, symbols, unitindex
from tabletwin.editor.places import kept_places, model_places
from tabletwin.editor.reload import spliced_load
from tabletwin.editor.semantic import _fields_with_spans
from tabletwin.editor.indexes import build_index
from tabletwin.errors import YamlError
from tabletwin.modelfile import load_yaml

from .test_reload import _edit


def _model(actions: int = 12) -> str:
    """A model with every kind of unit: merged fields written in another entry, emits read by
    triggers, ``modified()`` keywords, content subscripts, functions and derived values."""
    lines = [
        "game: units", "num_players: 2", "state:", "  vars:", "    score: {per_player: true, init: 0}",
        "    gold: {per_player: true, init: 3}", "    pot: {init: 0}", "  zones:", "    deck: {per_player: true}",
        "    hand: {per_player: true, drawn_from: deck}", "  derived:", '    total: "sum(score)"',
        '    lead: {x: "max(score) - min(score) + total"}', "constants:", "  GOAL: 10", "functions:", "  double:",
        "    params: [n]", '    let: {m: "n * 2"}', '    x: "m + GOAL"', "flow:", "  id: game", "  kind: loop",
        "  children:", "    - {id: s0, kind: step, do: [action_0, action_1], end_event: round_over}",
        "    - {id: s1, kind: step, do: action_2, window: main}", "flows:", "  sub:", "    kind: step",
        "    do: action_3", "priority:", "  windows:", "    main: {allows: [fast]}", "actions:", "  base: &base",
        "    label: Base", '    pre_x: "gold[actor] > GOAL"',
    ]
    for number in range(actions):
        lines += [
            f"  action_{number}:", "    <<: *base", f"    label: Action {number}",
            "    effect:", f"      - {{op: roll, die: [1, {number + 2}], bind: r{number % 3}}}",
            f'      - {{op: emit, event: hit_{number % 4}, impact: [{{op: add, var: "score[actor]", amount_x: "r0 + double({number})"}}]}}',
            '      - {op: draw, from: "deck[actor]", to: "hand[actor]", n: 1}',
            "      - {op: run, flow: sub}" if number % 2 else "      - {op: window, name: main}",
            f"      - {{op: add, var: gold, amount_x: \"modified('power', bonus=r1) + content['cards']['c1']['cost'] + lead\"}}",
        ]
        if number % 3 == 0:
            lines += ["    speed: fast"]
    lines += [
        "triggers:", "  - {id: t0, event: hit_1, do: [{op: add, var: \"score[actor]\", amount_x: \"r0 + 1\"}]}",
        "modifiers:", "  - {stat: power, x: \"value + bonus\"}",
        "outcomes:", "  dice:", '    derived_x: {k: "GOAL * 2"}',
        '    outcomes: [{id: o1, p_x: "1 / 6", effect: [{op: add, var: pot, amount_x: "k + total"}]}]',
        "content:", "  defaults:", "    card: &card", "      cost: 1", "  cards:",
    ]
    for number in range(6):
        lines += [
            f"    c{number}:", "      <<: *card", f"      id: c{number}",
            '      effect: [{op: add, var: "gold[actor]", amount_x: "self.cost + GOAL"}]',
            f'      triggers: [{{event: hit_{number % 4}, do: [{{op: add, var: pot, amount_x: "r2 + 1"}}]}}]',
            f"      abilities: [{{id: zap_{number}, speed: fast, effect: [{{op: add, var: pot, amount: 1}}]}}]",
        ]
    lines += ["end:", '  - {id: win, kind: win, if_x: "max(score) >= GOAL", scope: sub}']
    return "\n".join(lines) + "\n"


def _facts(index) -> tuple:
    return (index.decls, index.refs, index.by_line, index.event_locals, index.modified_kwargs, index.content_keys,
            index.unknown, list(index.decls), list(index.refs), list(index.by_line), list(index.event_locals),
            [list(names) for names in index.event_locals.values()])


def _whole(loaded, lines, monkeypatch) -> symbols.Index:
    """The index of a fresh load of the text by the walks over the whole model."""
    with monkeypatch.context() as patch:
        patch.setattr(indexes, "units_independent", lambda loaded: False)
        return build_index(load_yaml(loaded.text), lines)


def test_the_model_is_indexed_by_units_and_equals_the_whole_walk(monkeypatch):
    text = _model()
    loaded = load_yaml(text)
    assert entries.units_independent(loaded)
    assert [unit.path for unit in entries.units(loaded.data)][:8] == [
        ("game",), ("num_players",), ("state", "vars"), ("state", "zones"), ("state", "derived"),
        ("constants", "GOAL"), ("functions", "double"), ("flow",)]
    index = build_index(loaded, text.split("\n"))
    assert _facts(index) == _facts(_whole(loaded, text.split("\n"), monkeypatch))
    # What the model reads across entries is there: merged pre_x placed in base, events' names, keywords.
    pre = [site for site in index.refs[("var", "gold")] if site.path == ("actions", "action_4", "pre_x")]
    assert [(site.span.line, site.span.column) for site in pre] == [(36, 12)]
    assert list(index.event_locals["hit_1"].items()) == [  # emitted by actions 1, 5 and 9
        ("actor", "the acting player (at the emit)"), ("r1", "bound by roll at effect[0] (at the emit)"),
        ("r2", "bound by roll at effect[0] (at the emit)"), ("r0", "bound by roll at effect[0] (at the emit)")]
    assert index.modified_kwargs == {"power": {"bonus"}}
    # Triggers see the names bound where their event is emitted: only the actions' own misses are unknown.
    assert [(site.name, site.path[1], site.path[3]) for site, _names in index.unknown][:5] == [
        ("r1", "action_0", 4), ("r0", "action_1", 1), ("r0", "action_2", 1), ("r1", "action_2", 4),
        ("r1", "action_3", 4)]
    assert len(index.unknown) == 16 and all(site.path[0] == "actions" for site, _names in index.unknown)


@pytest.mark.parametrize("seed", [3, 17])
def test_the_index_kept_by_units_after_random_edits_equals_the_index_built_from_scratch(seed, monkeypatch):
    rng = random.Random(seed)
    text = _model()
    lines = text.split("\n")
    old = load_yaml(text)
    build_index(old, lines)
    spliced = independent = 0
    reused = unitindex._kept.reused
    renames = [("    gold: {", "    golds: {"), ("  action_3:", "  action_3b:"), ("bind: r1}", "bind: r4}"),
               ("event: hit_1,", "event: hit_9,"), ("  GOAL: 10", "  GOALS: 10"), ("cost: 1", "cost: 2")]
    for round_number in range(100):
        if round_number % 5 == 0:  # a name declared, renamed or unbound: other entries' references change
            before, after = rng.choice(renames)
            new_lines = "\n".join(lines).replace(before, after, 1).split("\n")
        else:
            new_lines = _edit(lines, rng)
        new = "\n".join(new_lines)
        try:
            load_yaml(new)
        except YamlError:
            continue
        lines = new_lines
        loaded = spliced_load(old, new)
        spliced += loaded is not None
        loaded = loaded or load_yaml(new)
        index = build_index(loaded, lines)
        fresh = load_yaml(new)
        scratch = build_index(fresh, lines, kept=False)
        assert _facts(index) == _facts(scratch), round_number
        assert kept_places(loaded) == model_places(fresh.data), round_number
        if entries.units_independent(loaded):
            independent += 1
            assert _facts(index) == _facts(_whole(loaded, lines, monkeypatch)), round_number
        old = loaded
    assert spliced > 20 and independent > 40
    assert unitindex._kept.reused - reused > 20 * 30  # most units of most edits were kept


def test_an_edit_that_moves_lines_moves_the_kept_sites():
    text = _model()
    old = load_yaml(text)
    build_index(old, text.split("\n"))
    new = text.replace("  action_1:\n", "  action_1:\n    # a note\n    # another\n", 1)
    loaded = spliced_load(old, new)
    assert loaded is not None and loaded.data["actions"]["action_9"] is old.data["actions"]["action_9"]
    index = build_index(loaded, new.split("\n"))
    moved = [site for site in index.refs[("var", "gold")] if site.path[:2] == ("actions", "action_9")]
    first = [site for site in build_index(old, text.split("\n")).refs[("var", "gold")]
             if site.path[:2] == ("actions", "action_9")]
    # Merged pre_x stays in base (above the edit); the action's own fields move two lines down.
    assert [(site.path[2:], site.span.line - old_site.span.line) for site, old_site in zip(moved, first)] == [
        (("effect", 4, "var"), 2), (("pre_x",), 0)]
    assert _facts(index) == _facts(build_index(load_yaml(new), new.split("\n"), kept=False))


def test_the_names_declared_and_unknown_are_read_without_placing_the_sites_an_edit_moved():
    """Lint reads only these: the sites of the entries below an added line are moved when the
    tables of sites are first read, and then equal those of an index from scratch."""
    text = _model().replace("    <<: *base\n", '    <<: *base\n    pre_x: "gold[actor] > GOAL"\n')  # nothing borrowed
    old = load_yaml(text)
    build_index(old, text.split("\n"))
    new = text.replace("  action_1:\n", "  action_1:\n    # a note\n", 1)
    loaded = spliced_load(old, new)
    index = build_index(loaded, new.split("\n"))
    scratch = build_index(load_yaml(new), new.split("\n"), kept=False)
    assert list(index.declared_keys()) == list(scratch.decls)
    assert index.declared("action", "action_9") and not index.declared("action", "action_99")
    assert index.resolve("gold", {}) == "var" and index.names("constant") == ["GOAL"]
    chunks = list(index.unknown_chunks())
    assert sorted({lines for _unknown, lines in chunks}) == [0, 1]
    assert [(site.name, site.span.line + lines) for unknown, lines in chunks for site, _names in unknown] == \
        [(site.name, site.span.line) for site, _names in scratch.unknown]
    assert index.unknown == scratch.unknown
    assert index._tables is None  # the sites by name and by line are not made yet
    assert _facts(index) == _facts(scratch)
    assert list(index.unknown_chunks()) == [(index.unknown, 0)]


def test_a_mapping_shared_by_an_alias_across_entries_indexes_the_whole_model(monkeypatch):
    text = _model().replace("    label: Action 5\n", "    label: Action 5\n    effect: *shared\n", 1) \
        .replace("  base: &base\n", "  base: &base\n    cost: &shared [{op: add, var: pot, amount: 1}]\n", 1)
    text = text.replace("  action_5:\n    <<: *base\n    label: Action 5\n    effect: *shared\n    effect:", "  action_5:\n"
                        "    <<: *base\n    label: Action 5\n    effect:", 1)
    text = text.replace("  action_6:\n    <<: *base\n", "  action_6:\n    <<: *base\n    cost: *shared\n", 1)
    loaded = load_yaml(text)
    assert not entries.units_independent(loaded)
    index = build_index(loaded, text.split("\n"))
    with monkeypatch.context() as patch:
        patch.setattr(indexes, "units_independent", lambda loaded: False)
        assert _facts(index) == _facts(build_index(load_yaml(text), text.split("\n")))


def test_expression_fields_kept_by_units_equal_the_whole_walk():
    text = _model()
    old = load_yaml(text)

    class Snap:
        kind = "model"

    assert _fields_with_spans(Snap(), old)  # kept
    new = text.replace("  action_2:\n", "  action_2:\n    # note\n", 1)
    loaded = spliced_load(old, new)
    kept = _fields_with_spans(Snap(), loaded)
    from tabletwin.checks import expression_fields
    from tabletwin.editor.semantic import _path_fields, _with_spans

    fresh = load_yaml(new)
    whole = _with_spans(fresh, expression_fields(fresh.data) + _path_fields(fresh.data))
    assert sorted(kept, key=repr) == sorted(whole, key=repr)


def test_the_places_kept_by_units_are_the_models_places():
    text = _model()
    loaded = load_yaml(text)
    places = kept_places(loaded)
    assert places == model_places(loaded.data)
    assert [place.name for place in places][:4] == ["step s0", "window main", "action action_0", "action action_1"]
    assert dict((place.name, place.options) for place in places)["window main"] == (
        "action_0", "action_3", "action_6", "action_9", "zap_0", "zap_1", "zap_2", "zap_3", "zap_4", "zap_5", "pass")


def test_semantic_tokens_kept_by_units_after_random_edits_equal_the_tokens_worked_out_afresh(monkeypatch):
    from tabletwin.editor import semantic
    from tabletwin.editor.document import Snapshot

    rng = random.Random(5)
    lines = _model().split("\n")
    index = Snapshot("\n".join(lines)).index
    compared = 0
    for round_number in range(80):
        edited = _edit(lines, rng)
        snap = Snapshot("\n".join(edited), round_number)
        if snap.loaded is None:
            continue
        lines = edited
        if round_number % 7 == 0:
            index = snap.index  # now and then the names are indexed again, as in the background
        kept = semantic.expression_tokens(snap, index)
        screen = semantic.expression_tokens(snap, index, 40, 70)
        with monkeypatch.context() as patch:
            patch.setattr(semantic, "units_independent", lambda loaded: False)
            patch.setattr(semantic, "_cache", type(semantic._cache)())
            fresh = semantic.expression_tokens(Snapshot(snap.text), index)
        assert kept == fresh, round_number
        assert screen == [token for token in fresh if 40 <= token.line <= 70], round_number
        compared += 1
    assert compared > 25
