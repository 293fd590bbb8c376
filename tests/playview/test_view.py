"""The view document: tables, changes, positions, boards laid out in unit coordinates."""

import math

from tabletwin.model import load_model
from tabletwin.playview import PlaySession
from tabletwin.playview.boards import MAX_DRAWN_CELLS

from ..conftest import ROOT

EXAMPLES = ROOT / "examples"
ROOT3 = math.sqrt(3)


def session_of(text: str, players=("random",), seed=0):
    return PlaySession(load_model(text, filename="m.yaml"), list(players), seed=seed)


def test_kuhn_poker_as_seat_0_after_the_deal():
    session = PlaySession(load_model((EXAMPLES / "kuhn_poker.yaml").read_text()), ["human", "random"], seed=4)
    session.advance("human")
    view = session.view()
    assert view["view_as"] == 0 and view["seats"] == 2 and view["players"] == ["human", "random"]
    assert view["table"]["variables"][1] == {"name": "stake", "per_player": True, "values": ["1", "1"]}
    assert view["table"]["zones"][1] == {"name": "hand", "owner": 0, "visibility": "owner", "cards": ["Q"]}
    assert view["log"][1]["changes"]["moves"] == [{"card": "Q", "from": "deck", "to": "hand[0]"}]


def test_border_skirmish_board_cells_and_pieces():
    session = PlaySession(load_model((EXAMPLES / "border_skirmish.yaml").read_text()), ["first"])
    (board,) = session.view()["table"]["board"]["boards"]
    assert (board["name"], board["shape"], board["orientation"], board["width"], board["height"]) == (
        "field", "square", None, 5, 5)
    cells = {cell["id"]: cell for cell in board["cells"]}
    assert len(cells) == 24 and "c3" not in cells  # a hole
    assert cells["a1"] == {"id": "a1", "x": 0.5, "y": 4.5, "pieces": ["red-west"]}
    assert cells["e5"] == {"id": "e5", "x": 4.5, "y": 0.5, "pieces": ["blue-east"]}
    assert cells["b2"]["pieces"] == []


HEX = """
game: hexes
num_players: 1
boards:
  h: {kind: hex, width: 3, height: 2, layout: LAYOUT}
state:
  zones:
    units: {init_x: "[{'id': 'u', 'cell': 'b2'}]"}
flow: {id: s, kind: step, do: a}
actions: {a: {effect: []}}
end: []
"""


def test_hex_boards_pointy_and_flat():
    (board,) = session_of(HEX.replace("LAYOUT", "pointy")).view()["table"]["board"]["boards"]
    cells = {c["id"]: (c["x"], c["y"]) for c in board["cells"]}
    r = lambda v: round(v, 4)  # noqa: E731
    assert cells["a1"] == (r(ROOT3 / 2), 2.5) and cells["b1"] == (r(ROOT3 * 1.5), 2.5)
    assert cells["a2"] == (r(ROOT3), 1.0)  # odd rows shifted half a cell right, one row up
    assert board["orientation"] == "pointy" and board["cells"][4]["pieces"] == ["u"]
    (board,) = session_of(HEX.replace("LAYOUT", "flat")).view()["table"]["board"]["boards"]
    cells = {c["id"]: (c["x"], c["y"]) for c in board["cells"]}
    assert cells["a1"] == (1.0, r(ROOT3 * 2)) and cells["b1"] == (2.5, r(ROOT3 * 1.5))  # odd columns up
    assert cells["a2"] == (1.0, r(ROOT3))


def test_a_board_past_the_drawing_limit_lists_only_occupied_cells():
    side = math.isqrt(MAX_DRAWN_CELLS) + 1
    text = HEX.replace("{kind: hex, width: 3, height: 2, layout: LAYOUT}",
                       f"{{kind: square, width: {side}, height: {side}}}")
    (board,) = session_of(text).view()["table"]["board"]["boards"]
    assert [c["id"] for c in board["cells"]] == ["b2"]
    small = text.replace(f"width: {side}, height: {side}", f"width: {side - 1}, height: {side - 1}")
    (board,) = session_of(small).view()["table"]["board"]["boards"]
    assert len(board["cells"]) == (side - 1) ** 2 <= MAX_DRAWN_CELLS


def test_a_model_without_boards_has_none():
    session = PlaySession(load_model((EXAMPLES / "tic_tac_toe.yaml").read_text()), ["random"])
    assert session.view()["table"]["board"] is None


def test_reveals_and_looks_show_to_whom_they_were_shown():
    text = """
game: peek
num_players: 2
state:
  zones:
    deck: {visibility: hidden, init_x: "['ace', 'two']"}
flow: {id: s, kind: step, actor_x: 0, do: [a, b]}
actions:
  a: {effect: [{op: look, from: deck, n: 1}, {op: reveal, what_x: "'secret-plan'", visible_to_x: "[1]"}]}
  b: {effect: []}
end: []
"""
    session = session_of(text, ("first", "first"))
    session.advance("end")
    assert session.error is None and session.view()["end"]["reason"] == "flow finished without an end condition"
    for viewer, look, reveal in ((0, "ace", "?"), (1, "?", "secret-plan"), (None, "ace", "secret-plan")):
        seen = session.view(viewer)["log"][0]["changes"]["seen"]
        assert seen == [{"kind": "look", "where": "action a", "player": 0, "text": look, "seen_by": [0]},
                        {"kind": "reveal", "where": "action a", "player": None, "text": reveal, "seen_by": [1]}]
