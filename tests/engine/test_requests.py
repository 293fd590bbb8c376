"""Requests (game/requests.py): labels given or made from the values on first read, once."""

from tabletwin.game.labels import label
from tabletwin.game.requests import Chance, Decision


def test_a_decision_without_labels_makes_them_from_its_values_once():
    card = {"id": "ace", "uid": 3}
    request = Decision(1, "step play", None, [card, 7, "x", (1, 2)], [1])
    assert request.options == ["ace", "7", "x", label((1, 2))]
    assert request.options is request.options  # made once, then kept
    assert (request.kind, request.player, request.where, request.visible_to, request.probabilities) == \
        ("decision", 1, "step play", [1], None)
    assert (request.items, request.pool, request.chosen) == (None, None, None)


def test_given_labels_are_kept_as_given():
    names = ["check", "bet"]
    request = Decision(0, "step act", names, names)
    assert request.options is names and request.visible_to == "all"


def test_a_chance_event_makes_its_labels_the_same_way():
    request = Chance("draw deck", None, [{"id": "J", "uid": 1}, {"label": "Queen", "id": "Q"}], [0.5, 0.5])
    assert request.options == ["J", "Queen"]
    assert (request.kind, request.player, request.probabilities) == ("chance", None, [0.5, 0.5])


def test_requests_compare_and_print_by_their_fields_with_labels_made_or_given():
    made = Decision(0, "w", None, [1, 2])
    given = Decision(0, "w", ["1", "2"], [1, 2])
    assert made == given and not made != given
    assert made != Decision(1, "w", None, [1, 2])
    assert made != Chance("w", None, [1, 2], [0.5, 0.5])
    assert repr(made) == ("Decision(player=0, where='w', options=['1', '2'], values=[1, 2], visible_to='all', "
                          "items=None, pool=None, chosen=None, kind='decision', probabilities=None)")
    subset = Decision(0, "w", None, [1, None])
    subset.items, subset.pool, subset.chosen = [1, None], [1, 2], []
    assert subset.options == ["1", "None"] and subset.chosen == []
