"""Syntax findings: every expression place is compiled, errors land on their characters."""

import textwrap

from tabletwin.checks import syntax_findings


def findings(text):
    return [(f.path, f.message, f.span and (f.span.line, f.span.column, f.span.end_column))
            for f in syntax_findings(textwrap.dedent(text))]


def test_plain_quoted_and_block_scalars():
    result = findings("""\
    flow: {id: t, kind: step, do: a}
    actions:
      a:
        pre_x: gold >= 3 # cheap
        effect:
          - {op: add, var: x, amount_x: 'x | 1'}
          - op: if
            cond_x: |
              x and
              _y
    end: []
    """)
    assert result == [
        ("actions.a.effect[0].amount_x", 'BitOr is not allowed in "x | 1"', (5, 37, 42)),
        ("actions.a.effect[1].cond_x", 'name _y is not allowed in "x and\n_y\n"', (7, 16, 12)),
    ]


def test_functions_derived_and_outcomes():
    result = findings("""\
    functions:
      f: {params: [a], let: {b: "a +"}, x: "b"}
    state:
      derived:
        d: "lambda: 1"
        e: {x: "1;2"}
    outcomes:
      shot: {derived_x: {q: "__q"}, outcomes: []}
    flow: {id: t, kind: sequence}
    end: []
    """)
    assert [path for path, _, _ in result] == ["outcomes.shot.derived_x.q", "functions.f.let.b",
                                               "state.derived.d", "state.derived.e.x"]


def test_clean_models_and_broken_yaml():
    assert findings("flow: {id: t, kind: sequence}\nend: []\n") == []
    assert findings("flow: [\n") == [("", "this [ is never closed: the text ends before its ]", (0, 6, 7))]
    assert findings("- 1\n")[0][1] == "this is not a model: the document is a list, not a mapping with 'flow'"
