"""The log as lines of text, for the terminal: one line per question or automatic choice, then
indented lines for what followed. It reads log entries of the view (already masked), so the
narration never says more than its viewer saw."""

from __future__ import annotations

from .sight import BACK


SHOWN_BACKS = 3
"""Hidden options written out as ``? | ? | ?``; more are counted (``27 × ?``): a hidden deck."""


def _options(options: list[str]) -> str:
    if len(options) > SHOWN_BACKS and all(option == BACK for option in options):
        return f"{len(options)} × {BACK}"
    return " | ".join(options)


def _who(entry) -> str:
    return "chance" if entry["kind"] == "chance" else f"player {entry['player']}"


def _seen_by(seats: list[int]) -> str:
    if not seats:
        return "seen by nobody"
    return "seen by player " + ", ".join(str(s) for s in seats) if len(seats) == 1 else \
        "seen by players " + ", ".join(str(s) for s in seats)


def entry_lines(entry) -> list[str]:
    """The lines of one log entry of the view."""
    if entry["automatic"]:
        lines = [f"  automatic: {entry['where']} → {entry['answer']}"]
    else:
        line = f"{entry['where']} · {_who(entry)}: {_options(entry['options'])} → {entry['answer']}"
        if entry["answer"] == BACK:
            line += f" ({_seen_by(entry['seen_by'])})"
        lines = [line]
    changes = entry["changes"]
    for move in changes["moves"]:
        source = move["from"] or "(new)"
        target = move["to"] or "(removed)"
        lines.append(f"  card {move['card']}: {source} → {target}")
    for item in changes["seen"]:
        text = item["text"] if item["text"] != BACK else f"? ({_seen_by(item['seen_by'])})"
        lines.append(f"  {item['kind']}: {item['where']} → {text}")
    for change in changes["variables"]:
        name = change["name"] if change["seat"] is None else f"{change['name']}[{change['seat']}]"
        lines.append(f"  {name}: {change['before']} → {change['after']}")
    if changes["events"]:
        lines.append(f"  events: {', '.join(changes['events'])}")
    return lines
