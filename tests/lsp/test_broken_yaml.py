"""The real server while a model's YAML is broken: the YAML error in our words at the wrong line,
the last readable version's other diagnostics kept (moved with the lines), hover still answering."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import change_text, cursor, server_fixture, uri_of, wait
from .publications import open_and_wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()

MODEL = """\
game: g
label: G
flow: {id: turn, kind: step, do: roll}
actions:
  roll:
    label: Roll
    pre_x: "pip == 1"
    effect: []
  stop:
    label: Stop
    pre_x: "pips == 2"
    effect: []
end: []
"""
MORE_INDENTED = ("this line is indented more than the key above it (line 11): keys of one mapping must "
                 "line up")


def shown(diagnostics):
    return [(d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.message)
            for d in diagnostics]


async def test_an_extra_space_is_reported_on_its_line_and_the_rest_stays(client: LanguageClient):
    uri = uri_of("broken-yaml.yaml")
    published = await open_and_wait(client, MODEL, uri)
    # A line added above the first warning, and one space too many before stop's pre_x.
    broken = MODEL.replace("flow:", "# a comment\nflow:").replace('    pre_x: "pips', '     pre_x: "pips')
    change_text(client, uri, broken, 2)
    diagnostics = await published.wait_for(uri, 2)
    assert shown(diagnostics) == [
        (11, 5, 11, 10, MORE_INDENTED),
        # Kept from version 1, one line lower; stop's own warnings were on the edited lines.
        (9, 2, 9, 6, "action stop is not used by any step"),
        (7, 12, 7, 15, "'pip' is not defined here"),
    ]
    assert diagnostics[0].code == "yaml" and diagnostics[0].severity == types.DiagnosticSeverity.Error
    change_text(client, uri, MODEL, 3)
    assert [d.message for d in await published.wait_for(uri, 3)] == [
        "action stop is not used by any step", "'pip' is not defined here", "'pips' is not defined here"]


async def test_hover_answers_from_the_last_readable_version(client: LanguageClient):
    uri = uri_of("broken-hover.yaml")
    published = await open_and_wait(client, MODEL, uri)
    broken, position = cursor(MODEL.replace("do: roll}", "do: ro‸ll}").replace("end: []", "end: [\n"))
    change_text(client, uri, broken, 2)
    diagnostics = await published.wait_for(uri, 2)
    assert diagnostics[0].message == "this [ is never closed: the text ends before its ]"
    found = await wait(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position)))
    assert found is not None and "roll" in found.contents.value


async def test_every_diagnostic_has_a_code_with_a_section_in_the_docs(client: LanguageClient):
    from pathlib import Path

    from tabletwin.checks.codes import CODES
    from tabletwin.lint import CODES as LINT_CODES

    docs = Path(__file__).resolve().parents[2] / "docs"
    anchors = {page: {line[3:].strip().strip("`") for line in (docs / f"{page}.md").read_text().splitlines()
                      if line.startswith("##")} for page in ("errors", "validating")}
    assert set(CODES) <= anchors["errors"] and set(LINT_CODES) <= anchors["validating"]
    uri = uri_of("coded.yaml")
    text = MODEL.replace("    label: Stop\n", "    lable: Stop\n").replace("end: []", 'end: [{id: e, if_x: "1 +"}]')
    published = await open_and_wait(client, text, uri)
    diagnostics = await published.wait_for(uri, 1)
    coded = sorted({(d.code, d.code_description.href.rsplit("/", 1)[1]) for d in diagnostics})
    assert coded == [("expression-syntax", "errors.md#expression-syntax"),
                     ("model-warning", "errors.md#model-warning"), ("undefined-name", "validating.md#undefined-name"),
                     ("unknown-key", "errors.md#unknown-key")]


async def test_a_value_of_the_wrong_shape_says_the_shape_in_words_with_the_path_in_data(client: LanguageClient):
    uri = uri_of("wrong-shape.yaml")
    text = MODEL.replace('    pre_x: "pip == 1"\n    effect: []', "    effect: roll the die")
    published = await open_and_wait(client, text, uri)
    (shape,) = [d for d in await published.wait_for(uri, 1) if d.code == "wrong-shape"]
    assert shape.message == ("action roll: `effect` must be a list, like `effect: [{op: add, var: score, "
                             "amount: 1}]` (not text)")
    assert (shape.range.start.line, shape.range.start.character, shape.range.end.character) == (6, 12, 24)
    assert shape.data == {"path": "actions.roll.effect"}
    assert shape.code_description.href.endswith("errors.md#wrong-shape")
