"""``--html FILE``: one self-contained, well-formed file with the charts as inline SVG."""

from html.parser import HTMLParser

from .helpers import SPELL_DUEL, run

from ..conftest import ROOT

PIG = str(ROOT / "examples" / "pig.yaml")
TOY = str(ROOT / "tests" / "fixtures" / "balance" / "toy.yaml")

VOID = {"meta", "br", "hr", "img", "input", "link"}


class Structure(HTMLParser):
    """Checks that every element is closed in order and collects tags, attributes and text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.tags, self.attributes, self.text = [], [], [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attributes.extend(attrs)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)
        self.attributes.extend(attrs)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parse(path) -> Structure:
    text = path.read_text(encoding="utf-8")
    parser = Structure()
    parser.feed(text)
    parser.close()
    assert parser.problems == [] and parser.stack == []
    return parser


def assert_self_contained(path):
    text = path.read_text(encoding="utf-8").lower()
    for reference in ("http:", "https:", "//", "src=", "href=", "<script", "<link", "url(", "@import", "<img"):
        assert reference not in text, reference


def test_simulate_writes_a_well_formed_self_contained_page(tmp_path, capsys):
    page = tmp_path / "report.html"
    status, out, _ = run(["simulate", SPELL_DUEL, "--games", "20", "--html", str(page)], capsys)
    assert status == 0 and out.startswith("Spell Duel: 20 games")  # the text report still goes to the terminal
    parsed = parse(page)
    assert_self_contained(page)
    assert parsed.tags[:1] == ["html"] and "style" in parsed.tags
    text = " ".join(parsed.text)
    for heading in ("Outcome", "Duration", "Choice", "Rule coverage"):
        assert heading in text
    # charts: win rate, mean payoff, end reasons, four histograms, options per place
    assert parsed.tags.count("svg") == 8
    assert "content.spells.firebolt" in text


def test_unused_rules_are_marked_in_the_coverage_table(tmp_path, capsys):
    page = tmp_path / "toy.html"
    run(["simulate", TOY, "--games", "2", "--players", "first", "--html", str(page)], capsys)
    parsed = parse(page)
    assert sum(1 for name, value in parsed.attributes if name == "class" and value == "unused") == 5
    assert "Unused in every game (5): actions.rest, actions.hold_forever, triggers[1], end[1], content.cards[1]" \
        in " ".join(parsed.text)


def test_text_from_the_model_is_escaped(tmp_path, capsys):
    page = tmp_path / "x.html"
    model = ("label: '<script>alert(1)</script> & co'\nflow: {id: s, kind: step, do: a}\n"
             "actions: {a: {effect: []}}\nend: [{id: e, if_x: 'True', result: draw}]\n")
    status, _, _ = run(["simulate", "-", "--games", "2", "--html", str(page)], capsys, stdin_text=model)
    assert status == 0
    text = page.read_text(encoding="utf-8")
    assert "<script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in text
    parse(page)


def test_sweep_writes_a_page_too(tmp_path, capsys):
    page = tmp_path / "sweep.html"
    status, _, _ = run(["sweep", PIG, "--set", "GOAL=10,20", "--games", "10", "--html", str(page)], capsys)
    assert status == 0
    parsed = parse(page)
    assert_self_contained(page)
    assert parsed.tags.count("svg") == 2  # one chart per seat
    assert "GOAL=10" in " ".join(parsed.text) and "GOAL=20" in " ".join(parsed.text)


def test_a_page_that_cannot_be_written_is_an_error(tmp_path, capsys):
    status, out, err = run(["simulate", PIG, "--games", "1", "--html", str(tmp_path)], capsys)
    assert status == 2 and out == ""
    assert err == f"tabletwin simulate: cannot write {tmp_path}: Is a directory\n"


def test_a_run_without_finished_games_still_gives_a_page(tmp_path, capsys):
    from .helpers import BROKEN

    page = tmp_path / "broken.html"
    status, _, _ = run(["simulate", "-", "--games", "3", "--html", str(page)], capsys, stdin_text=BROKEN)
    assert status == 1
    parsed = parse(page)
    assert "n = 3 games." in parsed.text
    assert parsed.tags.count("svg") == 3  # win rate and payoff axes without bars, how games ended
