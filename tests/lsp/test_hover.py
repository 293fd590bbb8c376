"""Hover from the real server: ops, keys, names in expressions, places in tactics, UTF-16 ranges."""

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .editor_client import DATA, cursor, open_text, server_fixture, uri_of, wait

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = server_fixture()
MODEL = (DATA / "arena.yaml").read_text(encoding="utf-8")
TACTIC = (DATA / "arena-basic.yaml").read_text(encoding="utf-8")


async def hover(client: LanguageClient, marked: str, name: str = "hover.yaml") -> types.Hover | None:
    text, position = cursor(marked)
    uri = uri_of(name)
    open_text(client, uri, text)
    return await wait(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position)))


async def test_an_op(client: LanguageClient):
    found = await hover(client, MODEL.replace("{op: choose,", "{op: cho‸ose,"))
    assert found.contents.kind == types.MarkupKind.Markdown
    assert found.contents.value.startswith("### op `choose`\n\nA decision among options")
    assert found.range == types.Range(types.Position(47, 13), types.Position(47, 19))


async def test_a_variable_in_an_expression_after_an_emoji(client: LanguageClient):
    marked = MODEL.replace('{id: won, if_x: "score[current] >= GOAL"', '{id: won, if: "🏆", if_x: "sc‸ore[current] >= GOAL"')
    found = await hover(client, marked)
    assert found.contents.value == ("```yaml\nscore: {scope: player, init: 0}\n```\n"
                                    "variable · `state.vars.score` · line 25")
    # "score" is code points 30 to 35; the emoji before it counts two UTF-16 units.
    assert found.range == types.Range(types.Position(63, 31), types.Position(63, 36))


async def test_a_key(client: LanguageClient):
    found = await hover(client, MODEL.replace("optional: true", "option‸al: true"))
    assert found.contents.value.startswith("**`optional`** · Trigger\n\n`true`: the controller decides `use` or "
                                           "`skip` (default false).\n\nExample (Trigger):\n\n```yaml\n- id: thorns")


async def test_a_place_in_a_tactic(client: LanguageClient):
    found = await hover(client, TACTIC.replace("at: action punch", "at: action pu‸nch"), "arena-basic.yaml")
    assert found.contents.value.startswith("**`action punch`** · place in `arena.yaml`\n\n- `action punch`: "
                                           "action `punch`: a `choose` at actions.punch.effect[0]")


async def test_nothing_on_blank_space_or_other_files(client: LanguageClient):
    assert await hover(client, MODEL.replace("\nflow:", "\n‸\nflow:")) is None
    assert await hover(client, "name: ci\non: [pu‸sh]\n", "ci.yaml") is None


async def test_an_action_name_shows_its_label_pre_and_ops_one_per_line(client: LanguageClient):
    found = await hover(client, MODEL.replace("do: [punch, rest]}", "do: [pu‸nch, rest]}"))
    assert found.contents.value == (
        "**`punch`** · action · `actions.punch` · line 44\n\n"
        "Punch\n\n"
        "pre_x: `len(hand[actor]) > 0`\n\n"
        "effect:\n"
        "1. `{op: choose, options_x: \"hand[actor]\", bind: card}`\n"
        "2. `{op: move, what_x: card, from: \"hand[actor]\", to: discard}`\n"
        "3. `{op: emit, event: hit, impact: [{op: add, var: score[actor], amount_x: card['power']}]}`")
    assert found.range == types.Range(types.Position(37, 51), types.Position(37, 56))


async def test_an_action_without_ops_says_so(client: LanguageClient):
    found = await hover(client, MODEL.replace("do: [punch, rest]}", "do: [punch, re‸st]}"))
    assert found.contents.value == "**`rest`** · action · `actions.rest` · line 53\n\neffect: none"


async def test_a_comprehension_variable_shows_what_it_goes_through(client: LanguageClient):
    found = await hover(client, MODEL.replace("all(len(h) == 0 for h in hand)", "all(len(‸h) == 0 for h in hand)"))
    assert found.contents.value == "**`h`** · comprehension variable\n\n`h`: each element of `hand`"
    found = await hover(client, MODEL.replace('if_x: "score[current] >= GOAL"',
                                              'if_x: "len([‸c for c in hand[current] if c[\'power\'] > 1]) > 0"'))
    assert found.contents.value == ("**`c`** · comprehension variable\n\n`c`: each element of `hand[current]` "
                                    "for which `c['power'] > 1`")
