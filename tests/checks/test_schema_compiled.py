"""The compiled schema check gives jsonschema's errors: the same places, keywords and values,
hence the same findings in the same order, on every bundled model, on broken and randomly
mutated ones, and on a schema that uses every compiled keyword (and some it leaves to jsonschema).

The reference is the plain ``Draft202012Validator`` of the jsonschema library. Errors are
compared as sorted lists: jsonschema goes through the extra keys of ``additionalProperties``
in the order of a set, which changes from run to run.
"""

import copy
import json
import math
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tabletwin.checks.schema import findings_of, schema_errors, schema_findings
from tabletwin.checks.schema_compiled import SchemaError, compile_schema, equal, json_types
from tabletwin.checks.schema_library import QuickValidator
from tabletwin.modelfile import LoadedYaml, load_yaml
from tabletwin.schemas import load_schema

from ..conftest import ROOT

HERE = Path(__file__).parent
MODELS = sorted([*(ROOT / "examples").glob("*.yaml"), *(ROOT / "tests" / "fixtures").rglob("*.yaml"),
                 *(ROOT / "tests" / "lsp" / "data").glob("*.yaml")])
TACTICS = sorted((ROOT / "examples" / "tactics").glob("*.yaml"))
STANDARD = {kind: Draft202012Validator(load_schema(kind)) for kind in ("model", "tactic")}
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BROKEN = [
    """\
game: g
label: G
num_players: 2.5
flow: {id: a, kind: loop, children: [{kind: step, do: 1}, 3, null, {kind: 1, foo: 2}, {id: x, cases: 4}]}
actions:
  y: {effect: [{op: add, amont: 1}, 5, {op: sett, valu: 1}, {var: x}, {op: if, then: [{op: 2}], else: 3}]}
  z: {cost: [{op: choose, options: [1], bind: c, min: 0, secret: 1}, {op: draw, position: middle}]}
  w: [1, 2]
end: [{result: won}, 1, {result: win, who_x: 0, extra: true}]
content: {anything: [goes, {here: 1}]}
""",
    """\
game: 1
label: [a]
mode: cooperativ
flows: {f: {id: f, kind: branch, cases: [{when_x: 'true', children: [{id: s, kind: step, do: [a, 2]}]}]}}
state: {vars: {v: {init: 0, per_player: yes, persist: campaign, x: 1}}, zones: {z: {visibility: hidden, shuffled: 2}}}
priority: {windows: {w: {allows: [fast], opens: 1}}, protocol: {resolution: stack}}
actions: {a: {speed: 3, effect: [{op: roll, die: [1, 2], bind: r}, {op: repeat, until_x: 'r > 3', body: [{op: 4}]}]}}
end: []
extra: 1
""",
    "game: g\nlabel: G\nactions: {}\nend: []\nflow: null\n",
    "[1, 2, 3]\n",
    "just text\n",
]


def keys(errors) -> list:
    """What identifies an error: place, keyword, keyword value, the very instance and, for an
    unknown key, the allowed names."""
    result = []
    for error in errors:
        schema = error.schema
        allowed = tuple(schema.get("properties", ())) if isinstance(schema, dict) else schema
        result.append((tuple(map(str, error.absolute_path)), str(error.validator), repr(error.validator_value),
                       id(error.instance), allowed))
    return sorted(result)


def assert_agree(loaded: LoadedYaml, kind: str = "model") -> None:
    standard = list(STANDARD[kind].iter_errors(loaded.data))
    assert keys(schema_errors(loaded.data, kind)) == keys(standard)
    assert schema_findings(loaded, kind) == findings_of(standard, loaded, kind)


@pytest.mark.parametrize("path", MODELS, ids=lambda path: path.name)
def test_every_bundled_model_agrees(path):
    assert_agree(load_yaml(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", TACTICS, ids=lambda path: path.name)
def test_every_bundled_tactic_agrees(path):
    assert_agree(load_yaml(path.read_text(encoding="utf-8")), "tactic")


@pytest.mark.parametrize("text", BROKEN)
def test_broken_models_get_the_same_errors_and_findings(text):
    loaded = load_yaml(text)
    assert schema_errors(loaded.data)  # each has something to find
    assert_agree(loaded)


def test_a_broken_tactic_goes_through_its_any_of_to_jsonschema():
    loaded = load_yaml("tactic: t\nrules: [{at: 1, pick: [x], junk: 2}, 3]\nlet: {a: 1}\n")
    errors = schema_errors(loaded.data, "tactic")
    assert errors
    assert_agree(loaded, "tactic")


# ---- mutated models --------------------------------------------------------------------------


def _words(schema) -> list:
    """Property names and texts of enums and consts: mutations that reach the schema's branches."""
    found = set()

    def walk(node):
        if isinstance(node, dict):
            found.update(node.get("properties", {}))
            found.update(v for v in node.get("enum", ()) if isinstance(v, str))
            if isinstance(node.get("const"), str):
                found.add(node["const"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return sorted(found) + ["", "x", "<<", "zzz"]


WORDS = _words(load_schema("model"))
SCALARS = (st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from([0.5, 2.0, -1.5, math.inf])
           | st.sampled_from(WORDS))
VALUES = st.recursive(SCALARS, lambda children: st.lists(children, max_size=3)
                      | st.dictionaries(st.sampled_from(WORDS), children, max_size=3), max_leaves=8)
TEXTS = {path: path.read_text(encoding="utf-8") for path in MODELS if path.stat().st_size > 200}


def _containers(value, path=()):
    if isinstance(value, (dict, list)):
        yield path, value
        for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
            yield from _containers(item, path + (key,))


@st.composite
def mutated_models(draw):
    path = draw(st.sampled_from(sorted(TEXTS)))
    loaded = load_yaml(TEXTS[path])
    data = copy.deepcopy(loaded.data)
    for _ in range(draw(st.integers(1, 4))):
        containers = list(_containers(data))
        _where, container = containers[draw(st.integers(0, len(containers) - 1))]
        if isinstance(container, dict):
            key = draw(st.sampled_from(sorted(map(str, container)) + WORDS))
            if key in container and draw(st.booleans()):
                del container[key]
            else:
                container[key] = draw(VALUES)
        elif container and draw(st.booleans()):
            container[draw(st.integers(0, len(container) - 1))] = draw(VALUES)
        else:
            container.append(draw(VALUES))
    return LoadedYaml(data, loaded.positions, loaded.text)


@SETTINGS
@given(mutated_models())
def test_mutated_models_get_the_same_errors_and_findings(loaded):
    assert_agree(loaded)


# ---- every keyword, on random instances ---------------------------------------------------------

SINK = json.loads((HERE / "data" / "kitchen_sink.schema.json").read_text(encoding="utf-8"))
SINK_CASES = json.loads((HERE / "data" / "kitchen_sink.cases.json").read_text(encoding="utf-8"))
SINK_WORDS = _words(SINK) + ["x_1", "x_", "op"]
SINK_SCALARS = (st.none() | st.booleans() | st.integers(-2, 12) | st.sampled_from([0.0, 0.5, 1.0, 3.0, -0.5])
                | st.sampled_from(SINK_WORDS))
SINK_VALUES = st.recursive(SINK_SCALARS, lambda children: st.lists(children, max_size=4)
                           | st.dictionaries(st.sampled_from(SINK_WORDS), children, max_size=5), max_leaves=20)


def sink_errors(instance):
    library = QuickValidator(copy.deepcopy(SINK))
    compiled = compile_schema(library.schema, library)
    assert compiled is not None
    return compiled.errors(instance), list(Draft202012Validator(SINK).iter_errors(instance))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(SINK_WORDS), SINK_VALUES, max_size=8))
def test_every_keyword_agrees_on_random_instances(instance):
    compiled, standard = sink_errors(instance)
    assert keys(compiled) == keys(standard)


@pytest.mark.parametrize("instance", SINK_CASES, ids=lambda case: json.dumps(case)[:60])
def test_every_keyword_agrees_on_the_cases_at_its_edges(instance):
    compiled, standard = sink_errors(instance)
    assert keys(compiled) == keys(standard)
    assert keys(QuickValidator(SINK).iter_errors(instance)) == keys(standard)  # the fallback, too


def test_errors_come_in_jsonschemas_order():
    instance = {"word": "v", "count": 10, "kind": "c", "items": [{"op": "if"}, 3, {"op": "set", "var": 1, "x": 1}],
                "loose": [{}, {"op": "add"}]}
    compiled, standard = sink_errors(instance)
    assert [(list(e.absolute_path), e.validator) for e in compiled] == \
        [(list(e.absolute_path), e.validator) for e in standard]
    assert len(compiled) > 8


def test_the_library_checks_what_is_not_compiled_at_its_own_place():
    compiled, standard = sink_errors({"kind": "a", "items": [], "nested": {"kind": "b", "items": [],
                                                                          "either": 3, "patterned": {"x_1": "s"}}})
    assert keys(compiled) == keys(standard)
    assert {tuple(e.absolute_path) for e in compiled} == {("nested", "either"), ("nested", "patterned", "x_1")}
    assert all(not isinstance(e, SchemaError) for e in compiled)  # jsonschema's own errors, context and all


def test_an_all_of_picks_every_branch_of_its_value():
    compiled, standard = sink_errors({"kind": "a", "items": [{"op": "add", "var": 1}, {"op": "add", "amount": 1},
                                                             {"note": 1}, 4, {"op": "if", "then": [{}]}]})
    assert keys(compiled) == keys(standard)
    assert ("items", "0") in {tuple(map(str, e.absolute_path)) for e in compiled if e.validator == "required"}


# ---- what is not compiled ------------------------------------------------------------------------


@pytest.mark.parametrize("change", [
    {"properties": {"a": {"$ref": "#anchor"}}},
    {"properties": {"a": {"$ref": "#/$defs/missing"}}},
    {"properties": {"a": {"$id": "https://example.org/a", "type": "string"}}},
    {"properties": {"a": 3}},
])
def test_a_schema_whose_references_cannot_be_followed_is_not_compiled(change):
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", **change}
    assert compile_schema(schema, Draft202012Validator(schema)) is None


def test_a_reference_to_another_document_is_left_to_jsonschema():
    schema = {"type": "object", "properties": {"a": {"$ref": "https://example.org/other.json#/x"}}}
    library = Draft202012Validator(schema)
    compiled = compile_schema(schema, library)
    assert compiled.is_valid({"b": 1})
    with pytest.raises(Exception) as raised:
        list(library.iter_errors({"a": 1}))
    with pytest.raises(type(raised.value)):
        compiled.errors({"a": 1})


def test_json_types_are_jsonschemas():
    checker = Draft202012Validator.TYPE_CHECKER
    names = ("array", "boolean", "integer", "null", "number", "object", "string")

    class Text(str):
        pass

    class Mapping(dict):
        pass

    for value in (None, True, False, 0, 1, -5, 2 ** 70, 0.0, 2.0, 2.5, math.inf, math.nan, "", "x", Text("t"),
                  [], [1], {}, Mapping(a=1), (), Decimal("1.0"), Decimal("1.5"), Fraction(1, 2), b"x", object()):
        assert json_types(value) == {name for name in names if checker.is_type(value, name)}, repr(value)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2, 2) | st.sampled_from([0.0, 1.0, 1.5])
                          | st.sampled_from(["", "a", "1"]),
                          lambda children: st.lists(children, max_size=3)
                          | st.dictionaries(st.sampled_from(["a", "b"]), children, max_size=2), max_leaves=6)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, JSON_VALUES)
def test_equal_is_jsonschemas(one, two):
    from jsonschema._utils import equal as jsonschemas_equal  # private: the reference only here

    assert equal(one, two) == jsonschemas_equal(one, two)
    assert equal(one, one) and equal(two, copy.deepcopy(two))


def test_deep_nesting_reaches_the_bottom_and_agrees():
    depth = 40
    text = "game: g\nlabel: G\nend: []\nactions:\n  a:\n    effect:\n      " + \
        "[{op: if, cond_x: x, then: " * depth + "[{op: set, var: x, valu: 1}]" + "}]" * depth + "\n"
    loaded = load_yaml(text)
    assert [e.validator for e in schema_errors(loaded.data)] == ["additionalProperties"]
    assert_agree(loaded)
