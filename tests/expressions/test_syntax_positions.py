"""Syntax errors name the problem and its 0-based offset in the expression."""

import pytest

from tabletwin.expr import ExprSyntaxError, compile_expression


@pytest.mark.parametrize("source,message,offset", [
    ("", 'syntax error in expression "": empty expression (position 0)', 0),
    ("   ", 'syntax error in expression "   ": empty expression (position 0)', 0),
    ("a + 'b", 'syntax error in expression "a + \'b": unterminated string (position 4)', 4),
    ("x # note", 'syntax error in expression "x # note": comments are not allowed (position 2)', 2),
    ("1 + f'{x}'", 'syntax error in expression "1 + f\'{x}\'": f-strings are not allowed (position 4)', 4),
    ("b'x' + y", 'syntax error in expression "b\'x\' + y": bytes are not allowed (position 0)', 0),
    ("2 + 3j", 'syntax error in expression "2 + 3j": complex numbers are not allowed (position 4)', 4),
    ("x = 1", 'assignment is not allowed in "x = 1"', 2),
    ("  x += 1", 'assignment is not allowed in "  x += 1"', 4),
    ("(y := 2) + 1", 'NamedExpr is not allowed in "(y := 2) + 1"', 1),
    ("a or (lambda: 1)", 'Lambda is not allowed in "a or (lambda: 1)"', 6),
    ("f(*L)", 'Starred is not allowed in "f(*L)"', 2),
    ("[*L]", 'Starred is not allowed in "[*L]"', 1),
    ("a | b", 'BitOr is not allowed in "a | b"', 0),
    ("a & b", 'BitAnd is not allowed in "a & b"', 0),
    ("a ^ b", 'BitXor is not allowed in "a ^ b"', 0),
    ("~a", 'Invert is not allowed in "~a"', 0),
    ("a << 1", 'LShift is not allowed in "a << 1"', 0),
    ("a >> 1", 'RShift is not allowed in "a >> 1"', 0),
    ("a @ b", 'MatMult is not allowed in "a @ b"', 0),
    ("x[...]", 'Ellipsis is not allowed in "x[...]"', 2),
    ("a; b", 'semicolon is not allowed in "a; b"', 1),
    ("!a", 'syntax error in expression "!a": ! is not allowed; use not or != (position 0)', 0),
    ("score.total", 'attribute .total is not allowed in "score.total"', 5),
    ("σ + _hidden", 'name _hidden is not allowed in "σ + _hidden"', 4),
    ("d.get(k, default=1)", 'syntax error in expression "d.get(k, default=1)": methods take no keyword arguments (position 9)', 9),
    ("(1", 'syntax error in expression "(1": \'(\' was never closed (position 0)', 0),
    ("f(a=1, 2)", 'syntax error in expression "f(a=1, 2)": positional argument follows keyword argument (position 8)', 8),
    ("sum(x for x in L, 0)", 'syntax error in expression "sum(x for x in L, 0)": Generator expression must be parenthesized (position 4)', 4),
    ("def f(): 1", 'FunctionDef is not allowed in "def f(): 1"', 0),
])
def test_message_and_offset(source, message, offset):
    with pytest.raises(ExprSyntaxError) as info:
        compile_expression(source)
    assert info.value.message == message
    assert info.value.offset == offset
    assert info.value.kind == "SyntaxError"


def test_offsets_count_characters_not_bytes():
    with pytest.raises(ExprSyntaxError) as info:
        compile_expression("'ééé' + x.bad")
    assert info.value.offset == 9
    assert info.value.end == 13


def test_offsets_survive_line_breaks_and_multiline_text():
    with pytest.raises(ExprSyntaxError) as info:
        compile_expression("'''a\nb''' +\n  x # c")
    assert info.value.offset == 16


def test_the_same_error_is_raised_on_every_compile():
    for _ in range(2):
        with pytest.raises(ExprSyntaxError) as info:
            compile_expression("x =")
        assert info.value.message == 'assignment is not allowed in "x ="'


# Characters no output can carry, and keywords in look-alike letters.

def _refusal(source):
    from tabletwin.expr import ExprSyntaxError, compile_expression

    try:
        compile_expression(source)
    except ExprSyntaxError as error:
        return error.message, error.offset, error.end
    raise AssertionError(f"{source!r} compiled")


def test_a_lone_surrogate_escape_is_an_invalid_text_literal_at_its_escape():
    assert _refusal("'ab\\ud800' + 'c'") == (
        "syntax error in expression \"'ab\\ud800' + 'c'\": invalid text literal: \\ud800 is a lone surrogate, "
        "not a character (position 3)", 3, 9)
    assert _refusal("'\\U0000DFFF'")[1:] == (1, 11)


def test_a_surrogate_pair_written_as_one_escape_is_fine():
    from .helpers import evaluate

    assert evaluate("'\\U0001F600'") == "\U0001F600"


def test_a_lone_surrogate_character_is_refused_and_shown_escaped():
    message, offset, _ = _refusal("'x' + \udced")
    assert message == ("syntax error in expression \"'x' + \\udced\": character U+DCED is not allowed "
                       "(a lone surrogate, not a character) (position 6)")
    assert offset == 6
    message.encode("utf-8")  # printable


def test_a_keyword_in_fullwidth_letters_is_named_at_its_column():
    assert _refusal("x ｉｓ None") == (
        "syntax error in expression \"x ｉｓ None\": 'ｉｓ' looks like the keyword 'is' but is written with other "
        "characters; write keywords in plain letters (position 2)", 2, 4)
    assert _refusal("Ｎｏｎｅ")[1:] == (0, 4)


def test_other_names_in_fullwidth_letters_still_work():
    from .helpers import evaluate

    assert evaluate("ｍａｘ(1, 2)") == 2
