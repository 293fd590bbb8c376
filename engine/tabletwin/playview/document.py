"""The view: one JSON document of a session as one viewer sees it (the Player draws only this).

Every text is masked here, for the viewer, from the unmasked record (:mod:`.record`) and state:
see :mod:`.sight` for the rules. Lines and columns are 1-based; a station is the model path of
a flow node, as the Diagram names its stations.
"""

from __future__ import annotations

from ..expr import to_text
from ..game.labels import label
from ..modelfile import format_path
from .boards import board_view
from .sight import BACK, pile_name, sees, sees_pile, seen_by


def position(model, path) -> tuple[int | None, int | None]:
    """1-based line and column of a model path (or of its nearest written ancestor)."""
    if path is None:
        return None, None
    positions = model.positions
    span = positions.span(tuple(path)) or positions.nearest(tuple(path))[1]
    return span.line + 1, span.column + 1


def station_id(path) -> str | None:
    return format_path(path) if path else None


def masked_options(entry_kind, player, options, option_piles, visible_to, viewer, model) -> list[str]:
    """The options as ``viewer`` may see them."""
    if viewer is None:
        return list(options)
    if entry_kind == "decision":
        return list(options) if viewer == player else [BACK] * len(options)
    if not sees(viewer, visible_to):
        return [BACK] * len(options)
    return [BACK if any(not _sees(model, viewer, pile) for pile in piles) else text
            for text, piles in zip(options, option_piles)]


def _sees(model, viewer, pile) -> bool:
    zone, owner = pile
    return sees_pile(viewer, model.zones[zone].visibility, owner)


def entry_view(entry, viewer, model, seats: int) -> dict:
    chooser = entry.player if entry.kind == "decision" else None
    line, column = position(model, entry.place)
    answer = entry.label if sees(viewer, entry.visible_to, chooser) else BACK
    options = masked_options(entry.kind, entry.player, entry.options, entry.option_piles, entry.visible_to,
                             viewer, model)
    if entry.automatic and answer != BACK:
        options = [answer]  # the only option is the answer
    return {
        "index": entry.index, "kind": entry.kind, "player": entry.player, "where": entry.where,
        "station": station_id(entry.station), "line": line, "column": column,
        "options": options, "answer": answer, "seen_by": seen_by(entry.visible_to, seats, chooser),
        "automatic": entry.automatic, "by_hand": entry.by_hand,
        "changes": {
            "variables": [{"name": name, "seat": seat, "before": before, "after": after}
                          for name, seat, before, after in entry.variables],
            "moves": [_move_view(move, viewer, model) for move in entry.moves],
            "events": list(entry.events),
            "seen": [_seen_view(item, viewer, seats) for item in entry.seen],
        },
    }


def _move_view(move, viewer, model) -> dict:
    shown = (move.drawn_visible_to is not None and sees(viewer, move.drawn_visible_to)) or any(
        pile is not None and _sees(model, viewer, pile) for pile in (move.source, move.target))
    return {"card": move.label if shown else BACK,
            "from": pile_name(*move.source) if move.source is not None else None,
            "to": pile_name(*move.target) if move.target is not None else None}


def _seen_view(observation, viewer, seats: int) -> dict:
    shown = sees(viewer, observation.visible_to)
    return {"kind": observation.kind, "where": observation.where, "player": observation.player,
            "text": observation.label if shown else BACK,
            "seen_by": seen_by(observation.visible_to, seats)}


def table_view(model, state, viewer) -> dict:
    zones = []
    for name, zone in state.zones.items():
        decl = model.zones[name]
        for pile in (zone if decl.per_player else [zone]):
            shown = sees_pile(viewer, decl.visibility, pile.owner)
            zones.append({"name": name, "owner": pile.owner, "visibility": decl.visibility,
                          "cards": [label(card) if shown else BACK for card in pile]})
    seats = len(state.players)
    variables = []
    for name, value in state.variables.items():
        decl = model.variables.get(name)
        per_player = bool(decl is not None and decl.per_player and isinstance(value, list) and len(value) == seats)
        values = [to_text(v) for v in value] if per_player else [to_text(value)]
        variables.append({"name": name, "per_player": per_player, "values": values})
    return {"zones": zones, "variables": variables, "board": board_view(model, state, viewer)}


def request_view(session, viewer) -> dict | None:
    """The current request: a question, the end, or the error that stopped the game."""
    model = session.model
    index = session.request_index
    if session.error is not None:
        error = session.error_view()
        return {"index": index, "kind": "error", "player": None, "where": None, "station": error["station"],
                "line": error["line"], "column": error["column"], "options": [], "probabilities": None,
                "by_hand": False}
    request = session.request
    if request is None:
        return None
    if request.kind == "end":
        return {"index": index, "kind": "end", "player": None, "where": None, "station": None, "line": None,
                "column": None, "options": [], "probabilities": None, "by_hand": False}
    place, station, piles = session.request_place
    line, column = position(model, place)
    options = masked_options(request.kind, request.player, request.options, piles, request.visible_to, viewer,
                             model)
    return {"index": index, "kind": request.kind, "player": request.player, "where": request.where,
            "station": station_id(station), "line": line, "column": column, "options": options,
            "probabilities": None if request.probabilities is None else list(request.probabilities),
            "by_hand": session.by_hand(request),
            "seen_by": seen_by(request.visible_to, model.num_players,
                               request.player if request.kind == "decision" else None)}


MAX_LOG_ENTRIES = 1_000
"""Log entries a view carries: the latest ones (a game cut at 5,000 requests would be megabytes)."""


def build_view(session, viewer) -> dict:
    model = session.model
    state = session.game.state if session.game is not None else None
    entries = session.recorder.entries
    shown = entries[-MAX_LOG_ENTRIES:]
    return {
        "seed": session.seed, "players": list(session.specs), "view_as": viewer, "seats": model.num_players,
        "request": request_view(session, viewer),
        "log": [entry_view(entry, viewer, model, model.num_players) for entry in shown],
        "log_omitted": len(entries) - len(shown),
        "table": table_view(model, state, viewer) if state is not None else None,
        "end": session.end_view(),
        "error": session.error_view() if session.error is not None else None,
    }
