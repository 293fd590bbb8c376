"""The schema files: valid JSON Schema 2020-12, described, shipped in the package, clean on the examples."""

import json
import os

import pytest
from jsonschema import Draft202012Validator

from tabletwin.checks.schema import _validator, schema_findings
from tabletwin.modelfile import load_yaml
from tabletwin.schemas import load_schema

from ..conftest import ROOT

PACKAGE_DIR = ROOT / "engine" / "tabletwin" / "schemas"
MODELS = sorted([*(ROOT / "examples").glob("*.yaml"), *(ROOT / "tests" / "fixtures" / "cheatsheet").glob("*.yaml")])


@pytest.mark.parametrize("name", ["model", "tactic"])
def test_schemas_are_valid_2020_12(name):
    schema = json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", ["model", "tactic"])
def test_every_property_and_definition_is_described(name):
    schema = load_schema(name)
    undescribed = []

    def walk(node, where):
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                if not (isinstance(sub, dict) and sub.get("description")):
                    undescribed.append(f"{where}/properties/{key}")
            for key, value in node.items():
                if key != "if":  # a condition, not a place that describes keys
                    walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")

    walk(schema, "#")
    undescribed += [f"#/$defs/{key}" for key, sub in schema["$defs"].items() if not sub.get("description")]
    assert undescribed == []


@pytest.mark.parametrize("name", ["model", "tactic"])
def test_the_package_ships_the_schemas_through_relative_symlinks(name):
    link = PACKAGE_DIR / f"{name}.schema.json"
    assert link.is_symlink()
    assert os.readlink(link) == f"../../../schemas/{name}.schema.json"
    assert link.resolve() == (ROOT / "schemas" / f"{name}.schema.json").resolve()
    assert load_schema(name) == json.loads(link.read_text(encoding="utf-8"))


def test_load_schema_gives_a_fresh_dict_and_knows_only_two_names():
    load_schema("model")["title"] = "changed"
    assert load_schema("model")["title"] == "Tabletwin game model"
    with pytest.raises(ValueError, match="no schema 'view'"):
        load_schema("view")


@pytest.mark.parametrize("path", MODELS, ids=lambda path: path.name)
def test_examples_and_cheatsheet_models_give_no_finding(path):
    assert schema_findings(load_yaml(path.read_text(encoding="utf-8"))) == []


BROKEN = """\
game: g
flow: {id: a, kind: loop, children: [{kind: step, do: 1}, 3, null, {kind: 1, foo: 2}, {id: x, cases: 4}]}
actions:
  y: {effect: [{op: add, amont: 1}, 5, {op: sett, valu: 1}, {var: x}, {op: if, then: [{op: 2}], else: 3}]}
  z: {cost: [{op: choose, options: [1], bind: c, min: 0, secret: 1}, {op: draw, position: middle}]}
end: [{result: won}, 1]
"""


@pytest.mark.parametrize("text", [BROKEN, *(path.read_text(encoding="utf-8") for path in MODELS[:2])])
def test_the_quick_if_and_all_of_agree_with_the_standard_keywords(text):
    data = load_yaml(text).data
    standard = Draft202012Validator(load_schema("model"))

    def errors(validator):
        return sorted((tuple(map(str, e.absolute_path)), e.validator, repr(e.validator_value))
                      for e in validator.iter_errors(data))

    assert errors(_validator("model")) == errors(standard)
