"""Which station a gap or an open question belongs to.

- A gap in a flow node (a loop without ``until_x``, a branch case without ``when_x``) belongs to
  that node's station; a gap in an action to every station that plays the action (its steps, and
  the stations that open a window where it can be played); a gap in an end condition to its
  terminal station. Gaps elsewhere (triggers, content, outcome models, ...) go to the notes.
- An open question's ``about`` is a model path (``actions.attack``, ``end.won``,
  ``flow.children[1]``) or a node by id (``flow.round``, ``flows.delve.rooms``); a question about
  anything else (``setup``, ``content.spells.ward``) goes to the notes.
"""

from __future__ import annotations

from ..validate.walk import mapping, sequence
from .stations import Station
from .text import one_line


def _by_prefix(index: dict, path: tuple) -> Station | None:
    for depth in range(len(path), 0, -1):
        found = index.get(path[:depth])
        if found is not None:
            return found
    return None


def _unique(stations: list[Station]) -> list[Station]:
    return list({id(s): s for s in stations}.values())


class Placer:
    def __init__(self, stations: list[Station], by_action: dict[str, list[Station]], nodes: dict):
        self.by_path = {s.path: s for s in stations}
        self.by_id = {s.id: s for s in stations}
        self.by_action = by_action
        self.by_node_id: dict[str, Station] = {}
        for path, node in nodes.items():
            ident = node.get("id")
            if ident is not None and path in self.by_path:
                self.by_node_id.setdefault(one_line(ident), self.by_path[path])
        self.ends = [s for s in stations if s.kind == "end"]

    def for_path(self, path: tuple) -> list[Station]:
        if not path:
            return []
        head = path[0]
        if head in ("flow", "flows"):
            found = _by_prefix(self.by_path, tuple(path))
            return [found] if found is not None else []
        if head == "actions" and len(path) > 1:
            return _unique(self.by_action.get(str(path[1]), []))
        if head == "end" and len(path) > 1:
            found = self.by_path.get(("end", path[1]))
            return [found] if found is not None else []
        return []

    def for_about(self, about) -> list[Station]:
        if about is None:
            return []
        text = one_line(about).strip()
        found = self._station_prefix(text)
        if found is not None:
            return [found]
        head, _, rest = text.partition(".")
        if head in ("flow", "flows") and rest:
            node = self.by_node_id.get(rest.rsplit(".", 1)[-1])
            return [node] if node is not None else []
        if head == "actions" and rest:
            name = rest.split(".", 1)[0].split("[", 1)[0]
            return _unique(self.by_action.get(name, []))
        if head == "end" and rest:
            return [s for s in self.ends if s.label == rest.split(".", 1)[0]][:1]
        if text.startswith("end[") and text[4:].split("]", 1)[0].isdigit():
            number = int(text[4:].split("]", 1)[0])
            return [s for s in self.ends if s.path == ("end", number)]
        return []

    def _station_prefix(self, text: str) -> Station | None:
        """The station whose id is ``text`` or its longest prefix (``flow.children[1].until``)."""
        best = None
        for sid, station in self.by_id.items():
            if text == sid or (text.startswith(sid) and text[len(sid):len(sid) + 1] in (".", "[")):
                if best is None or len(sid) > len(best.id):
                    best = station
        return best


def place_notes(stations: list[Station], by_action: dict, nodes: dict, gaps, data: dict):
    """Put each gap and open question on its stations; return the ones that belong to none."""
    placer = Placer(stations, by_action, nodes)
    loose_gaps, loose_questions = [], []
    for gap in gaps:
        entry = {"kind": gap.kind, "message": one_line(gap.message)}
        homes = placer.for_path(tuple(gap.path))
        for station in homes:
            station.gaps.append(entry)
        if not homes:
            loose_gaps.append(entry)
    for number, question in enumerate(sequence(data.get("open_questions"))):
        question = mapping(question)
        entry = {"id": one_line(question.get("id", f"open_questions[{number}]")),
                 "question": one_line(question.get("question", "")),
                 "status": one_line(question.get("status", "open")),
                 "about": None if question.get("about") is None else one_line(question["about"]),
                 "answer": None if question.get("answer") is None else one_line(question["answer"])}
        homes = placer.for_about(question.get("about"))
        for station in homes:
            station.questions.append(entry)
        if not homes:
            loose_questions.append(entry)
    return loose_gaps, loose_questions
