"""Names in expressions by category (tabletwin.editor.semantic) and scalar positions (scalarmap)."""

from tabletwin.editor import Snapshot
from tabletwin.editor import semantic
from tabletwin.editor.scalarmap import scalar_map
from tabletwin.editor.semantic import classify, expression_tokens
from tabletwin.errors import Span

from .helpers import arena


def tokens(text: str) -> list[tuple]:
    snap = Snapshot(text)
    return [(t.line, t.column, t.name, t.category) for t in expression_tokens(snap, snap.index)]


def test_a_local_name_hides_a_board_function_and_a_variable_hides_a_builtin():
    text = arena().replace("    current: {init: 0}", "    current: {init: 0}\n    max: {init: 0}")
    text = text.replace('bind: card}', 'bind: cell}').replace("what_x: card", "what_x: cell")
    found = {(name, category) for _line, _column, name, category in tokens(text)}
    assert ("cell", "local") in found and ("cell", "board") in found  # the derived value still sees the board's
    assert classify("max", {}, Snapshot(text).index, True) == "variable"
    assert classify("max", {}, Snapshot(arena()).index, True) == "builtin"


def test_reserved_and_unknown_names():
    index = Snapshot(arena()).index
    assert classify("actor", {"actor": "the acting player"}, index, False) == "reserved"
    assert classify("card", {"card": "bound by choose"}, index, False) == "local"
    assert classify("n_players", {}, index, False) == "reserved"
    assert classify("cell", {}, index, False) == "unknown"  # no boards: not a board function
    assert classify("nothing", {}, None, False) == "unknown"


def test_a_block_scalar_and_a_folded_one():
    text = arena().replace('    leader: "0 if score[0] >= score[1] else 1"',
                           '    leader: >-\n      0 if score[0]\n        >= score[1] else GOAL')
    found = [token for token in tokens(text) if token[0] in (28, 29)]
    assert found == [(28, 11, "score", "variable"), (29, 11, "score", "variable"), (29, 25, "GOAL", "constant")]


def test_a_double_quoted_scalar_over_two_lines_and_an_escape():
    text = arena().replace('    leader: "0 if score[0] >= score[1] else 1"',
                           '    leader: "0 if score[0]\n      >= score[1] else \\"x\\" == GOAL"')
    found = [token for token in tokens(text) if token[0] in (27, 28)]
    # the second line holds an escape: its characters are not the value's, so nothing there is pointed at
    assert found == [(27, 18, "score", "variable")]


def test_scalar_map_of_a_plain_one_line_scalar():
    where = scalar_map(["x: abc"], Span(0, 3, 0, 6), "abc")
    assert (where.at(0), where.at(2), where.at(3)) == ((0, 3), (0, 5), None)
    assert where.span(0, 3) == Span(0, 3, 0, 6)


def test_kept_tokens_are_bounded(monkeypatch):
    monkeypatch.setattr(semantic, "FIELD_CACHE", 3)
    semantic._cache.clear()
    semantic._unit_tokens.clear()
    tokens(arena())
    assert len(semantic._cache) == 3
    semantic._cache.clear()
    semantic._unit_tokens.clear()


def test_an_edit_inside_one_expression_reuses_the_others():
    semantic._cache.clear()
    semantic._unit_tokens.clear()
    first = Snapshot(arena())
    expression_tokens(first, first.index)
    kept = len(semantic._cache)
    second = Snapshot(arena().replace("score[current] >= GOAL", "score[current] >= GOAL + 1"))
    found = expression_tokens(second, first.index)  # an index a few edits old, as the server passes
    # worked out again: the edited expression, and who_x after it on the same line (it moved)
    assert len(semantic._cache) == kept + 2
    assert [(t.line, t.column, t.category) for t in found if t.name == "GOAL"][-1] == (63, 39, "constant")
