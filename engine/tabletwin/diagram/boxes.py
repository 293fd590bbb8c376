"""Station boxes: the rows of text a station shows, cut to fit, its marker chips, and its size."""

from __future__ import annotations

from .stations import Chip, Row, Station
from .text import CHAR_W, SMALL_CHAR_W, columns, fit

PAD = 8
TITLE_H = 19
LINE_H = 16
CHIP_H = 15
CHIP_GAP = 4

MIN_COLS = 24
"""Narrowest station text, in columns."""

MAX_COLS = 52
"""Widest station text, in columns: longer lines are cut with an ellipsis (whole in the tooltip)."""

MAX_TITLE_COLS = 60
"""A station widens up to this for its id, so every id is shown whole unless it is longer."""

MAX_ROWS = 6
"""At most this many actions (and as many gaps, questions, marks) are listed in a station; the
rest is counted in one more row and listed in the tooltip."""

def _capped(kind: str, texts: list[str], what: str) -> list[tuple[str, str]]:
    rows = [(kind, t) for t in texts[:MAX_ROWS]]
    if len(texts) > MAX_ROWS:
        rest = texts[MAX_ROWS:]
        rows.append((kind, f"… and {len(rest)} more {what}: " + "; ".join(rest)))
    return rows


def _content_rows(station: Station) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    if station.label != station.name:  # the node's display name, under its id
        rows.append(("label", station.label))
    if station.kind == "step":
        rows.append(("who", f"who: {station.who}" if station.who is not None else "who: no one (automatic)"))
    elif station.who is not None:
        rows.append(("who", f"who: {station.who}"))
    actions = [f"• {a['name']}" + (f" — pre: {a['pre']}" if a["pre"] is not None else "") for a in station.actions]
    rows += _capped("action", actions, "actions")
    rows += [("detail", d) for d in station.detail]
    return rows


def _note_rows(station: Station) -> list[tuple[str, str]]:
    rows = _capped("mark", station.marks, "marks")
    rows += _capped("gap", [f"gap: {g['message']}" for g in station.gaps], "gaps")
    rows += _capped("question", [f"? {q['id']} ({q['status']}): {q['question']}" for q in station.questions],
                    "questions")
    return rows


def size_station(station: Station) -> None:
    """Choose the station's width and height and lay out its rows and chips."""
    body = _content_rows(station)
    notes = _note_rows(station)
    natural = max([columns(text) for _, text in body + notes] + [MIN_COLS])
    cols = min(natural, MAX_COLS)
    cols = max(cols, min(columns(station.name) + 1 + columns(station.kind), MAX_TITLE_COLS))
    inner = cols * CHAR_W
    station.w = round(inner + 2 * PAD, 1)
    title_cols = cols - 1 - columns(station.kind)
    y = PAD + 13
    station.rows = [Row("title", fit(station.name, title_cols), station.name, y)]
    y += TITLE_H - 13
    for kind, text in body:
        y += LINE_H
        station.rows.append(Row(kind, fit(text, cols), text, y))
    station.chips = []
    if station.markers:
        x, top = 0.0, y + 5
        for name in station.markers:
            chip_w = len(name) * SMALL_CHAR_W + 10
            if x > 0 and x + chip_w > inner:
                x, top = 0.0, top + CHIP_H + CHIP_GAP
            station.chips.append(Chip(name, PAD + x, top, chip_w))
            x += chip_w + CHIP_GAP
        y = top + CHIP_H
    for kind, text in notes:
        y += LINE_H
        station.rows.append(Row(kind, fit(text, cols), text, y))
    station.h = round(y + PAD + 3, 1)
