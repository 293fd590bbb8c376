"""``tabletwin ladder --html FILE``: one self-contained page with the verdict and the charts."""

from tabletwin.simulate.ladder import Figures, Ladder, ladder_verdict
from tabletwin.simulate.ladder_html import ladder_html

from .helpers import run, run_json
from .test_html_report import assert_self_contained, parse
from .test_ladder import PIG, PIG_SEARCH


def test_ladder_writes_a_well_formed_self_contained_page(tmp_path, capsys):
    page = tmp_path / "ladder.html"
    argv = ["ladder", PIG, "--tactic", str(PIG_SEARCH), "--budgets", "0,4", "--games", "3", "--seed", "1"]
    status, out, err = run(argv + ["--html", str(page)], capsys)
    assert status == 0 and err == ""
    assert out.splitlines()[0] == "Pig: ladder of pig-search, 3 seeds (seeds 1–3), seats rotated"
    parsed = parse(page)
    assert_self_contained(page)
    assert parsed.tags[:1] == ["html"] and "style" in parsed.tags
    # win rate and mean payoff, against budget 0 and against random
    assert parsed.tags.count("svg") == 4
    text = " ".join(parsed.text)
    verdict = out.splitlines()[-1]  # the text report ends with the same sentence
    assert verdict.startswith("More thinking")
    assert verdict in text
    _, document, _ = run_json(argv, capsys)
    for rung in document["rungs"]:
        assert f"budget {rung['budget']}" in parsed.text
    assert "Pig — skill ladder of pig-search" in parsed.text


def _ladder(gain, gain_ci95):
    floor = Figures(10, 5, 0.5, (0.2, 0.8), 0.0, (-0.3, 0.3), {})
    better = Figures(10, 8, 0.8, (0.49, 0.94), 0.6, (0.2, 1.0), {})
    rungs = [{"floor": floor, "random": better}, {"floor": better, "random": better}]
    return Ladder("t<x>", 10, 0, [0, 16], rungs, gain, gain_ci95)


def test_the_page_shows_the_figures_and_the_verdict():
    ladder = _ladder(0.6, (0.2, 1.0))
    page = ladder_html(ladder.as_json(), ladder_verdict(ladder), "Game & co", 2)
    assert "<b>More thinking wins more: budget 16 gains +0.600 mean payoff over budget 0 (95% interval " \
           "[0.200, 1.000]).</b>" in page
    assert "The curve rises: budget 16 against budget 0, paired per seed, 0.600 mean payoff, 95% interval " \
           "[0.200, 1.000]." in page
    assert "Game &amp; co — skill ladder of t&lt;x&gt;" in page  # model and tactic text escaped
    assert ('<tr><td class="n">16</td><td>budget 0</td><td class="n">10</td><td class="n">80.0%</td>'
            '<td>[49.0%, 94.0%]</td><td class="n">0.600</td><td>[0.200, 1.000]</td></tr>') in page


def test_a_flat_ladder_says_so_plainly():
    ladder = _ladder(0.01, (-0.1, 0.12))
    page = ladder_html(ladder.as_json(), ladder_verdict(ladder), "Game", 2)
    assert "<b>More thinking does not win more: a game of luck (budget 16 against budget 0: +0.010 mean payoff, " \
           "95% interval [-0.100, 0.120], over 10 seeds; more games could still show a small gain).</b>" in page
    assert "The curve does not rise" in page


def test_a_page_that_cannot_be_written_is_an_error(tmp_path, capsys):
    status, out, err = run(["ladder", PIG, "--tactic", str(PIG_SEARCH), "--budgets", "0", "--games", "1",
                            "--html", str(tmp_path)], capsys)
    assert status == 2 and out == ""
    assert err == f"tabletwin ladder: cannot write {tmp_path}: Is a directory\n"
