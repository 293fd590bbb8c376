"""The terminal's lines for log entries."""

from tabletwin.playview.narration import SHOWN_BACKS, entry_lines


def entry(options, answer="?", seen_by=(1,)):
    return {"automatic": False, "where": "action deal", "kind": "chance", "player": None, "options": options,
            "answer": answer, "seen_by": list(seen_by),
            "changes": {"moves": [{"card": "?", "from": "deck", "to": "hand[1]"}], "seen": [],
                        "variables": [{"name": "stake", "seat": 0, "before": "1", "after": "2"}],
                        "events": ["drew"]}}


def test_a_hidden_chance_and_what_followed():
    assert entry_lines(entry(["?"] * SHOWN_BACKS)) == [
        "action deal · chance: ? | ? | ? → ? (seen by player 1)", "  card ?: deck → hand[1]",
        "  stake[0]: 1 → 2", "  events: drew"]


def test_many_hidden_options_are_counted():
    line = entry_lines(entry(["?"] * (SHOWN_BACKS + 1), "Firebolt"))[0]
    assert line == f"action deal · chance: {SHOWN_BACKS + 1} × ? → Firebolt"
    line = entry_lines(entry(["?", "?", "?", "?", "K"], "K"))[0]
    assert line == "action deal · chance: ? | ? | ? | ? | K → K"
    assert entry_lines(entry(["?", "?"], seen_by=()))[0].endswith("→ ? (seen by nobody)")
    assert entry_lines(entry(["?", "?"], seen_by=(0, 2)))[0].endswith("→ ? (seen by players 0, 2)")
