"""``unknown-about``: an open question's ``about`` that is written as a model path naming nothing.

``about`` is a model path (``actions.attack``, ``flow.round``, ``end.won``) or a short topic
(``setup``). Only a dotted value whose first part is a top-level section of the model is read as
a path; anything else is a topic and is left alone.
"""

from __future__ import annotations

from ..editor.symbols import Index
from ..validate.walk import mapping, nodes, sequence
from .finding import lint, suggestions, with_suggestions

#: ``about`` paths into these sections name a flow node or an end condition by its ``id``.
BY_ID = ("flow", "end", "triggers", "open_questions")


def about_findings(index: Index) -> list:
    data = mapping(index.data)
    found = []
    for position, question in enumerate(sequence(data.get("open_questions"))):
        about = mapping(question).get("about")
        if not isinstance(about, str) or "." not in about:
            continue
        parts = about.strip().split(".")
        if parts[0] not in data:
            continue
        missing, known = _missing(data, parts)
        if missing is None:
            continue
        suggested = [".".join(parts[:missing] + [s]) for s in suggestions(parts[missing], known)]
        message = with_suggestions(f"about '{about}': the model has no '{'.'.join(parts[:missing + 1])}'", suggested)
        path = ("open_questions", position, "about")
        found.append(lint("unknown-about", message, index.positions.value_span(path), path, suggestions=suggested))
    return found


def _missing(data: dict, parts: list[str]) -> tuple[int | None, list[str]]:
    """The position of the first part that names nothing, with the names there; ``None`` if all do."""
    head = parts[0]
    if head in BY_ID:
        values = nodes(data) if head == "flow" else ((item, None) for item in sequence(data.get(head)))
        ids = [str(mapping(item).get("id")) for item, _path in values if mapping(item).get("id") is not None]
        return (None, ids) if parts[1] in ids else (1, ids)
    value = data
    for position, part in enumerate(parts):
        if isinstance(value, dict):
            keys = [str(key) for key in value]
            if part not in keys:
                return position, keys
            value = value[next(key for key in value if str(key) == part)]
        elif isinstance(value, list):
            ids = [str(mapping(item).get("id")) for item in value if mapping(item).get("id") is not None]
            if part in ids:
                value = next(item for item in value if str(mapping(item).get("id")) == part)
            elif part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                return position, ids
        else:
            return None, []  # a path into a value: beyond what an about needs to name
    return None, []
