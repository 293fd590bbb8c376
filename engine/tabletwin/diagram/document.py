"""``to_json``: the diagram as plain data, for the editor and ``tabletwin diagram --json``."""

from __future__ import annotations

from .shapes import Diagram


def to_json(diagram: Diagram) -> dict:
    stations = [{"id": s.id, "kind": s.kind, "label": s.label, "who": s.who, "actions": s.actions,
                 "markers": s.markers, "marks": s.marks, "detail": s.detail, "gaps": s.gaps,
                 "questions": s.questions, "line": s.line, "column": s.column,
                 "x": s.x, "y": s.y, "w": s.w, "h": s.h} for s in diagram.stations]
    tracks = [{"from": t.source, "to": t.target, "kind": t.kind, "label": t.label} for t in diagram.tracks]
    return {"title": diagram.title, "width": diagram.width, "height": diagram.height, "stations": stations,
            "tracks": tracks, "elsewhere": {"gaps": diagram.loose_gaps, "questions": diagram.loose_questions}}
