"""The start of a game is computed once per model and copied (game/prepared.py): the copy is the
start computed afresh, value for value, and no two games share a list, a dict or a card."""

import pytest

from tabletwin import ExprError, Game
from tabletwin.game.state import State
from tabletwin.game.work import GAME_WORK_LIMIT

from .flowkit import model_of
from .pinned_games import MODELS

BASE = """
    flow: {id: s, kind: step, do: noop}
    actions: {noop: {effect: []}}
    end: [{id: done, if_x: "True", result: draw}]
"""


def fresh_and_copied(model):
    return State(model, prepared=False), State(model), State(model)


def assert_same_start(fresh, copied):
    assert copied.variables == fresh.variables
    assert repr(copied.variables) == repr(fresh.variables)
    assert list(copied.zones) == list(fresh.zones)
    for name, zone in fresh.zones.items():
        other = copied.zones[name]
        parts, other_parts = (zone, other) if isinstance(zone, list) and not hasattr(zone, "zone") else ([zone], [other])
        for pile, other_pile in zip(parts, other_parts, strict=True):
            assert type(other_pile) is type(pile)
            assert list(other_pile) == list(pile) and repr(list(other_pile)) == repr(list(pile))
            assert (other_pile.zone, other_pile.owner, other_pile.shuffled, other_pile.top, other_pile.bottom) == \
                   (pile.zone, pile.owner, pile.shuffled, pile.top, pile.bottom)
    assert copied.next_uid == fresh.next_uid
    assert copied.budget.steps == fresh.budget.steps


def containers(value, found):
    """Every list and dict inside ``value`` (by id), instances included."""
    if isinstance(value, (list, dict)):
        if id(value) in found:
            return found
        found[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            if not hasattr(item, "keys") or type(item) is dict:
                containers(item, found)
    return found


def state_containers(state):
    found = {}
    for value in (*state.variables.values(), *state.zones.values()):
        containers(value, found)
    return found


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_every_example_starts_from_a_copy_equal_to_its_computed_start(path):
    from tabletwin import load_model

    fresh, first, second = fresh_and_copied(load_model(path))
    assert_same_start(fresh, first)
    assert_same_start(fresh, second)
    assert not state_containers(first).keys() & state_containers(second).keys()


def test_copies_share_nothing_mutable_and_keep_sharing_inside_a_value():
    model = model_of("""
    num_players: 2
    constants:
      CARDS: [{id: ace, value: 1, tags: [x]}]
    state:
      vars:
        row: {init: [1, 2]}
        grid: {init_x: "[[0, 0]] * 2"}
        bag: {scope: player, init: {gold: [1]}}
      zones:
        deck: {init_x: "list(CARDS) + [{'id': 'joker', 'tags': ['wild']}]"}
        hand: {owner: player, init_x: "[['a'], []]"}
    """, BASE)
    fresh, one, two = fresh_and_copied(model)
    assert_same_start(fresh, one)
    assert not state_containers(one).keys() & state_containers(two).keys()
    # a value that held one list twice holds one copy twice, as a fresh start does
    assert fresh.variables["grid"][0] is fresh.variables["grid"][1]
    assert one.variables["grid"][0] is one.variables["grid"][1]
    assert one.variables["grid"][0] is not two.variables["grid"][0]
    # model data stays shared (read-only); the cards themselves are each game's own
    assert one.zones["deck"][0]["origin"] is two.zones["deck"][0]["origin"] is fresh.zones["deck"][0]["origin"]
    assert one.zones["deck"][0] is not two.zones["deck"][0]
    assert one.zones["deck"][1]["tags"] is not two.zones["deck"][1]["tags"]


def test_a_change_in_one_game_does_not_show_in_the_next():
    model = model_of("""
    state:
      vars: {row: {init: [1, 2]}}
      zones: {deck: {init_x: "[{'id': 'a', 'n': [1]}, {'id': 'b', 'n': [2]}]"}}
    flow: {id: s, kind: step, actor_x: "0", do: [change, wait]}
    actions:
      wait: {effect: []}
      change:
        effect:
          - {op: set, var: "row[0]", value: 9}
          - {op: set, of_x: "deck[0]", attr: id, value: z}
          - {op: move, what_x: "deck[1]", from: deck, to: deck, position: top}
    end: [{id: done, if_x: "True", result: draw}]
    """)
    game = Game(model)
    assert game.request.options == ["change", "wait"]
    game.answer(0)
    assert game.value("row") == [9, 2]
    assert [card["id"] for card in game.value("deck")] == ["b", "z"]
    again = Game(model)
    assert again.value("row") == [1, 2]
    assert [(card["id"], card["uid"]) for card in again.value("deck")] == [("a", 1), ("b", 2)]


def test_work_spent_at_the_start_counts_in_every_game():
    model = model_of("""
    state:
      vars: {big: {init_x: "list(range(2000))"}}
    """, BASE)
    fresh = State(model, prepared=False)
    assert fresh.budget.steps < GAME_WORK_LIMIT - 2000  # the list was built and stored
    assert State(model).budget.steps == State(model).budget.steps == fresh.budget.steps
    assert Game(model).work == Game(model).work


def test_a_start_that_fails_fails_in_every_game_with_the_same_error():
    model = model_of("""
    state:
      vars: {a: {init_x: "1 // 0"}}
    """, BASE)
    messages = []
    for _ in range(2):
        with pytest.raises(ExprError) as info:
            Game(model)
        messages.append(info.value.message)
    assert messages[0] == messages[1] and "ZeroDivisionError" in messages[0]
