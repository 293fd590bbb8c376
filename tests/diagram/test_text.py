"""Columns of text in the monospaced font, cutting to fit, and text XML can hold."""

from tabletwin.diagram.text import columns, fit, one_line, xml_safe


def test_columns_count_wide_characters_twice_and_combining_marks_not_at_all():
    assert columns("turn_total > 0") == 14
    assert columns("• roll — pre: x…") == 16
    assert columns("日本") == 4
    assert columns("e\u0301t\u00e9") == 3


def test_fit_cuts_to_the_columns_with_an_ellipsis():
    assert fit("short", 5) == "short"
    assert fit("a longer text", 8) == "a longe…"
    assert fit("a b c d", 4) == "a b…"  # no space before the ellipsis
    assert fit("日本語のテキスト", 5) == "日本…" and columns(fit("日本語のテキスト", 5)) == 5
    assert fit("anything", 0) == ""


def test_one_line_folds_whitespace_and_replaces_what_xml_cannot_hold():
    assert one_line("a\n  b\tc ") == "a b c"
    assert one_line(42) == "42"
    assert one_line("x\x00y\x1bz") == "x\ufffdy\ufffdz"
    assert xml_safe("keep\nnewlines\x07") == "keep\nnewlines\ufffd"
