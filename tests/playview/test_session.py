"""PlaySession: answering, advancing, going back, restarting, bounds, errors and positions."""

import time

import pytest

from tabletwin.model import load_model
from tabletwin.play import play
from tabletwin.playview import PlaySession, PlaySessionError
from tabletwin.playview.document import MAX_LOG_ENTRIES

from ..conftest import ROOT

EXAMPLES = ROOT / "examples"


def model(name: str, text: str | None = None):
    path = EXAMPLES / name
    return load_model(text if text is not None else path.read_text(encoding="utf-8"), filename=str(path))


def answers(session) -> list:
    return [(e["index"], e["answer"]) for e in session.view(None)["log"] if not e["automatic"]]


def test_computer_seats_play_the_game_tabletwin_play_plays():
    for name, seed in (("kuhn_poker.yaml", 7), ("spell_duel.yaml", 2), ("high_card_rummy.yaml", 5)):
        session = PlaySession(model(name), ["random"], seed=seed)
        session.advance("end")
        record = play(model(name), ["random"], seed)
        assert [label for _, label in answers(session)] == [r.label for r in record.requests]
        assert session.view()["end"] == {"reason": record.reason, "payoffs": record.payoffs}


def test_back_replays_to_just_before_a_request_and_the_game_goes_on_the_same():
    session = PlaySession(model("spell_duel.yaml"), ["random"], seed=3)
    session.advance("end")
    whole, end = answers(session), session.view()["end"]
    session.back(5)
    assert session.request_index == 5 and answers(session) == whole[:5] and session.view()["end"] is None
    session.advance("end")
    assert answers(session) == whole and session.view()["end"] == end


def test_a_hand_played_answer_changes_the_game_from_there():
    session = PlaySession(model("kuhn_poker.yaml"), ["human", "random"], seed=4)
    assert session.advance("human") == 2 and session.request.options == ["check", "bet"]
    session.answer(1)
    session.advance("end")
    assert answers(session)[2:] == [(2, "bet"), (3, "fold")]
    session.back(2)
    session.answer(0)
    assert answers(session)[2] == (2, "check")


def test_advance_one_answers_one_request():
    session = PlaySession(model("pig.yaml"), ["random"], seed=1)
    assert session.advance("one") == 1 and session.request_index == 1


def test_advance_stops_at_its_deadline():
    session = PlaySession(model("pig.yaml"), ["random"], seed=1)
    assert session.advance("end", deadline=time.monotonic() - 1) == 1


def test_calls_that_do_not_fit_are_refused_with_a_reason():
    session = PlaySession(model("kuhn_poker.yaml"), ["human", "random"], seed=4)
    with pytest.raises(PlaySessionError, match="^request 0 is not asked of a hand-played seat$"):
        session.answer(0)
    session.advance("human")
    for wrong in (2, -1, True, "1"):
        with pytest.raises(PlaySessionError, match="is not one of the 2 options"):
            session.answer(wrong)
    with pytest.raises(PlaySessionError, match="^there is no request 3 to go back to \\(0 to 2\\)$"):
        session.back(3)
    with pytest.raises(PlaySessionError, match="^3 players given for a 2-player game$"):
        PlaySession(model("kuhn_poker.yaml"), ["random"] * 3)
    with pytest.raises(PlaySessionError, match="^unknown player 'wizard'"):
        PlaySession(model("kuhn_poker.yaml"), ["wizard"])
    with pytest.raises(PlaySessionError, match="^view_as must be a seat from 0 to 1"):
        session.view(2)


def test_restart_with_another_seed_and_players():
    session = PlaySession(model("tic_tac_toe.yaml"), ["random"], seed=3)
    session.advance("end")
    session.restart(seed=5, players=["first", "first"])
    assert (session.seed, session.specs, session.request_index) == (5, ["first", "first"], 0)
    session.advance("end")
    assert [a for _, a in answers(session)] == ["0", "1", "2", "3", "4", "5", "6"]


def test_a_game_that_does_not_end_is_cut_at_the_request_bound():
    endless = (EXAMPLES / "pig.yaml").read_text().replace("GOAL: 30", "GOAL: 1000000000")
    session = PlaySession(model("pig.yaml", endless), ["random"], max_requests=50)
    session.advance("end")
    view = session.view()
    assert view["request"]["index"] == 50 and view["request"]["kind"] == "error"
    assert view["error"] == {"kind": "cut", "message": "cut off after 50 requests: a loop without an end?",
                             "line": 48, "column": 11, "station": "flow.children[1].children[0]"}


def test_the_view_keeps_the_latest_log_entries():
    endless = (EXAMPLES / "pig.yaml").read_text().replace("GOAL: 30", "GOAL: 1000000000")
    session = PlaySession(model("pig.yaml", endless), ["random"], max_requests=MAX_LOG_ENTRIES + 100)
    session.advance("end")
    view = session.view()
    total = len(session.recorder.entries)
    assert len(view["log"]) == MAX_LOG_ENTRIES and view["log_omitted"] == total - MAX_LOG_ENTRIES > 0
    assert [e["index"] for e in view["log"] if e["index"] is not None][-1] == MAX_LOG_ENTRIES + 99


def test_an_engine_error_before_the_first_question_keeps_the_table():
    text = (EXAMPLES / "pig.yaml").read_text().replace("{op: set, var: turn_total, value: 0}",
                                                       "{op: set, var: turn_total, value_x: \"1 // 0\"}")
    session = PlaySession(model("pig.yaml", text), ["random"])
    view = session.view()
    line = text.splitlines().index('      - {op: set, var: turn_total, value_x: "1 // 0"}')
    assert view["error"]["kind"] == "ExprError" and view["error"]["station"] == "flow.children[0]"
    assert (view["error"]["line"], view["request"]["kind"]) == (line + 1, "error")
    assert {"name": "turn_total", "per_player": False, "values": ["0"]} in view["table"]["variables"]
    assert [e["where"] for e in view["log"]] == ["step start_turn"]
