"""One source for key docs: docs/keys.md is made from keydocs.yaml and the schemas, and complete."""

from tabletwin.editor import keydocs, schemanav
from tests.conftest import ROOT


def test_docs_keys_md_is_current():
    page = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    assert page == keydocs.render_page(), "run: python -m tabletwin.editor.keyspage > docs/keys.md"


def test_every_op_and_node_kind_has_a_summary_and_an_example():
    model = schemanav.root("model")
    ops = model["$defs"]["op"]["properties"]["op"]["enum"]
    kinds = model["$defs"]["node"]["properties"]["kind"]["enum"]
    for name in [f"op_{op}" for op in ops] + [f"node_{kind}" for kind in kinds]:
        doc = keydocs.def_doc(name)
        assert doc.get("summary") and doc.get("example"), name


def test_every_documented_definition_exists_in_a_schema():
    definitions = set(schemanav.root("model")["$defs"]) | set(schemanav.root("tactic")["$defs"]) | {"model", "tactic"}
    assert set(keydocs.docs()["defs"]) <= definitions


def test_every_field_has_a_description():
    for kind in ("model", "tactic"):
        for name in list(schemanav.root(kind)["$defs"]) + [kind]:
            for line in keydocs.field_lines(kind, name):
                assert not line.endswith(": "), (kind, name, line)


def test_every_builtin_and_board_function_is_documented():
    from tabletwin.boards import FUNCTION_NAMES
    from tabletwin.expr.builtins import BUILTIN_NAMES

    assert set(BUILTIN_NAMES) <= set(keydocs.docs()["builtins"])
    assert set(FUNCTION_NAMES) == set(keydocs.docs()["board_functions"])
