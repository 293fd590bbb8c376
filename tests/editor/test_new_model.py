"""A new model from the editor: the whole-model snippet and the New Model command's templates
(vscode-extension/templates, read by the extension too) validate without errors, warnings or lint
warnings and play to an end; the op snippets write the fields each op needs."""

from pathlib import Path

import pytest

import tabletwin
from tabletwin.editor import Snapshot, completions
from tabletwin.editor.newmodel import SNIPPET, filled
from tabletwin.editor.opsnippets import FIELDS, after_op_key, description, flow_item
from tabletwin.lint.ops import REQUIRED
from tabletwin.modelfile import load_yaml
from tabletwin.validate import validate

TEMPLATES = Path(__file__).resolve().parents[2] / "vscode-extension" / "templates"
NAMES = sorted(path.name for path in TEMPLATES.glob("*.model.yaml"))


def test_there_are_the_three_templates_of_the_command():
    assert NAMES == ["board-game.model.yaml", "card-game.model.yaml", "turn-loop.model.yaml"]


def clean_and_playable(text: str, games: int = 20):
    report = validate(text, games=games)
    assert [f.message for f in report.errors] == []
    assert [f.message for f in report.warnings] == []
    assert [f.message for f in report.lint] == []
    assert report.figures.gaps == []
    played = report.test_games
    assert (played.finished, played.unfinished, dict(played.stopped)) == (games, 0, {})
    return report


@pytest.mark.parametrize("name", NAMES)
def test_a_template_validates_lints_clean_and_plays_to_an_end(name):
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    clean_and_playable(text)
    model = tabletwin.load_model(text)
    for seed in range(3):
        record = tabletwin.play(model, ["random"] * model.data["num_players"], seed=seed)
        assert record.error is None and record.finished and record.reason is not None


def test_the_whole_model_snippet_with_its_defaults_validates_and_plays():
    text = filled()
    assert text.startswith("game: my-game\nlabel: My Game\nnum_players: 2\nplayers: \"2 players\"\n")
    assert '- {op: add, var: "score[actor]", amount: 1}' in text
    assert "$" not in text
    report = clean_and_playable(text)
    assert dict(report.test_games.reasons) == {"reached_goal": 20}


def test_the_snippet_mirrors_the_names_it_uses_twice():
    assert SNIPPET.count("${6:score}") == 3 and SNIPPET.count("${7:score_point}") == 2
    renamed = filled(SNIPPET.replace("${6:score}", "points").replace("${7:score_point}", "gain"))
    clean_and_playable(renamed, games=2)


def test_the_whole_model_snippet_is_offered_first_in_an_empty_model_only():
    items = completions(Snapshot("", None, "/w/new.model.yaml"), 0, 0)
    first = min(items, key=lambda item: item.sort or item.label)
    assert (first.label, first.kind, first.insert, first.snippet) == ("new model", "snippet", SNIPPET, True)
    later = completions(Snapshot("game: x\n", None, "/w/new.model.yaml"), 1, 0)
    assert "new model" not in [item.label for item in later]


def test_every_op_snippet_writes_one_field_of_each_group_the_op_needs():
    for op, groups in REQUIRED.items():
        written = {field.removesuffix("_x") for field, _ in FIELDS[op]}
        for group in groups:
            assert written & set(group), (op, group)


def test_op_snippets_as_items_and_after_an_op_key():
    assert flow_item("draw") == "{op: draw, from: ${1:zone}, to: ${2:zone}}"
    assert flow_item("if") == '{op: if, cond_x: "${1:condition}", then: [$2]}'
    assert flow_item("reset") == "{op: reset}"
    assert after_op_key("move", None) == 'move, what_x: "${1:item}", from: ${2:zone}, to: ${3:zone}'
    assert after_op_key("set", "  ") == "set\n  var: ${1:variable}\n  value: ${2:0}"
    assert description("draw") == "Takes the top card(s) of `from` into `to`"
    assert description("roll") == "A chance node over the faces of a die, each equally likely"


@pytest.mark.parametrize("op", sorted(FIELDS))
def test_every_op_snippet_with_its_defaults_is_valid_yaml_with_the_op(op):
    loaded = load_yaml(f"- {filled(flow_item(op))}\n")
    assert loaded.data[0]["op"] == op
    assert list(loaded.data[0]) == ["op", *(field for field, _ in FIELDS[op])]
