"""``tabletwin diagram`` on hostile models: deep, wide, long and nasty text, within the bar."""

import xml.etree.ElementTree as ET

from tabletwin.diagram.boxes import MAX_TITLE_COLS

from .bounded import run_cli

NS = "{http://www.w3.org/2000/svg}"


def drawn(tmp_path, model: str):
    target = tmp_path / "out.svg"
    outcome = run_cli(["diagram", "-", "--svg", str(target)], stdin=model)
    outcome.within_bar()
    assert (outcome.status, outcome.stdout, outcome.stderr) == (0, "", "")
    return ET.parse(target).getroot()


def stations(root) -> list:
    return [g for g in root.iter(NS + "g") if "tt-station" in g.get("class", "").split()]


def test_loops_nested_as_deep_as_yaml_allows(tmp_path):
    depth = 95  # two YAML levels a loop; the loader stops at 200
    model = "flow: " + "".join(f"{{id: l{i}, kind: loop, children: [" for i in range(depth)) + \
        "{id: s, kind: step, do: a}" + "]}" * depth + "\nactions: {a: {}}\n"
    root = drawn(tmp_path, model)
    assert len(stations(root)) == depth + 1


def test_a_thousand_steps_and_a_wide_branch(tmp_path):
    steps = ", ".join(f"{{id: s{i}, kind: step, do: a}}" for i in range(1000))
    cases = ", ".join(f"{{when_x: 'x == {i}', children: [{{id: c{i}, kind: step, do: a}}]}}" for i in range(200))
    model = f"flow: {{id: g, kind: sequence, children: [{steps}, {{id: b, kind: branch, cases: [{cases}]}}]}}\n" \
            "actions: {a: {}}\n"
    root = drawn(tmp_path, model)
    assert len(stations(root)) == 1 + 1000 + 1 + 200


def test_a_huge_id_is_cut_in_the_box_and_whole_in_the_tooltip(tmp_path):
    ident = "x" * 100_000
    root = drawn(tmp_path, f"flow: {{id: {ident}, kind: step, do: a}}\nactions: {{a: {{}}}}\n")
    [station] = stations(root)
    title = station.find(NS + "g")
    assert "".join(title.find(NS + "title").itertext()) == ident
    assert "".join(title.find(NS + "text").itertext()) == "x" * (MAX_TITLE_COLS - 6) + "…"


def test_markup_and_control_characters_stay_text(tmp_path):
    model = 'flow: {id: "<script>x</script>", kind: step, do: "a&b", note: "\\x00\\x07\\x1b]0;t\\x07"}\n' \
            'actions: {"a&b": {pre_x: "1 < 2"}}\n'
    root = drawn(tmp_path, model)
    assert not [e for e in root.iter() if e.tag == NS + "script"]
    texts = ["".join(e.itertext()) for e in root.iter(NS + "text")]
    assert "<script>x</script>" in texts and "• a&b — pre: 1 < 2" in texts
    assert "note: \ufffd\ufffd\ufffd]0;t\ufffd" in texts


def test_text_that_is_not_a_model(tmp_path):
    outcome = run_cli(["diagram", "-", "--json"], stdin="- just\n- a list\n")
    outcome.within_bar()
    assert (outcome.status, outcome.stdout, outcome.stderr) == (
        2, "", "-:1:1: error: this is not a model: the document is a list, not a mapping with 'flow'\n")
