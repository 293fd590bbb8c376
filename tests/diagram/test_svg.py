"""The SVG: well-formed XML, every step's id as text, nothing outside the file, model text escaped,
and the webview fragment's classes and data attributes."""

import xml.etree.ElementTree as ET

import pytest

from tabletwin.diagram import layout, to_svg
from tabletwin.modelfile import load_yaml
from tabletwin.validate.walk import nodes

from .models import MODELS, text

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(NS + "text")]


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_every_step_id_is_text_of_a_well_formed_standalone_svg(path):
    source = path.read_text(encoding="utf-8")
    root = parse(to_svg(layout(source)))
    assert root.tag == NS + "svg" and root.find(NS + "style") is not None
    shown = set(texts(root))
    for node, _path in nodes(load_yaml(source).data):
        if node.get("kind") == "step":
            assert node["id"] in shown, node["id"]


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_nothing_outside_the_file_and_no_scripts(path):
    svg = to_svg(layout(path.read_text(encoding="utf-8")))
    root = parse(svg)
    tags = {e.tag.removeprefix(NS) for e in root.iter()}
    assert tags <= {"svg", "title", "style", "rect", "g", "text", "path", "polygon"}, tags
    for element in root.iter():
        for name in element.attrib:
            assert "href" not in name and not name.startswith("on"), (element.tag, name)
    assert "url(" not in svg and "@import" not in svg
    assert svg.count("http://") == 1  # the SVG namespace only


HOSTILE = """
game: "<script>alert('x')</script> & co"
flow:
  id: "<script>alert(1)</script>"
  kind: sequence
  note: "a & b < c > d \\" ' \\x01 end"
  children:
    - {id: "&amp; step", kind: step, actor_x: "a<b", do: ["<b>bold</b>"]}
    - id: fork
      kind: branch
      cases: [{when_x: "x < 1 and y > 2 & z", children: []}]
    - {id: away, kind: subflow, ref: "a\\"&<b"}
actions:
  "<b>bold</b>": {pre_x: "a < b & c", effect: []}
flows:
  "a\\"&<b": {id: odd, kind: step, do: ["<b>bold</b>"]}
open_questions:
  - {id: "q<1>", about: "flow", question: "Is <this> & that \\"quoted\\"?"}
"""


def test_hostile_text_is_escaped_and_reads_back_whole():
    svg = to_svg(layout(HOSTILE))
    root = parse(svg)
    assert "<script" not in svg and "<b>" not in svg
    assert not any(e.tag == NS + "script" for e in root.iter())
    shown = texts(root)
    assert "<script>alert(1)</script>" in shown
    assert "&amp; step" in shown
    assert "• <b>bold</b> — pre: a < b & c" in shown
    assert "who: a<b" in shown
    assert any(t.startswith("note: a & b < c > d \" ' \ufffd end") for t in shown)
    assert any("when x < 1 and y > 2 & z" in t for t in shown)
    titles = ["".join(e.itertext()) for e in root.iter(NS + "title")]
    assert titles[0] == "<script>alert('x')</script> & co"
    assert any("open question q<1> (open): Is <this> & that \"quoted\"?" in t for t in titles)
    stations = [e for e in root.iter(NS + "g") if "tt-station" in e.get("class", "").split()]
    assert stations[0].get("data-station") == "flow"
    assert 'flows.a"&<b' in [e.get("data-station") for e in stations]
    assert "subflow → flows.a\"&<b" in shown


def test_a_cut_text_keeps_the_whole_text_in_a_title():
    long_note = "word " * 40
    source = "flow: {id: s, kind: step, do: a, note: %s}\nactions: {a: {effect: []}}\n" % long_note.strip()
    root = parse(to_svg(layout(source)))
    groups = [g for g in root.iter(NS + "g") if g.find(NS + "title") is not None and g.find(NS + "text") is not None
              and len(list(g)) == 2]
    cut = [g for g in groups if "".join(g.find(NS + "text").itertext()).startswith("note: word")]
    assert len(cut) == 1
    assert "".join(cut[0].find(NS + "title").itertext()) == "note: " + long_note.strip()
    assert "".join(cut[0].find(NS + "text").itertext()).endswith("…")


def test_the_fragment_has_classes_and_data_attributes_but_no_style():
    diagram = layout(text("pig"))
    root = parse(to_svg(diagram, standalone=False, highlight="flow.children[1].children[0]"))
    assert root.find(NS + "style") is None
    assert not any("tt-background" in e.get("class", "") for e in root.iter())
    stations = {e.get("data-station"): e for e in root.iter(NS + "g") if "tt-station" in e.get("class", "").split()}
    assert set(stations) == {s.id for s in diagram.stations}
    for station in diagram.stations:
        element = stations[station.id]
        assert element.get("data-line") == str(station.line) and element.get("data-column") == str(station.column)
        assert element.get("tabindex") == "0"
    assert stations["flow.children[1].children[0]"].get("class") == "tt-station tt-kind-step tt-current"
    assert [k for k, e in stations.items() if "tt-current" in e.get("class")] == ["flow.children[1].children[0]"]
    chips = {e.get("class") for e in stations["flow.children[1].children[0]"].iter(NS + "g")}
    assert {"tt-marker tt-marker-choice", "tt-marker tt-marker-chance"} <= chips
    tracks = {e.get("class") for e in root.iter(NS + "path")}
    assert {"tt-track tt-track-next", "tt-track tt-track-return", "tt-track tt-track-end"} <= tracks
