"""A mapping or list that YAML aliases share is walked once, at its anchor, by every walk.

The data below shares each level eight times over (8^5 leaves, 5 lists), so a walk that followed
every alias would meet 37,448 lists and 32,768 leaves; the counts show each is met once.
"""

from __future__ import annotations

from tabletwin.checks import expression_fields
from tabletwin.checks.schema import schema_errors
from tabletwin.model import compile_model
from tabletwin.model.flow import walk_nodes
from tabletwin.modelfile import load_yaml
from tabletwin.modelfile.shared import Once, brief
from tabletwin.validate import validate
from tabletwin.validate.tree import flow_tree
from tabletwin.validate.walk import all_ops, content_items, nodes, ops

from ..hostile import bombs

SIZE = bombs.Size(5, 8)


def load(text: str):
    return load_yaml(text)


def test_once_remembers_collections_by_identity_and_never_scalars():
    once, shared = Once(), [1]
    assert [once.first(shared), once.first(shared), once.first([1]), once.first("x"), once.first("x")] == \
        [True, False, True, True, True]
    assert len(once) == 2


def test_expression_fields_of_shared_mappings_are_found_at_their_anchor():
    data = load(bombs.expression_bomb(SIZE)).data
    fields = expression_fields(data)
    assert fields == [(("lol0", n, "when_x"), "1 +") for n in range(8)] + [(("end", 0, "if_x"), "True")]


def test_flow_nodes_under_aliases_are_walked_once():
    data = load(bombs.flow_bomb(SIZE)).data
    walked = list(nodes(data))
    # root, 8 written leaves, and one written sequence per level above the leaves (4 levels)
    assert len(walked) == 1 + 8 + 8 * 4
    assert walked[0][1] == ("flow",)


def test_content_items_under_aliases_are_walked_once():
    data = load(bombs.content_bomb(bombs.Size(4, 8))).data
    items = list(content_items(data))
    assert [path for _item, path in items] == [("content", "cards", 0, 0, 0, n) for n in range(8)]


def test_ops_under_aliases_are_walked_once():
    data = load(bombs.op_bomb(bombs.Size(4, 8))).data
    walked = list(all_ops(data))
    assert len(walked) == 1 + 8 * 3 + 8  # the effect's if, 8 ifs per level above the leaves, 8 sets
    effect = data["actions"]["go"]["effect"]
    assert len(list(ops(effect, ("actions", "go", "effect")))) == len(walked)


def test_the_flow_tree_writes_a_shared_node_once_and_points_back_to_it():
    data = load(bombs.flow_bomb(bombs.Size(3, 2))).data
    # Each level's two sequences are written twice in the text; the lists of children they hold
    # are aliases, shared by both.
    assert flow_tree(data).splitlines() == [
        "root: sequence",
        "  q: sequence",
        "    q: sequence",
        "      s: step, no actor",
        "        action go",
        "      s: step, no actor",
        "        action go",
        "    q: sequence",
        "      s: the same node as above (a YAML alias)",
        "      s: the same node as above (a YAML alias)",
        "  q: sequence",
        "    q: the same node as above (a YAML alias)",
        "    q: the same node as above (a YAML alias)",
    ]


def test_the_schema_checks_a_shared_value_once():
    data = load(bombs.op_bomb(bombs.Size(4, 8)).replace("{op: set, var: v, value: 1}", "{op: set, var: v, nope: 1}")
                ).data
    unknown = [error for error in schema_errors(data) if error.validator == "additionalProperties"
               and "nope" in error.instance]
    assert len(unknown) == 8  # the 8 written leaves, not 8^4


def test_the_engine_compiles_a_shared_node_or_op_once():
    loaded = load(bombs.flow_bomb(SIZE))
    model = compile_model(loaded)
    children = model.flow.children
    assert children[0] is not children[7]  # written apart
    assert children[0].children[3] is children[7].children[3]  # the same alias
    assert len(list(walk_nodes(model.flow))) == 1 + 8 + 8 * 4
    op_model = compile_model(load(bombs.op_bomb(SIZE)))
    nested = op_model.actions["go"].effect[0].nested["then"]
    assert nested[0] is not nested[7] and nested[0].nested["then"] is nested[7].nested["then"]


def test_validate_reports_what_is_written_once():
    report = validate(bombs.content_bomb(bombs.Size(4, 8)), games=0)
    messages = [(finding.message, finding.span.human()) for finding in report.errors]
    # The ability id 'zap' is written in 8 items; the first keeps it, the 7 others repeat it.
    assert messages == [("content card: ability 'zap' has the name of another action or ability", (1, 88 + 48 * n))
                        for n in range(7)]


def test_brief_writes_a_shared_list_shortly():
    data = load(bombs.value_bomb(SIZE)).data
    assert brief(data["flow"]["do"]) == "[[[...], [...], [...], [...], ...], [[...], [...], [...], [...], ...], " \
                                        "[[...], [...], [...], [...], ...], [[...], [...], [...], [...], ...], ...]"
    assert (brief("go"), brief(3), brief(None)) == ("go", "3", "None")
