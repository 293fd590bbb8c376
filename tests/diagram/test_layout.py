"""The layout: every flow node is one station, stations never overlap, tracks join stations that
exist, loops and branches carry their conditions, text fits its box; and each station says what
the validator knows about its step (markers, gaps, open questions)."""

import textwrap

import pytest

from tabletwin.diagram import layout
from tabletwin.diagram.blocks import MAX_PLATE_COLS
from tabletwin.diagram.boxes import MAX_COLS, MAX_ROWS, MIN_COLS, PAD
from tabletwin.diagram.layout import END_ROW_W
from tabletwin.diagram.stations import one_line
from tabletwin.diagram.text import CHAR_W, ELLIPSIS, columns
from tabletwin.modelfile import format_path, load_yaml
from tabletwin.validate.walk import nodes, sequence

from .models import MODELS, text

EXTRA = {
    "loops_and_forks": """
        flow:
          id: game
          kind: sequence
          children:
            - id: rounds
              kind: loop
              until: the pot is empty
              until_x: "pot <= 0"
              children:
                - id: pick
                  kind: branch
                  cases:
                    - {when_x: "pot > 5", children: [{id: big, kind: step, do: grab}, {id: after_big, kind: step, do: grab}]}
                    - {when_x: "pot > 2", label: middle, children: []}
                    - {when_x: "True", children: [{id: small, kind: step, do: grab}]}
            - {id: once_each, kind: loop, over_x: players, as: p, once: true, children: [{id: bow, kind: step, do: grab}]}
            - {id: single, kind: loop, once: true, children: [{id: wave, kind: step, do: grab}]}
            - {id: call, kind: subflow, ref: side}
        flows:
          side: {id: side, kind: sequence, children: [{id: hop, kind: step, do: jump}]}
        actions:
          grab: {effect: [{op: add, var: pot, amount: -1}]}
          jump: {effect: [{op: run, flow: side}]}
        state: {vars: {pot: {init: 9}, p: {init: 0}}}
        end:
          - {id: done, if_x: "pot <= 0", result: draw}
          - {id: side_done, if_x: "True", result: draw, scope: side}
    """,
}


def extra(name: str) -> str:
    return textwrap.dedent(EXTRA[name])


ALL = [(p.stem, p.read_text(encoding="utf-8")) for p in MODELS] + [(k, extra(k)) for k in EXTRA]
# the picture in docs/diagram.md: end conditions in rows; "stations" of every kind
ALL.append(("ends_in_rows", "flow: {id: s, kind: step, do: a}\nactions: {a: {}}\nend:\n" + "".join(
    f"  - {{id: end_condition_number_{i}, if_x: 'x > {i}', result: draw}}\n" for i in range(8))))


def end_ids(data) -> list[str]:
    return [f"end.{c['id']}" for c in sequence(data.get("end"))]


@pytest.mark.parametrize("name,source", ALL, ids=[n for n, _ in ALL])
class TestEveryModel:
    def test_every_flow_node_and_end_condition_is_exactly_one_station(self, name, source):
        data = load_yaml(source).data
        diagram = layout(source)
        ids = [s.id for s in diagram.stations]
        expected = [format_path(path) for _, path in nodes(data)] + end_ids(data)
        assert sorted(ids) == sorted(expected)
        assert len(set(ids)) == len(ids)

    def test_stations_never_overlap_and_stay_inside(self, name, source):
        diagram = layout(source)
        boxes = [(s.id, s.x, s.y, s.x + s.w, s.y + s.h) for s in diagram.stations]
        for index, (a, ax1, ay1, ax2, ay2) in enumerate(boxes):
            assert 0 <= ax1 and ax2 <= diagram.width and 0 <= ay1 and ay2 <= diagram.height, a
            for b, bx1, by1, bx2, by2 in boxes[index + 1:]:
                assert ax2 <= bx1 or bx2 <= ax1 or ay2 <= by1 or by2 <= ay1, f"{a} overlaps {b}"

    def test_tracks_connect_existing_stations(self, name, source):
        diagram = layout(source)
        ids = {s.id for s in diagram.stations}
        assert diagram.tracks
        for track in diagram.tracks:
            assert track.source in ids and track.target in ids, track
        for rail in diagram.rails:
            for x, y in rail.points:
                assert 0 <= x <= diagram.width and 0 <= y <= diagram.height, rail
        for plate in diagram.plates:  # text on tracks stays inside the picture too
            assert 0 <= plate.x and plate.x + columns(plate.shown) * CHAR_W + 10 <= diagram.width, plate

    def test_text_on_tracks_covers_no_station_and_no_other_text(self, name, source):
        diagram = layout(source)
        plates = [(p.shown, p.x, p.y - 9, p.x + columns(p.shown) * CHAR_W + 10, p.y + 9) for p in diagram.plates]
        boxes = [(s.id, s.x, s.y, s.x + s.w, s.y + s.h) for s in diagram.stations]
        for index, (text_, x1, y1, x2, y2) in enumerate(plates):
            for other, bx1, by1, bx2, by2 in boxes + plates[index + 1:]:
                assert x2 <= bx1 or bx2 <= x1 or y2 <= by1 or by2 <= y1, f"{text_!r} covers {other!r}"

    def test_text_fits_its_box(self, name, source):
        diagram = layout(source)
        for station in diagram.stations:
            inner = station.w - 2 * PAD
            for row in station.rows:
                assert columns(row.shown) * CHAR_W <= inner + 0.01, (station.id, row)
                assert row.y <= station.h - PAD, (station.id, row)
                assert row.shown == row.full or row.shown.endswith(ELLIPSIS)
            for chip in station.chips:
                assert chip.x + chip.w <= station.w - PAD + 0.01 and chip.y + 15 <= station.h

    def test_loops_carry_their_over_and_until_on_the_return_track(self, name, source):
        data = load_yaml(source).data
        diagram = layout(source)
        for node, path in nodes(data):
            if node.get("kind") != "loop" or (node.get("once") is True and "over_x" not in node):
                continue
            returns = [t for t in diagram.tracks if t.kind == "return" and t.target == format_path(path)]
            assert returns, format_path(path)
            for track in returns:
                if "over_x" in node:
                    assert f"in {one_line(node['over_x'])}" in track.label
                if "until_x" in node:
                    assert f"until {one_line(node['until_x'])}" in track.label

    def test_branches_carry_their_when_on_the_fork_tracks(self, name, source):
        data = load_yaml(source).data
        diagram = layout(source)
        for node, path in nodes(data):
            if node.get("kind") != "branch":
                continue
            labels = {t.label for t in diagram.tracks if t.source == format_path(path)}
            for case in node["cases"]:
                words = f"when {one_line(case['when_x'])}"
                assert any(label and words in label for label in labels), (words, labels)


def station(diagram, sid):
    found = diagram.station(sid)
    assert found is not None, sid
    return found


def test_a_step_shows_who_acts_its_actions_pre_and_markers():
    diagram = layout(text("pig"))
    decide = station(diagram, "flow.children[1].children[0]")
    assert (decide.name, decide.kind, decide.who) == ("decide", "step", "current")
    assert decide.actions == [{"name": "roll", "pre": None}, {"name": "hold", "pre": "turn_total > 0"}]
    assert decide.markers == ["choice", "chance"]
    assert [r.shown for r in decide.rows] == ["decide", "who: current", "• roll", "• hold — pre: turn_total > 0",
                                              "? hold_at_zero (assumed): May a player hold before…"]
    assert decide.questions[0]["id"] == "hold_at_zero"


def test_pig_tracks():
    tracks = [(t.source, t.target, t.kind, t.label) for t in layout(text("pig")).tracks]
    assert tracks == [
        ("flow.children[1]", "flow.children[1].children[0]", "enter", None),
        ("flow.children[1].children[0]", "flow.children[1]", "return", "until turn_over"),
        ("flow", "flow.children[0]", "enter", None),
        ("flow.children[0]", "flow.children[1]", "next", None),
        ("flow.children[1]", "flow", "return", "each current in players"),
        ("flow", "end.reached_goal", "end", "win"),
    ]


def test_forks_otherwise_once_and_calls():
    diagram = layout(extra("loops_and_forks"))
    tracks = {(t.source, t.target, t.kind, t.label) for t in diagram.tracks}
    pick = "flow.children[0].children[0]"
    assert (pick, f"{pick}.cases[0].children[0]", "fork", "when pot > 5") in tracks
    assert (f"{pick}.cases[0].children[0]", f"{pick}.cases[0].children[1]", "next", None) in tracks
    assert (pick, f"{pick}.cases[2].children[0]", "fork", "when True") in tracks
    # the empty middle case goes straight back round the loop, with its when
    assert (pick, "flow.children[0]", "return", "middle: when pot > 2, then until pot <= 0") in tracks
    assert not any(t.label and "otherwise" in t.label for t in diagram.tracks)  # a case is always true
    # once over players still returns (next player); once without over does not
    assert ("flow.children[1].children[0]", "flow.children[1]", "return", "each p in players, once") in tracks
    assert not any(t.kind == "return" and t.target == "flow.children[2]" for t in diagram.tracks)
    assert ("flow.children[2].children[0]", "flow.children[3]", "next", None) in tracks
    assert ("flow.children[3]", "flows.side", "call", "subflow") in tracks
    assert ("flows.side.children[0]", "flows.side", "call", "run") in tracks
    assert ("flows.side", "end.side_done", "end", "draw") in tracks
    assert ("flow", "end.done", "end", "draw") in tracks
    assert station(diagram, "flow.children[3]").marks == ["subflow → flows.side"]
    assert station(diagram, "flows.side.children[0]").marks == ["runs → flows.side"]


def test_a_branch_without_an_always_true_case_has_an_otherwise_track():
    diagram = layout(text("spell_duel"))
    turn = "flow.children[1].children[0]"
    assert ("flow.children[1]", turn, "enter") in {(t.source, t.target, t.kind) for t in diagram.tracks}
    assert any(p.shown == "otherwise: nothing" for p in diagram.plates)
    assert any(p.full == "when current not in eliminated" for p in diagram.plates)


def test_windows_are_marks_on_the_station_that_opens_them_with_what_can_be_played():
    diagram = layout(text("spell_duel"))
    main = station(diagram, "flow.children[1].children[0].cases[0].children[1]")
    assert main.name == "main" and main.marks == ["window duel: cast, counter"]
    # counter is played in that window, so the question about actions.counter is shown there
    assert [q["id"] for q in main.questions] == ["counter_own"]
    assert [q["id"] for q in diagram.loose_questions] == ["ward_vs_fatigue"]
    duel = station(layout(text("duel")), "flow.children[0]")
    assert duel.marks[-1] == "end event fight_over"
    assert duel.marks[0].startswith("window fight")


GAPS = """
flow:
  id: game
  kind: loop
  until: somebody wins
  children:
    - {id: pick, kind: step, do: [walk, run]}
    - id: split
      kind: branch
      cases: [{when: it rains, children: []}]
actions:
  walk: {pre: when rested, effect: []}
  run: {effect: [{op: call, code: sprint}]}
code: {sprint: {kind: algorithm, doc: runs}}
triggers:
  - {id: ouch, event: hit, if: it hurts, do: []}
end:
  - {id: won, if: somebody has ten points, result: win}
open_questions:
  - {id: q_loop, about: flow.game, question: "How long is a game?"}
  - {id: q_split, about: "flow.children[1].cases[0]", question: "What if it snows?", status: open}
  - {id: q_walk, about: actions.walk, question: "Walk twice?", status: answered, answer: "No"}
  - {id: q_end, about: end.won, question: "Ties?"}
  - {id: q_setup, about: setup, question: "Who starts?"}
"""


def test_gaps_and_questions_are_on_their_stations():
    diagram = layout(GAPS)
    loop, pick, split = station(diagram, "flow"), station(diagram, "flow.children[0]"), \
        station(diagram, "flow.children[1]")
    assert [g["message"] for g in loop.gaps] == ["loop game needs until_x"]
    assert [g["message"] for g in pick.gaps] == ["step pick needs actor_x", "action walk needs pre_x",
                                                 "action run: call sprint is code outside the model"]
    assert pick.markers == ["choice", "code"]
    assert [g["message"] for g in split.gaps] == ["branch split: case 1 needs when_x"]
    won = station(diagram, "end.won")
    assert [g["message"] for g in won.gaps] == ["end condition won needs if_x, who_x"]
    assert [g["message"] for g in diagram.loose_gaps] == ["trigger ouch needs if_x"]
    assert [q["id"] for q in loop.questions] == ["q_loop"]
    assert [q["id"] for q in split.questions] == ["q_split"]
    assert [(q["id"], q["status"], q["answer"]) for q in pick.questions] == [("q_walk", "answered", "No")]
    assert [q["id"] for q in won.questions] == ["q_end"]
    assert [q["id"] for q in diagram.loose_questions] == ["q_setup"]
    rows = [r.full for r in pick.rows if r.kind in ("gap", "question")]
    assert rows == ["gap: step pick needs actor_x", "gap: action walk needs pre_x",
                    "gap: action run: call sprint is code outside the model", "? q_walk (answered): Walk twice?"]


def test_long_text_is_cut_with_an_ellipsis_and_kept_whole():
    long_pre = "len(hand[actor]) > 0 and " + " and ".join(f"score[{i}] < 100" for i in range(30))
    source = GAPS.replace("walk: {pre: when rested, effect: []}", f"walk: {{pre_x: \"{long_pre}\", effect: []}}")
    pick = station(layout(source), "flow.children[0]")
    row = next(r for r in pick.rows if r.full.startswith("• walk"))
    assert row.full == f"• walk — pre: {long_pre}"
    assert row.shown.endswith(ELLIPSIS) and columns(row.shown) == MAX_COLS
    assert row.full.startswith(row.shown[:-1])


def test_at_most_max_rows_actions_are_listed():
    names = [f"act{i}" for i in range(MAX_ROWS + 3)]
    source = "flow: {id: s, kind: step, actor_x: 0, do: [%s]}\nactions:\n%s" % (
        ", ".join(names), "".join(f"  {n}: {{effect: []}}\n" for n in names))
    step = station(layout(source), "flow")
    rows = [r for r in step.rows if r.kind == "action"]
    assert len(rows) == MAX_ROWS + 1
    assert rows[-1].full == "… and 3 more actions: " + "; ".join(f"• {n}" for n in names[MAX_ROWS:])


def test_station_positions_are_where_the_node_is_written():
    diagram = layout(text("pig"))
    source = text("pig").splitlines()
    decide = station(diagram, "flow.children[1].children[0]")
    assert "id: decide" in source[decide.line - 1][decide.column - 1:]
    won = station(diagram, "end.reached_goal")
    assert "reached_goal" in source[won.line - 1]


def test_malformed_flow_parts_are_drawn_not_fatal():
    source = """
flow:
  id: game
  kind: wobble
  children: [3, {id: a, kind: step, do: nothing}, {kind: loop, children: notalist}]
  cases: {not: a list}
flows: {broken: 7, sub: {id: sub, kind: branch}}
end: [5, {id: won}, {id: won}]
open_questions: [1, {about: 2}]
"""
    diagram = layout(source)
    ids = [s.id for s in diagram.stations]
    assert ids == ["flow", "flow.children[1]", "flow.children[2]", "flows.sub", "end[0]", "end.won", "end.won~6"]
    assert station(diagram, "flow").kind == "wobble"
    assert station(diagram, "flow.children[2]").name == "flow.children[2]"  # a node without an id


def test_text_on_a_track_is_cut_at_max_plate_cols():
    when = "x == " + " or x == ".join(str(i) for i in range(40))
    source = f'flow: {{id: b, kind: branch, cases: [{{when_x: "{when}", children: []}}]}}\n'
    plate = next(p for p in layout(source).plates if p.kind == "when")
    assert plate.full == f"when {when}"
    assert columns(plate.shown) == MAX_PLATE_COLS and plate.shown.endswith(ELLIPSIS)


def test_a_short_station_is_min_cols_wide():
    step = station(layout("flow: {id: s, kind: step, actor_x: 0, do: a}\nactions: {a: {}}\n"), "flow")
    assert step.w == round(MIN_COLS * CHAR_W + 2 * PAD, 1)


def test_end_stations_wrap_into_rows_of_end_row_w():
    ends = "".join(f"  - {{id: end_condition_number_{i}, if_x: 'x > {i}', result: draw}}\n" for i in range(8))
    diagram = layout(f"flow: {{id: s, kind: step, do: a}}\nactions: {{a: {{}}}}\nend:\n{ends}")
    finals = [s for s in diagram.stations if s.kind == "end"]
    rows = sorted({s.y for s in finals})
    assert len(rows) > 1
    for y in rows:
        row = [s for s in finals if s.y == y]
        assert max(s.x + s.w for s in row) - min(s.x for s in row) <= END_ROW_W


def test_a_node_label_is_shown_under_its_id():
    turn = station(layout(text("pig")), "flow.children[1]")
    assert (turn.name, turn.label) == ("turn", "One turn")
    assert [(r.kind, r.shown) for r in turn.rows[:2]] == [("title", "turn"), ("label", "One turn")]
    assert not any(r.kind == "label" for r in station(layout(text("pig")), "flow").rows)


def test_a_compiled_model_or_a_loaded_document_draws_the_same():
    from tabletwin import load_model

    source = text("spell_duel")
    expected = [(s.id, s.x, s.y, s.line) for s in layout(source).stations]
    assert [(s.id, s.x, s.y, s.line) for s in layout(load_model(source)).stations] == expected
    assert [(s.id, s.x, s.y, s.line) for s in layout(load_yaml(source)).stations] == expected


def test_text_that_is_not_a_model_is_refused_with_its_position():
    from tabletwin.errors import NotAModelError, YamlError

    with pytest.raises(NotAModelError, match="no top-level 'flow'"):
        layout("name: x\n")
    with pytest.raises(YamlError):
        layout("flow: [\n")
