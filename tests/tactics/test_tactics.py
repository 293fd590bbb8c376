"""Tactic files: loading, extends, rules and their fields, scope, look-ahead, redistribution."""

import random
import textwrap

import pytest

from tabletwin import Game, NotExecutable, load_model
from tabletwin.expr import build_globals
from tabletwin.tactics import RulePlayer, SearchPlayer, compile_tactic, load_tactic, redistribute
from tabletwin.tactics.player import base_place, matches

from ..conftest import ROOT

MODEL = load_model(textwrap.dedent("""\
    game: pick
    state:
      vars: {log: {init: []}, x: {init: 5}}
      zones: {deck: {shuffled: true, init_x: "[{'id': 'a'}, {'id': 'b'}, {'id': 'c'}]"},
              hand: {owner: player, visibility: owner, drawn_from: deck}}
    flow:
      id: game
      kind: sequence
      children:
        - {id: deal, kind: step, do: deal}
        - {id: turn, kind: step, actor_x: "0", do: [low, high, mid]}
        - {id: subset, kind: step, actor_x: "0", do: take}
    actions:
      deal: {effect: [{op: draw, from: deck, to: "hand[1]"}]}
      low: {effect: []}
      high: {effect: []}
      mid: {effect: []}
      take: {effect: [{op: choose, options_x: "[1, 2, 3, 4]", bind: s, min: 1, max: 3},
                      {op: set, var: log, value_x: s}]}
    end: []
    """))


def tactic(text: str):
    from tabletwin.modelfile import load_yaml

    return compile_tactic(load_yaml(textwrap.dedent(text)).data)


def first_decision():
    game = Game(MODEL)
    game.answer(0)  # the deal's chance
    return game


def test_places_and_wildcards():
    assert base_place("action take · 2") == "action take"
    assert matches(["window *"], "window None")
    assert matches(["step t?rn"], "step turn")
    assert matches(["step [st]urn"], "step turn") and not matches(["step [!t]urn"], "step turn")


@pytest.mark.parametrize("rules,expected", [
    ("[{at: step turn, pick: high}]", "high"),
    ("[{at: step turn, pick: nothing}, {at: step turn, pick: mid}]", "mid"),
    ("[{at: step other, pick: high}, {at: 'step *', pick: mid}]", "mid"),
    ("[{at: step turn, options: [low, high], pick: high}, {at: step turn, pick: low}]", "low"),
    ("[{at: step turn, options: [low, high, mid], pick: high}]", "high"),
    ("[{at: step turn, when_x: 'x > 9', pick: high}, {at: step turn, pick_x: \"'m' + 'id'\"}]", "mid"),
    ("[{at: step turn, pick_x: 'opts[1]'}]", "high"),
    ("[{at: step turn, max_x: 'len(o)'}]", "high"),
    ("[{at: step turn, min_x: '(len(o), -i)'}]", "mid"),
    ("[{at: [step x, step turn], when_x: \"where == 'step turn' and me == 0 and labels == opts\", pick: mid}]",
     "mid"),
])
def test_rules_decide_in_order(rules, expected):
    game = first_decision()
    player = RulePlayer(tactic(f"tactic: t\nrules: {rules}\n"), random.Random(0))
    request = game.request
    assert request.options[player.choose(game, request)] == expected


def test_default_first_and_lets_computed_only_when_read():
    t = tactic("""\
    tactic: t
    default: first
    let: {broken: "1 / 0", fine: "x + 1"}
    rules: [{at: step turn, when_x: "fine > 10", pick: high}]
    """)
    game = first_decision()
    assert RulePlayer(t, random.Random(0)).choose(game, game.request) == 0


def test_a_let_behind_a_condition_or_a_loop_is_made_only_when_reached():
    # The rules read their local names where they use them: a let that fails is never made
    # when the rule decides before reaching it (the same in a comprehension's condition).
    t = tactic("""\
    tactic: t
    let: {broken: "1 / 0", fine: "x + 1"}
    rules:
      - {at: step turn, when_x: "fine < 10 or broken > 0", pick: mid}
    """)
    game = first_decision()
    request = game.request
    assert request.options[RulePlayer(t, random.Random(0)).choose(game, request)] == "mid"
    t = tactic("""\
    tactic: t
    let: {broken: "1 / 0"}
    rules: [{at: step turn, max_x: "len([c for c in o if c == 'z' and broken])"}]
    """)
    assert RulePlayer(t, random.Random(0)).choose(game, request) == 0


def test_lets_that_are_one_constant_start_every_decision_and_others_are_made_on_read():
    t = tactic("""\
    tactic: t
    let: {target: "8", word: "'mid'", none: "None", opts: "1", sum: "target + 1", broken: "1 +"}
    rules: [{at: step turn, when_x: "target == 8 and none is None and len(opts) == 3", pick_x: "word"}]
    """)
    # A let named like one of the rule's own names (opts) keeps the rule's meaning.
    assert t.literal_lets == {"target": 8, "word": "mid", "none": None}
    game = first_decision()
    request = game.request
    assert request.options[RulePlayer(t, random.Random(0)).choose(game, request)] == "mid"
    names = RulePlayer(t, random.Random(0)).names(game, request)
    assert dict(names) == {"where": "step turn", "me": 0, "target": 8, "word": "mid", "none": None}
    assert names["sum"] == 9
    with pytest.raises(Exception) as info:
        names["broken"]
    assert "syntax error" in str(info.value)


def test_o_and_i_are_names_of_max_min_and_take_only():
    # Elsewhere they are the model's names (none here): a when_x or pick_x reading one fails.
    game = first_decision()
    for rule in ("{at: step turn, when_x: 'i == 2', pick: mid}", "{at: step turn, pick_x: 'o'}"):
        t = tactic(f"tactic: t\nrules: [{rule}]\n")
        with pytest.raises(Exception) as info:
            RulePlayer(t, random.Random(0)).choose(game, game.request)
        assert "is not defined" in str(info.value)


def test_take_x_subsets_use_pool_and_chosen():
    t = tactic("""\
    tactic: t
    rules:
      - {at: step turn, pick: low}
      - {at: action take, take_x: "o % 2 == 0 and len(chosen) < 2 and pool == [1, 2, 3, 4]"}
    """)
    game = first_decision()
    player = RulePlayer(t, random.Random(0))
    while game.request.kind != "end":
        game.answer(player.choose(game, game.request))
    assert game.value("log") == [2, 4]


def test_engine_locals_are_not_in_scope():
    t = tactic("tactic: t\nrules: [{at: step turn, when_x: 'actor == 0', pick: high}]\n")
    game = first_decision()
    with pytest.raises(Exception) as info:
        RulePlayer(t, random.Random(0)).choose(game, game.request)
    assert "name 'actor' is not defined" in str(info.value)


@pytest.mark.parametrize("rule,message", [
    ("{at: step turn, pick: a, max_x: '1'}", "tactic t: rule 1 (at step turn) has 2 pick fields"),
    ("{at: step turn}", "tactic t: rule 1 (at step turn) has no pick field"),
    ("{pick: a}", "tactic t: rule 1 (no at) has no at"),
])
def test_rules_need_an_at_and_exactly_one_pick_field(rule, message):
    with pytest.raises(NotExecutable) as info:
        tactic(f"tactic: t\nrules: [{rule}]\n")
    assert info.value.message == message


def test_extends_merges_and_cycles_are_errors(tmp_path):
    (tmp_path / "base.yaml").write_text("tactic: base\nlabel: Base\ndefault: first\nlet: {a: '1', b: '2'}\n"
                                        "rules: [{at: step x, pick: base}]\nsearch: {at: step x, rollouts: 4}\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "variant.yaml").write_text("tactic: variant\nextends: ../base.yaml\nlet: {b: '3'}\n"
                                                   "rules: [{at: step y, pick: mine}]\n")
    merged = load_tactic(tmp_path / "sub" / "variant.yaml")
    assert merged.name == "variant" and merged.default == "first" and merged.data["label"] == "Base"
    assert [r.pick for r in merged.rules] == ["mine", "base"]
    assert {k: c.text for k, c in merged.lets.items()} == {"a": "1", "b": "3"}
    assert (merged.search.at, merged.search.rollouts, merged.search.max_rollouts) == (["step x"], 4, 16)
    (tmp_path / "a.yaml").write_text("tactic: a\nextends: b.yaml\n")
    (tmp_path / "b.yaml").write_text("tactic: b\nextends: a.yaml\n")
    with pytest.raises(NotExecutable) as info:
        load_tactic(tmp_path / "a.yaml")
    assert info.value.message == "tactic a.yaml: extends runs in a cycle (a.yaml → b.yaml → a.yaml)"


def test_redistribute_keeps_counts_and_uids_and_leaves_what_me_sees():
    game = Game(MODEL)
    game.answer(0)
    hand = game.state.zones["hand"][1]
    before = sorted(c["uid"] for c in game.state.zones["deck"]) + [hand[0]["uid"]]
    seen = set()
    for seed in range(30):
        copy = game.clone()
        redistribute(copy, 0, random.Random(seed))
        other = copy.state.zones["hand"][1]
        assert len(other) == 1 and other[0]["uid"] == hand[0]["uid"]
        assert sorted(c["uid"] for c in copy.state.zones["deck"]) + [other[0]["uid"]] == before
        seen.add(other[0]["id"])
        mine = game.clone()
        redistribute(mine, 1, random.Random(seed))
        assert mine.state.zones["hand"][1][0]["id"] == hand[0]["id"]
    assert seen == {"a", "b", "c"}


def test_search_keeps_the_rules_pick_without_proof_and_finds_a_proven_better_option():
    pig = load_model(ROOT / "examples" / "pig.yaml")
    holder = tactic("""\
    tactic: t
    rules: [{at: step decide, pick: hold}]
    search: {at: step decide, rollouts: 8, max_rollouts: 32}
    """)
    game = Game(pig)
    while game.request.kind != "decision" or len(game.request.options) < 2:
        game.answer(0 if game.request.kind == "decision" else 5)  # roll sixes until hold is legal
    player = SearchPlayer(holder, random.Random(1))
    assert player.choose(game, game.request) in (0, 1)
    assert player.decisions == 1 and 2 <= player.rollouts <= 64
    never = tactic("tactic: t\nrules: [{at: step decide, pick: hold}]\nsearch: {at: step nowhere}\n")
    blind = SearchPlayer(never, random.Random(1))
    assert game.request.options[blind.choose(game, game.request)] == "hold" and blind.rollouts == 0


EXAMPLE_TACTICS = [
    # model, the line-up with the tactic in seat 0 (or every seat), games
    ("pig.yaml", ["pig-hold-at-8.yaml", "random"], 200),
    ("tic_tac_toe.yaml", ["tic-tac-toe-basic.yaml", "random"], 100),
    ("kuhn_poker.yaml", ["kuhn-poker-value.yaml", "random"], 400),
    ("high_card_rummy.yaml", ["high-card-rummy-keep-high.yaml", "random", "random"], 100),
    ("campaign.yaml", ["campaign-cautious.yaml"], 100),
    ("border_skirmish.yaml", ["border-skirmish-advance.yaml", "random"], 100),
    ("spell_duel.yaml", ["spell-duel-eager.yaml", "random", "random"], 150),
    ("flood_rescue.yaml", ["flood-rescue-coordinated.yaml"], 400),
]


@pytest.mark.parametrize("model,line_up,games", EXAMPLE_TACTICS, ids=[t[0] for t in EXAMPLE_TACTICS])
def test_example_tactics_beat_random(model, line_up, games):
    """Seat 0's mean payoff with the tactic exceeds random's on the same seeds by a clear margin."""
    from tabletwin import play

    m = load_model(ROOT / "examples" / model)
    tactic_line_up = [str(ROOT / "examples" / "tactics" / p) if p.endswith(".yaml") else p for p in line_up]
    random_line_up = ["random"] * len(line_up)
    differences = [play(m, tactic_line_up, seed).payoffs[0] - play(m, random_line_up, seed).payoffs[0]
                   for seed in range(games)]
    mean = sum(differences) / games
    spread = (sum((d - mean) ** 2 for d in differences) / (games - 1)) ** 0.5
    assert mean > 2 * spread / games ** 0.5


def test_pig_to_100_known_values():
    from tabletwin import play

    pig = load_model(ROOT / "tests" / "fixtures" / "pig100.yaml")
    hold = str(ROOT / "tests" / "fixtures" / "pig100-hold-at-20.yaml")

    def first_wins(players, games):
        return sum(r.payoffs[0] > 0 for r in (play(pig, players, seed) for seed in range(games))) / games

    # Known values (OpenSpiel's rules): hold at 20 moving first beats random 99.68%, random vs
    # random gives the first player 51.27%. Four standard errors either side; the seeds are fixed.
    p = 0.9968
    assert abs(first_wins([hold, "random"], 600) - p) < 4 * (p * (1 - p) / 600) ** 0.5 + 1 / 600
    p = 0.5127
    assert abs(first_wins(["random", "random"], 800) - p) < 4 * (p * (1 - p) / 800) ** 0.5


def test_search_rollouts_are_bounded(tmp_path):
    from tabletwin.tactics.tactic import MAX_SEARCH_ROLLOUTS, TacticError

    assert MAX_SEARCH_ROLLOUTS == 10_000
    path = tmp_path / "t.yaml"
    path.write_text("tactic: t\nsearch: {at: [step a, step b], rollouts: 10000, max_rollouts: 10000, z: 0}\n")
    loaded = load_tactic(path)
    assert (loaded.search.at, loaded.search.rollouts, loaded.search.max_rollouts, loaded.search.z) == (
        ["step a", "step b"], 10_000, 10_000, 0.0)
    path.write_text("tactic: t\nsearch: {at: step a, rollouts: 10001}\n")
    with pytest.raises(TacticError) as info:
        load_tactic(path)
    assert info.value.message == (f"{path}:2:32: search.rollouts of tactic t must be a whole number from 1 to "
                                  f"10,000, not 10001")
    assert isinstance(info.value, NotExecutable)


def test_the_default_max_rollouts_stays_within_the_bound(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("tactic: t\nsearch: {at: step a, rollouts: 9000}\n")
    assert load_tactic(path).search.max_rollouts == 10_000


def test_a_chain_is_read_in_a_loop_not_by_recursion(tmp_path):
    import sys

    from tabletwin.tactics.tactic import MAX_EXTENDS

    for number in range(MAX_EXTENDS - 1):
        (tmp_path / f"c{number}.yaml").write_text(f"tactic: c{number}\nextends: c{number + 1}.yaml\n"
                                                  f"rules: [{{at: step x, pick: p{number}}}]\n")
    (tmp_path / f"c{MAX_EXTENDS - 1}.yaml").write_text("tactic: last\nlet: {a: '1'}\n")
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100)  # far below the chain's length times a recursion's frames
    try:
        loaded = load_tactic(tmp_path / "c0.yaml")
    finally:
        sys.setrecursionlimit(limit)
    assert [rule.pick for rule in loaded.rules] == [f"p{n}" for n in range(MAX_EXTENDS - 1)]
    assert loaded.name == "c0" and set(loaded.lets) == {"a"}


def test_a_tactic_that_is_not_yaml_is_placed_in_its_file(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("tactic: t\nrules: [\n")
    with pytest.raises(NotExecutable) as info:
        load_tactic(path)
    assert str(info.value) == f"{path}:2:8: this [ is never closed: the text ends before its ]"


def test_rollout_players_draw_the_numbers_of_a_generator_seeded_up_front():
    from tabletwin.tactics.search import SeededOnUse

    lazy, eager = SeededOnUse("7:1"), random.Random("7:1")
    assert lazy.rng is None
    assert [lazy.randrange(6) for _ in range(20)] == [eager.randrange(6) for _ in range(20)]
    assert lazy.random() == eager.random()


def test_the_rules_at_a_place_are_worked_out_once_per_tactic():
    tactic = compile_tactic({"tactic": "t", "rules": [{"at": "step a*", "pick": "x", "when_x": "me == 1"},
                                                      {"at": "step b", "pick": "y"},
                                                      {"at": "step a", "options": [1, 2], "pick": "z"}]})
    from tabletwin.tactics.player import rules_at

    found = rules_at(tactic, "step a")
    assert [(rule.number, labels, pick) for rule, labels, pick, _ in found] == [(1, None, "x"), (3, ["1", "2"], "z")]
    # A when_x is kept as its evaluator (the Code with its call's bookkeeping inlined).
    when = found[0][3]
    assert when is tactic.rules[0].when.evaluator() and found[1][3] is None
    scope = build_globals()
    assert when({"me": 1}, scope) is True and when({"me": 0}, scope) is False
    assert rules_at(tactic, "step a") is found
    assert rules_at(tactic, "step c") == []
    assert base_place("choose cards · 3") == "choose cards"


def test_a_loaded_tactic_pickles_with_its_literal_lets_worked_out():
    # As the Ray backend ships loaded tactics to its workers.
    import pickle

    t = tactic("tactic: t\nlet: {target: '8'}\nrules: [{at: step turn, when_x: 'target == 8', pick: mid}]\n")
    copy = pickle.loads(pickle.dumps(t))
    game = first_decision()
    assert copy.literal_lets == {"target": 8}
    assert game.request.options[RulePlayer(copy, random.Random(0)).choose(game, game.request)] == "mid"
