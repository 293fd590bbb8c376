"""Lint warnings from the real server: source tabletwin-lint, a code linked to its docs, on the
exact token; none on valid models; their quick fixes (plain and as snippets) and fix-all, each
giving a model with fewer diagnostics."""

import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from ..lint.models import clean_models, pig_with
from .editor_client import DATA, change_text, open_text, uri_of, wait
from .publications import Publications

pytestmark = pytest.mark.asyncio(loop_scope="module")
LINT = "tabletwin-lint"


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "tabletwin_lsp"]))
async def client(lsp_client: LanguageClient):
    # A client that takes snippet edits (LSP 3.18), as VS Code does.
    capabilities = types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(
        workspace_edit=types.WorkspaceEditClientCapabilities(snippet_edit_support=True)))
    await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
    yield
    await lsp_client.shutdown_session()


_versions: dict[str, int] = {}


async def diagnostics_of(client: LanguageClient, name: str, text: str) -> list[types.Diagnostic]:
    """Open (or change) ``name`` to ``text`` and wait for the diagnostics of that version."""
    uri = uri_of(name)
    published = Publications(client)
    version = _versions.get(uri, 0) + 1
    _versions[uri] = version
    if version == 1:
        open_text(client, uri, text)
    else:
        change_text(client, uri, text, version)
    return await published.wait_for(uri, version, timeout=20)


def lint_of(diagnostics) -> list[tuple]:
    return [(d.code, d.range.start.line, d.range.start.character, d.range.end.character, d.message)
            for d in diagnostics if d.source == LINT]


@pytest.mark.parametrize("path", clean_models(), ids=lambda p: p.name)
async def test_no_lint_on_valid_models(client: LanguageClient, path):
    diagnostics = await diagnostics_of(client, f"clean-{path.name}", path.read_text(encoding="utf-8"))
    assert lint_of(diagnostics) == []


@pytest.mark.parametrize("changes, expected", [
    ([('cond_x: "pips == 1"', 'cond_x: "pip == 1"')],
     ("undefined-name", 59, 17, 20, "'pip' is not defined here (did you mean 'pips'?)")),
    ([("{op: set, var: turn_over, value: false}", "{op: set, var: turn_ovr, value: false}")],
     ("undeclared-variable", 53, 23, 31, "variable 'turn_ovr' is not declared in state.vars (did you mean "
      "'turn_over' or 'turn_total'?)")),
    ([('{op: add, var: "score[actor]", amount_x: turn_total}', "{op: add, var: score, amount_x: turn_total}")],
     ("missing-index", 70, 23, 28, "variable 'score' belongs to a player; write score[actor] or score[player index]")),
    ([('pre_x: "turn_total > 0"', 'pre_x: "abs(turn_total, 1) > 0"')],
     ("wrong-arity", 68, 12, 15, "builtin abs() takes 1 argument, given 2")),
    ([("about: actions.hold", "about: actions.hodl")],
     ("unknown-about", 80, 11, 23, "about 'actions.hodl': the model has no 'actions.hodl' (did you mean "
      "'actions.hold'?)")),
    ([("{op: roll, die_x: DIE, bind: pips}", "{op: roll, bind: pips}")],
     ("missing-field", 57, 13, 17, "roll needs 'die' to run")),
])
async def test_each_warning_on_its_token_with_its_code(client: LanguageClient, changes, expected):
    name = f"lint-{expected[0]}.yaml"
    diagnostics = await diagnostics_of(client, name, pig_with(*changes))
    assert lint_of(diagnostics) == [expected]
    (warning,) = [d for d in diagnostics if d.source == LINT]
    assert warning.severity == types.DiagnosticSeverity.Warning
    assert warning.code_description.href.endswith(f"validating.md#{expected[0]}")
    assert warning.data["code"] == expected[0]
    # Lint never turns a model into one with errors.
    assert [d for d in diagnostics if d.severity == types.DiagnosticSeverity.Error] == []


async def test_an_unknown_label_in_a_tactic(client: LanguageClient):
    tactic = (DATA / "arena-basic.yaml").read_text(encoding="utf-8").replace("pick: rest}", "pick: rets}")
    diagnostics = await diagnostics_of(client, "lint-tactic.yaml", tactic)
    assert lint_of(diagnostics) == [("unknown-label", 5, 40, 44, "pick 'rets': 'step act' never offers it "
                                     "(offers punch, rest) (did you mean 'rest'?)")]
    (warning,) = [d for d in diagnostics if d.source == LINT]
    found = await actions(client, "lint-tactic.yaml", warning.range, [warning])
    fix = next(action for action in found if action.title == "Change 'rets' to 'rest'")
    after = await diagnostics_of(client, "lint-tactic-after.yaml", apply(tactic, fix.edit.changes[uri_of("lint-tactic.yaml")]))
    assert len(after) < len(diagnostics)


async def actions(client: LanguageClient, name: str, where: types.Range, diagnostics, only=None):
    return await wait(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri_of(name)), range=where,
        context=types.CodeActionContext(diagnostics=diagnostics, only=only))))


def apply(text: str, edits) -> str:
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start = offsets[edit.range.start.line] + edit.range.start.character
        end = offsets[edit.range.end.line] + edit.range.end.character
        text = text[:start] + edit.new_text + text[end:]
    return text


@pytest.mark.parametrize("changes, title", [
    ([('cond_x: "pips == 1"', 'cond_x: "pip == 1"')], "Change 'pip' to 'pips'"),
    ([('{op: add, var: "score[actor]", amount_x: turn_total}', "{op: add, var: score, amount_x: turn_total}")],
     "Write '\"score[actor]\"'"),
    ([("{op: set, var: turn_over, value: false}", "{op: set, var: fresh, value: false}")],
     "Declare the variable 'fresh' in state.vars"),
    ([('cond_x: "pips == 1"', 'cond_x: "pips = 1"')], "Use == (compare; the language has no assignment)"),
    ([("{op: roll, die_x: DIE, bind: pips}", "{op: rol, die_x: DIE, bind: pips}")], "Change 'rol' to 'roll'"),
    ([("result: win, who_x", "result:win, who_x")], "Add a space after 'result:'"),
])
async def test_each_fix_leaves_fewer_diagnostics(client: LanguageClient, changes, title):
    name = f"fix-{len(_versions)}.yaml"
    text = pig_with(*changes)
    before = await diagnostics_of(client, name, text)
    target = [d for d in before if d.severity != types.DiagnosticSeverity.Information]
    assert target
    found = await actions(client, name, target[0].range, target[:1])
    fix = next(action for action in found if action.title == title)
    after = await diagnostics_of(client, f"{name}-after.yaml", apply(text, fix.edit.changes[uri_of(name)]))
    assert len(after) < len(before), [d.message for d in after]


async def test_the_twin_fix_is_a_snippet_with_the_cursor_in_the_quotes(client: LanguageClient):
    name = "twin-snippet.yaml"
    text = pig_with(('    pre_x: "turn_total > 0"\n', ""))
    await diagnostics_of(client, name, text)
    line = text.split("\n").index("    pre: something is at stake")
    here = types.Range(types.Position(line, 5), types.Position(line, 5))
    found = await actions(client, name, here, [])
    (fix,) = [action for action in found if action.title.startswith("Add pre_x")]
    (change,) = fix.edit.document_changes
    (edit,) = change.edits
    assert isinstance(edit, types.SnippetTextEdit)
    assert edit.snippet.value == '\n    pre_x: "$0"'
    assert (edit.range.start.line, edit.range.start.character) == (line, 30)


async def test_fix_all_applies_every_sure_fix(client: LanguageClient):
    name = "fix-all.yaml"
    text = pig_with(('cond_x: "pips == 1"', 'cond_x: "pip == 1"'), ("about: actions.hold", "about: actions.hodl"),
                    ('{op: add, var: "score[actor]", amount_x: turn_total}', "{op: add, var: score, amount_x: turn_total}"))
    before = await diagnostics_of(client, name, text)
    assert len(lint_of(before)) == 3
    here = types.Range(types.Position(0, 0), types.Position(0, 0))
    (fix,) = await actions(client, name, here, [], only=[types.CodeActionKind.SourceFixAll])
    assert fix.kind == types.CodeActionKind.SourceFixAll
    after = await diagnostics_of(client, "fix-all-after.yaml", apply(text, fix.edit.changes[uri_of(name)]))
    assert lint_of(after) == []
    assert len(after) < len(before)


async def test_gaps_and_unknown_keys_have_a_code_and_docs_too(client: LanguageClient):
    text = pig_with(("    label: Roll the die\n", "    lable: Roll the die\n"),
                    ('    pre_x: "turn_total > 0"\n', ""))
    diagnostics = await diagnostics_of(client, "other-codes.yaml", text)
    coded = sorted((d.code, d.code_description.href.rsplit("#", 1)[1]) for d in diagnostics if d.source == "tabletwin")
    assert ("unknown-key", "unknown-key") in coded and ("gap", "gap") in coded
    assert all(d.code_description.href.split("#")[0].endswith("docs/errors.md") for d in diagnostics
               if d.source == "tabletwin")


def _empty_errors(diagnostics) -> list:
    return [d for d in diagnostics if d.message.startswith('syntax error in expression "": empty expression')]


async def test_the_new_twin_is_not_an_error_until_an_edit_elsewhere(client: LanguageClient):
    name = "pending-twin.yaml"
    uri = uri_of(name)
    text = pig_with(('    pre_x: "turn_total > 0"\n', ""))
    await diagnostics_of(client, name, text)
    line = text.split("\n").index("    pre: something is at stake")
    here = types.Range(types.Position(line, 5), types.Position(line, 5))
    (fix,) = [a for a in await actions(client, name, here, []) if a.title.startswith("Add pre_x")]
    (edit,) = fix.edit.document_changes[0].edits
    published = Publications(client)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=edit.range, text='\n    pre_x: ""')]))
    assert _empty_errors(await published.wait_for(uri, 2, timeout=20)) == []
    # The author edits another line: the empty expression is an error again.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), text="# note\n")]))
    after = await published.wait_for(uri, 3, timeout=20)
    assert [d.range.start.line for d in _empty_errors(after)] == [line + 2]
