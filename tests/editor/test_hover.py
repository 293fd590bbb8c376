"""Hover texts: keys, ops, names in expressions, places in tactics."""

from tabletwin.editor import hover_at
from tabletwin.editor.keydocs import def_markdown
from tabletwin.errors import Span

from .helpers import DATA, arena, at, edit

MODEL = arena()
TACTIC = (DATA / "arena-basic.yaml").read_text(encoding="utf-8")
TACTIC_PATH = str(DATA / "arena-basic.yaml")


def hover(text: str, path: str | None = None):
    snap, line, column = at(text, path)
    return hover_at(snap, line, column)


def test_a_variable_shows_its_declaration_as_written():
    found = hover(edit(MODEL, 'if_x: "score[current] >= GOAL"', 'if_x: "sc‸ore[current] >= GOAL"'))
    assert found.markdown == ("```yaml\nscore: {scope: player, init: 0}\n```\n"
                              "variable · `state.vars.score` · line 25")
    assert found.span == Span(63, 21, 63, 26)


def test_an_own_function_shows_its_signature_and_text():
    found = hover(edit(MODEL, 'controller_x: "other(actor)"', 'controller_x: "oth‸er(actor)"'))
    assert found.markdown.startswith("```python\nother(p)\n```\nThe opponent of p\n\n")


def test_a_local_name_says_where_it_is_bound():
    found = hover(edit(MODEL, "amount_x: \"card['power']\"", "amount_x: \"ca‸rd['power']\""))
    assert found.markdown == "**`card`** · local name\n\nbound by choose at effect[0]"


def test_builtins_and_board_functions_show_their_signature():
    found = hover(edit(MODEL, 'pre_x: "len(hand[actor]) > 0"', 'pre_x: "l‸en(hand[actor]) > 0"'))
    assert found.markdown == ("```python\nlen(x)\n```\nBuilt-in function. "
                              "Length of a text, list, tuple, dict or set.")
    found = hover(edit(MODEL, "centre: \"cell('ring', 1, 1)\"", "centre: \"ce‸ll('ring', 1, 1)\""))
    assert found.markdown.startswith("```python\ncell(board, x, y)\n```\nBoard function.")


def test_an_op_shows_its_summary_fields_and_example():
    found = hover(edit(MODEL, "{op: choose, options_x", "{op: cho‸ose, options_x"))
    assert found.markdown == def_markdown("model", "op_choose")
    assert "- `bind`: Local name for the picked option" in found.markdown
    assert found.markdown.endswith("```yaml\n- {op: choose, options_x: \"hand[actor]\", bind: card}\n```")


def test_a_key_shows_its_meaning_where_it_stands():
    found = hover(edit(MODEL, "shuffled: true", "shuff‸led: true"))
    assert found.markdown == ("**`shuffled`** · Zone\n\n`true`: its order is unknown and drawing from it is a "
                              "chance node (default false).\n\nExample (Zone):\n\n```yaml\n"
                              "deck: {kind: stack, visibility: hidden, shuffled: true, init_x: \"list(CARDS)\"}\n```")
    assert found.span == Span(20, 31, 20, 39)


def test_a_key_whose_value_is_a_thing_shows_that_things_fields():
    found = hover(edit(MODEL, "state:\n", "sta‸te:\n"))
    assert found.markdown.startswith("**`state`** · Model file\n\nZones, variables and derived values.\n\n#### State")
    assert "- `zones`: Zones by name: where things lie." in found.markdown


def test_a_name_a_field_refers_to_shows_its_declaration():
    found = hover(edit(MODEL, "do: [punch, rest]", "do: [pu‸nch, rest]"))
    assert found.markdown.startswith("**`punch`** · action · `actions.punch` · line 44\n\nPunch\n\npre_x: "
                                     "`len(hand[actor]) > 0`\n\neffect:\n1. `{op: choose,")
    found = hover(edit(MODEL, "{id: counter, event: hit,", "{id: counter, event: h‸it,"))
    assert found.markdown == "**`hit`** · event\n\nFired at 1 place: line 51\nHeard by 1 trigger: line 57"


def test_a_place_in_a_tactic_shows_where_it_arises():
    found = hover(edit(TACTIC, "at: step act,", "at: step a‸ct,"), TACTIC_PATH)
    assert found.markdown == ("**`step act`** · place in `arena.yaml`\n\n- `step act`: step `act`: the actor picks "
                              "one of punch, rest. Options: punch, rest.")
    assert found.span == Span(5, 9, 5, 17)


def test_tactic_names_and_lets():
    found = hover(edit(TACTIC, "score[me] >", "score[m‸e] >"), TACTIC_PATH)
    assert found.markdown == "**`me`** · name in scope\n\nThe deciding player.\n\nHere: tactic name"
    found = hover(edit(TACTIC, "when_x: ahead", "when_x: ah‸ead"), TACTIC_PATH)
    assert found.markdown == "```yaml\nahead: \"score[me] > score[1 - me]\"\n```\nlet of the tactic · line 4"


def test_a_content_item_named_in_an_expression_shows_the_item():
    text = edit(MODEL, "amount_x: \"card['power']\"", "amount_x: \"content['moves']['ja‸b']['power']\"")
    found = hover(text)
    assert found.markdown == ("```yaml\njab: {id: jab, label: Jab, status: verified, power: 1}\n```\n"
                              "content item · `content.moves.jab` · line 61")


def test_the_scalar_around_the_cursor_is_read_as_written():
    from tabletwin.editor.comprehension_hover import comprehension_markdown, scalar_around

    line = '  - {id: s, if_x: "all(len(h) == 0 for h in hand)", who_x: \'[p for p, _ in pairs]\'}'
    assert scalar_around(line, line.index("len(h")) == "all(len(h) == 0 for h in hand)"
    assert scalar_around(line, line.index("[p for")) == "[p for p, _ in pairs]"
    assert scalar_around(line, line.index("id:")) is None
    assert comprehension_markdown("[p for p, _ in pairs]", "p") == (
        "**`p`** · comprehension variable\n\n`p`: a part of each element of `pairs`")
    assert comprehension_markdown("[p for p in (", "p") is None  # half-typed: nothing to say
