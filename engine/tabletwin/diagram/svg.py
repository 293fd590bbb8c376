"""``to_svg``: the laid-out diagram as SVG text.

Standalone (``tabletwin diagram --svg``): its own ``<style>`` with fixed light colours, a white
background; no scripts, no links, nothing outside the file. Fragment (the editor's webview): the
same drawing without ``<style>`` or background, coloured by the webview's stylesheet through these
classes:

==========================  ==========================================================
class                       on
==========================  ==========================================================
``tt-diagram``              the ``<svg>``
``tt-station``              each station's ``<g>`` (with ``data-station``, ``data-line``,
                            ``data-column``, ``tabindex``), plus ``tt-kind-<kind>``,
                            ``tt-current`` for the highlighted one
``tt-box``                  a station's rectangle
``tt-title``, ``tt-kind``   its id, its kind
``tt-row tt-row-<kind>``    its lines: ``label``, ``who``, ``action``, ``detail``, ``mark``,
                            ``gap``, ``question``
``tt-marker-<name>``        a marker chip (``choice``, ``chance``, ``hidden``, ...)
``tt-track tt-track-<kind>`` a track (``next``, ``fork``, ``join``, ``return``, ``exit``,
                            ``call``, ``end``); ``tt-arrow`` its arrowhead
``tt-plate tt-plate-<kind>`` text on a track (``return``, ``when``, ``end``)
``tt-header``, ``tt-notes`` the title and legend; the box of loose gaps and questions
==========================  ==========================================================

All model text is escaped; a text cut to fit its box keeps the whole text in a ``<title>``.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from ..validate.tree import MARKERS
from .boxes import PAD
from .layout import MARGIN
from .shapes import Diagram, Plate, Rail
from .stations import Row, Station
from .text import CHAR_W, FONT_SIZE, PLAIN_FONTS, SMALL_SIZE, fit, width, xml_safe

STYLE = """
.tt-background { fill: #ffffff; }
.tt-diagram text { fill: #1a202c; }
.tt-header .tt-heading { font-weight: bold; }
.tt-header .tt-legend-label { fill: #4a5568; }
.tt-box { fill: #f7fafc; stroke: #2d3748; stroke-width: 1.5; }
.tt-kind-step .tt-box { fill: #ffffff; stroke: #2d3748; }
.tt-kind-loop .tt-box { fill: #ebf8ff; stroke: #2b6cb0; }
.tt-kind-branch .tt-box { fill: #fffaf0; stroke: #c05621; }
.tt-kind-subflow .tt-box { fill: #faf5ff; stroke: #6b46c1; }
.tt-kind-sequence .tt-box { fill: #f7fafc; stroke: #718096; }
.tt-kind-end .tt-box { fill: #fff5f5; stroke: #c53030; }
.tt-current .tt-box { stroke: #d69e2e; stroke-width: 3.5; }
.tt-station:focus { outline: none; }
.tt-station:focus .tt-box { stroke: #d69e2e; stroke-width: 3; }
.tt-title { font-weight: bold; }
.tt-diagram .tt-kind { fill: #718096; }
.tt-diagram .tt-row-who { fill: #2d3748; }
.tt-diagram .tt-row-label { fill: #2d3748; font-style: italic; }
.tt-diagram .tt-row-detail { fill: #4a5568; }
.tt-diagram .tt-row-mark { fill: #2c5282; }
.tt-diagram .tt-row-gap { fill: #c53030; }
.tt-diagram .tt-row-question { fill: #6b46c1; }
.tt-track { fill: none; stroke: #4a5568; stroke-width: 2.5; stroke-linejoin: round; }
.tt-track-return, .tt-track-exit { stroke: #2b6cb0; }
.tt-track-call { stroke: #6b46c1; stroke-width: 1.8; }
.tt-track-end { stroke: #c53030; stroke-width: 1.5; }
.tt-arrow { fill: #4a5568; stroke: none; }
.tt-arrow.tt-track-return { fill: #2b6cb0; }
.tt-arrow.tt-track-call { fill: #6b46c1; }
.tt-arrow.tt-track-end { fill: #c53030; }
.tt-plate rect { fill: #fffaf0; stroke: #c05621; stroke-width: 1.2; }
.tt-diagram .tt-plate-when text { fill: #9c4221; }
.tt-diagram .tt-plate-return text { fill: #2b6cb0; }
.tt-diagram .tt-plate-end text { fill: #c53030; }
.tt-marker rect { stroke: none; }
.tt-diagram .tt-marker text { fill: #ffffff; }
.tt-marker-choice rect { fill: #3182ce; }
.tt-marker-chance rect { fill: #d69e2e; }
.tt-marker-skill rect { fill: #38a169; }
.tt-marker-hidden rect { fill: #4a5568; }
.tt-marker-window rect { fill: #805ad5; }
.tt-marker-trigger rect { fill: #dd6b20; }
.tt-marker-language rect { fill: #319795; }
.tt-marker-persistent rect { fill: #b7791f; }
.tt-marker-code rect { fill: #e53e3e; }
.tt-notes .tt-box { fill: #fffff0; stroke: #b7791f; }
"""

_CLASS_UNSAFE = re.compile(r"[^a-z0-9_-]")


def _cls(name: str) -> str:
    return _CLASS_UNSAFE.sub("", str(name).lower()) or "other"


def _esc(text) -> str:
    return escape(xml_safe(str(text)))


def _attr(text) -> str:
    return escape(xml_safe(str(text)), {'"': "&quot;", "\n": "&#10;"})


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, row: Row, css: str, extra: str = "") -> str:
    text = f'<text class="{css}" x="{_n(x)}" y="{_n(y)}"{extra}>{_esc(row.shown)}</text>'
    if row.shown != row.full:
        return f"<g><title>{_esc(row.full)}</title>{text}</g>"
    return text


def _tooltip(station: Station) -> str:
    lines = [f"{station.name} ({station.kind})" + (f": {station.label}" if station.label != station.name else ""),
             f"station {station.id}"]
    if station.who is not None:
        lines.append(f"who: {station.who}")
    for action in station.actions:
        lines.append(f"action {action['name']}" + (f", pre: {action['pre']}" if action["pre"] is not None else ""))
    lines += station.detail
    if station.markers:
        lines.append("markers: " + ", ".join(station.markers))
    lines += station.marks
    lines += [f"gap ({g['kind']}): {g['message']}" for g in station.gaps]
    for q in station.questions:
        lines.append(f"open question {q['id']} ({q['status']}): {q['question']}"
                     + (f" Answer: {q['answer']}" if q["answer"] else ""))
    if station.line is not None:
        lines.append(f"line {station.line}, column {station.column}")
    return "\n".join(lines)


def _station(station: Station, current: bool) -> str:
    classes = f"tt-station tt-kind-{_cls(station.kind)}" + (" tt-current" if current else "")
    where = ""
    if station.line is not None:
        where = f' data-line="{station.line}" data-column="{station.column}"'
    parts = [f'<g class="{classes}" data-station="{_attr(station.id)}"{where} tabindex="0" '
             f'transform="translate({_n(station.x)},{_n(station.y)})">',
             f"<title>{_esc(_tooltip(station))}</title>",
             f'<rect class="tt-box" width="{_n(station.w)}" height="{_n(station.h)}" rx="6"/>']
    for row in station.rows:
        if row.kind == "title":
            parts.append(_text(PAD, row.y, row, "tt-title", ' font-weight="bold"'))
            parts.append(f'<text class="tt-kind" x="{_n(station.w - PAD)}" y="{_n(row.y)}" '
                         f'text-anchor="end">{_esc(station.kind)}</text>')
        else:
            parts.append(_text(PAD, row.y, row, f"tt-row tt-row-{_cls(row.kind)}"))
    for chip in station.chips:
        parts.append(f'<g class="tt-marker tt-marker-{_cls(chip.name)}"><rect x="{_n(chip.x)}" y="{_n(chip.y)}" '
                     f'width="{_n(chip.w)}" height="15" rx="7"/><text x="{_n(chip.x + 5)}" y="{_n(chip.y + 11)}" '
                     f'font-size="{SMALL_SIZE}">{_esc(chip.name)}</text></g>')
    parts.append("</g>")
    return "".join(parts)


def _rail(rail: Rail) -> list[str]:
    d = "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in rail.points)
    dash = ' stroke-dasharray="6 4"' if rail.dashed else ""
    parts = [f'<path class="tt-track tt-track-{_cls(rail.kind)}" d="{d}" fill="none"{dash}/>']
    if rail.arrow and len(rail.points) >= 2:
        (x1, y1), (x2, y2) = rail.points[-2], rail.points[-1]
        length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-9)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        bx, by = x2 - 8 * ux, y2 - 8 * uy
        points = [(x2, y2), (bx - 4.5 * uy, by + 4.5 * ux), (bx + 4.5 * uy, by - 4.5 * ux)]
        parts.append(f'<polygon class="tt-arrow tt-track-{_cls(rail.kind)}" '
                     f'points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in points)}"/>')
    return parts


def _plate(plate: Plate) -> str:
    text_w = width(plate.shown)
    title = f"<title>{_esc(plate.full)}</title>"
    box = ""
    if plate.boxed:
        box = (f'<rect x="{_n(plate.x)}" y="{_n(plate.y - 9)}" width="{_n(text_w + 10)}" height="18" rx="4"/>')
    return (f'<g class="tt-plate tt-plate-{_cls(plate.kind)}">{title}{box}<text x="{_n(plate.x + 5)}" '
            f'y="{_n(plate.y + 4)}">{_esc(plate.shown)}</text></g>')


def _header(diagram: Diagram) -> str:
    cols = int((diagram.width - 2 * MARGIN) / CHAR_W)
    heading = f"{diagram.title}: the flow as a track"
    parts = ['<g class="tt-header">',
             _text(MARGIN, 24, Row("title", fit(heading, cols), heading), "tt-heading", ' font-weight="bold"')]
    used = [m for m in MARKERS if any(m in s.markers for s in diagram.stations)]
    if used:
        parts.append(f'<text class="tt-legend-label" x="{MARGIN}" y="45">markers:</text>')
        x = MARGIN + width("markers: ")
        for name in used:
            chip_w = len(name) * 6.1 + 10
            if x + chip_w > diagram.width - MARGIN:
                break
            parts.append(f'<g class="tt-marker tt-marker-{_cls(name)}"><rect x="{_n(x)}" y="34" width="{_n(chip_w)}" '
                         f'height="15" rx="7"/><text x="{_n(x + 5)}" y="45" font-size="{SMALL_SIZE}">{name}</text></g>')
            x += chip_w + 4
    rows = [row.kind for s in diagram.stations for row in s.rows] + [row.kind for row in diagram.notes_rows]
    x = max(x + 12, MARGIN + width("markers: ")) if used else MARGIN
    for kind, words in (("gap", "gap: what the engine still misses"), ("question", "? open question")):
        if kind in rows and x + width(words) <= diagram.width - MARGIN:
            parts.append(f'<text class="tt-row tt-row-{kind}" x="{_n(x)}" y="45">{words}</text>')
            x += width(words) + 16
    parts.append("</g>")
    return "".join(parts)


def _notes(diagram: Diagram) -> str:
    if diagram.notes_box is None:
        return ""
    x, y, w, h = diagram.notes_box
    parts = [f'<g class="tt-notes" transform="translate({_n(x)},{_n(y)})">',
             f'<rect class="tt-box" width="{_n(w)}" height="{_n(h)}" rx="6"/>']
    for row in diagram.notes_rows:
        if row.kind == "title":
            parts.append(_text(PAD, row.y, row, "tt-title", ' font-weight="bold"'))
        else:
            parts.append(_text(PAD, row.y, row, f"tt-row tt-row-{_cls(row.kind)}"))
    parts.append("</g>")
    return "".join(parts)


def to_svg(diagram: Diagram, *, standalone: bool = True, highlight=None) -> str:
    """The diagram as SVG text; ``highlight``: a station id (or several) to mark as current."""
    if isinstance(highlight, str):
        highlight = {highlight}
    current = set(highlight or ())
    w, h = _n(diagram.width), _n(diagram.height)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tt-diagram" width="{w}" height="{h}" '
             f'viewBox="0 0 {w} {h}" font-family="{PLAIN_FONTS}" font-size="{FONT_SIZE}">',
             f"<title>{_esc(diagram.title)}</title>"]
    if standalone:
        parts.append(f"<style>{STYLE}</style>")
        parts.append(f'<rect class="tt-background" width="{w}" height="{h}"/>')
    parts.append(_header(diagram))
    parts.append('<g class="tt-tracks">')
    for rail in diagram.rails:
        parts += _rail(rail)
    for plate in diagram.plates:
        parts.append(_plate(plate))
    parts.append("</g>")
    parts.append('<g class="tt-stations">')
    parts += [_station(s, s.id in current) for s in diagram.stations]
    parts.append("</g>")
    parts.append(_notes(diagram))
    parts.append("</svg>")
    return "\n".join(p for p in parts if p) + "\n"
