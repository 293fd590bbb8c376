"""The language-neutral conformance cases of ``conformance.yaml``, one test per case.

Each group may give names (``given``, read as a model reads YAML, so dates stay text); each
case has an expression and either its ``result`` (the language's ``str()`` of the value) or an
``error`` kind with an exact ``message`` or a ``message_contains`` fragment. ``message`` is the
error's own text, without the ``error evaluating '...': Kind:`` wrapper.
"""

from pathlib import Path

import pytest

from tabletwin.expr import EvalError, ExprSyntaxError, build_globals, compile_expression, to_text
from tabletwin.modelfile import load_yaml

CASES_FILE = Path(__file__).with_name("conformance.yaml")


def _cases():
    groups = load_yaml(CASES_FILE.read_text(encoding="utf-8")).data
    for number, group in enumerate(groups):
        for index, case in enumerate(group["cases"]):
            yield pytest.param(group.get("given") or {}, case, id=f"{number}.{index}:{case['expr'][:40]}")


@pytest.mark.parametrize("given,case", list(_cases()))
def test_case(given, case):
    scope = build_globals(variables=given)
    source = case["expr"]
    try:
        value = compile_expression(source).evaluate({}, scope)
    except ExprSyntaxError as exc:
        kind, message, outcome = "SyntaxError", exc.message, None
    except EvalError as exc:
        kind, message, outcome = exc.kind, exc.detail, None
    else:
        kind, message, outcome = None, None, to_text(value)
    if "result" in case:
        assert kind is None, f"{source!r} raised {kind}: {message}"
        assert outcome == case["result"]
    else:
        assert kind == case["error"], f"{source!r} gave {outcome if kind is None else kind + ': ' + message}"
        if "message" in case:
            assert message == case["message"]
        if "message_contains" in case:
            assert case["message_contains"] in message
