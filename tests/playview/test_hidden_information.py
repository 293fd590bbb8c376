"""Viewed as seat k, the Player's document holds no card label that k could not see: for every
example, games with random players, checked at every request against what the engine's state and
observations say k could see."""

from __future__ import annotations

import pytest

from tabletwin.model import load_model
from tabletwin.playview import SPECTATOR, PlaySession

from ..conftest import ROOT
from .leaks import Knowledge, leaks

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
SEEDS = range(3)
WITH_SECRETS = {"kuhn_poker.yaml", "high_card_rummy.yaml", "spell_duel.yaml"}
MAX_CHECKED = 400  # requests checked per game: enough for every example's games to end


def _model(path):
    return load_model(path.read_text(encoding="utf-8"), filename=str(path))


def _play_and_check(model, seed: int):
    """Play one game; check each seat's view at every request. Returns each seat's secrets seen."""
    seats = range(model.num_players)
    session = PlaySession(model, ["random"], seed=seed)
    knowledge = [Knowledge(seat) for seat in seats]
    secrets = [set() for _ in seats]
    steps = 0
    while True:
        for seat in seats:
            known = knowledge[seat]
            known.update(session.game)
            secret = known.secret
            secrets[seat] |= secret
            found = leaks(session.view(seat), secret)
            assert not found, f"seed {seed}, request {session.request_index}, seat {seat} sees {found[:3]}"
        if not session.waiting or steps >= MAX_CHECKED:
            break
        request = session.request
        session.advance("one")
        steps += 1
        for seat in seats:
            knowledge[seat].update(session.game, request)
    return session, secrets


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_no_seat_sees_what_it_could_not(path):
    model = _model(path)
    for seed in SEEDS:
        session, secrets = _play_and_check(model, seed)
        assert session.error is None, session.error
        if path.name in WITH_SECRETS:
            # The check had something to find, and the unmasked view does show it.
            assert all(secrets), f"seed {seed}: some seat had no secret to keep"
            everyone = session.view(None)
            assert leaks(everyone, set().union(*secrets))


def test_the_examples_with_hidden_cards_are_all_there():
    assert WITH_SECRETS <= {p.name for p in EXAMPLES}


def test_a_spectator_sees_no_hand():
    model = _model(ROOT / "examples" / "high_card_rummy.yaml")
    session = PlaySession(model, ["random"], seed=1, view_as=SPECTATOR)
    session.advance("end")
    view = session.view()
    hands = [z for z in view["table"]["zones"] if z["name"] in ("hand", "deck")]
    assert hands and all(set(z["cards"]) <= {"?"} for z in hands)
    assert all(move["card"] == "?" for entry in view["log"] for move in entry["changes"]["moves"]
               if move["to"] and move["to"].startswith("hand"))
