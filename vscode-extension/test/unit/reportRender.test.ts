import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { checkBudgets, parseBudgets } from "../../src/view/ladderInput";
import { locate, parseFromReport, staleNote } from "../../src/view/reportProtocol";
import type { LadderResult, SimulationResult } from "../../src/view/reportProtocol";
import { barChart, histogramChart, num, pct, pts, renderCoverage, renderDuration, renderLadder, renderOutcome,
         renderSimulation, signed } from "../../src/view/reportRender";

// Answers of the server for examples/pig.yaml: `tabletwin simulate --games 20 --json` with the
// ranges of tabletwin/simulationReport, and `tabletwin ladder --tactic tactics/pig-search.yaml
// --budgets 0,4 --games 3 --seed 1 --json` with its verdict (the text report's last line).
const root = join(__dirname, "../../..");
const fixtures = join(root, "test/fixtures");
const pig = (): SimulationResult => JSON.parse(readFileSync(join(fixtures, "pig-simulation.json"), "utf8"));
const ladder = (): LadderResult => JSON.parse(readFileSync(join(fixtures, "pig-ladder.json"), "utf8"));

/** The text nodes of some HTML, trimmed, without empty ones (what a reader of the page sees). */
function texts(html: string): string[] {
  return html.replace(/<[^>]*>/g, "\n").split("\n").map((t) => t.trim()).filter(Boolean);
}

test("numbers: percentages, points, signed payoffs, whole numbers kept whole", () => {
  assert.deepEqual([pct(0.55), pct(0.741802), pct(null), pct(1)], ["55.0%", "74.2%", "–", "100.0%"]);
  assert.deepEqual([pts(0.1), pts(-0.170303), pts(0)], ["+10.0 pts", "-17.0 pts", "+0.0 pts"]);
  assert.deepEqual([signed(0.1), signed(-0.577766), signed(null)], ["+0.100", "-0.578", "–"]);
  assert.deepEqual([num(35), num(36.25), num(1.598926)], ["35", "36.25", "1.60"]);
});

test("a bar with its whisker, the value and the fair share's line, at exact places", () => {
  const svg = barChart("Win rate", [{ label: "a", value: 0.5, interval: [0.25, 0.75] }],
                       { low: 0, high: 1, percent: true, reference: 0.5, width: 200 });
  assert.equal(svg,
    '<svg class="tt-chart" width="200" height="48" viewBox="0 0 200 48" role="img" aria-label="Win rate">' +
    '<line class="tt-gridline" x1="80.0" y1="2" x2="80.0" y2="30"/><text class="tt-tick" x="80.0" y="43" text-anchor="middle">0%</text>' +
    '<line class="tt-gridline" x1="108.0" y1="2" x2="108.0" y2="30"/><text class="tt-tick" x="108.0" y="43" text-anchor="middle">50%</text>' +
    '<line class="tt-gridline" x1="136.0" y1="2" x2="136.0" y2="30"/><text class="tt-tick" x="136.0" y="43" text-anchor="middle">100%</text>' +
    '<text class="tt-label" x="74" y="16" text-anchor="end">a</text>' +
    '<rect class="tt-bar" x="80.0" y="4" width="28.0" height="16" rx="2"><title>a: 50.0%, 95% interval [25.0%, 75.0%]</title></rect>' +
    '<path class="tt-whisker" d="M94.0 12H122.0M94.0 7V17M122.0 7V17"/>' +
    '<text class="tt-value" x="142" y="16">50.0%</text>' +
    '<line class="tt-reference" x1="108.0" y1="1" x2="108.0" y2="30"/></svg>');
});

test("a negative mean payoff draws from zero to the left; a seat without games has no bar", () => {
  const svg = barChart("Payoff", [{ label: "s", value: -0.5, interval: null }, { label: "t", value: null, interval: null }],
                       { low: -1, high: 1, percent: false, width: 200 });
  assert.match(svg, /<rect class="tt-bar" x="94\.0" y="4" width="14\.0" height="16" rx="2"><title>s: -0\.500<\/title><\/rect>/);
  assert.match(svg, /<text class="tt-tick" x="84" y="40">no games<\/text>/);
  assert.equal((svg.match(/<rect/g) ?? []).length, 1);
});

test("a histogram: one column per bin, as tall as its count", () => {
  assert.equal(histogramChart("Requests", [[1, 2, 3], [2, 4, 1]], 100, 60),
    '<svg class="tt-chart" width="100" height="60" viewBox="0 0 100 60" role="img" aria-label="Requests">' +
    '<rect class="tt-column" x="5.0" y="4.0" width="44.0" height="34.0"><title>1: 3 games</title></rect>' +
    '<rect class="tt-column" x="50.0" y="26.7" width="44.0" height="11.3"><title>2–3: 1 game</title></rect>' +
    '<line class="tt-axis" x1="5" y1="38" x2="95" y2="38"/><text class="tt-tick" x="5" y="54">1</text>' +
    '<text class="tt-tick" x="95" y="54" text-anchor="end">3</text></svg>');
  assert.equal(histogramChart("Requests", []), '<p class="tt-hint">No finished games.</p>');
});

test("outcome: per seat figures with intervals, the seat advantage, draws, cut games and errors", () => {
  const html = renderOutcome(pig().report);
  assert.match(html, /<tr><td class="tt-n">0<\/td><td>random<\/td><td class="tt-n">\+0\.100<\/td><td>\[-0\.378, 0\.578\]<\/td>/);
  assert.match(html, /<td class="tt-n">11<\/td><td class="tt-n">55\.0%<\/td><td>\[34\.2%, 74\.2%\]<\/td><td class="tt-n">\+5\.0 pts<\/td><td>\[-15\.8, \+24\.2\]<\/td><\/tr>/);
  assert.match(html, /the largest gap between seats is seat 0 − seat 1 = <b>\+10\.0 pts<\/b>, 95% interval \[-37\.8, \+57\.8\] pts \(fair share 50\.0%, n = 20 finished games\)/);
  assert.deepEqual(texts(html.slice(html.indexOf("How the 20 games ended"))).slice(0, 21), [
    "How the 20 games ended", "outcome", "games", "share", "95% interval",
    "draw", "0", "0.0%", "[0.0%, 16.1%]", "no winner", "0", "0.0%", "[0.0%, 16.1%]",
    "cut at the request limit", "0", "0.0%", "[0.0%, 16.1%]", "engine error", "0", "0.0%", "[0.0%, 16.1%]"]);
  assert.equal((html.match(/<svg/g) ?? []).length, 2);  // win rate and mean payoff
  assert.equal((html.match(/<path class="tt-whisker"/g) ?? []).length, 4);
});

test("duration: mean, median, p10, p90, max and a histogram per count", () => {
  const html = renderDuration(pig().report);
  assert.match(html, /<tr><td>Requests<\/td><td class="tt-n">20<\/td><td class="tt-n">36\.25<\/td><td>\[31\.20, 41\.30\]<\/td><td class="tt-n">35<\/td><td class="tt-n">24<\/td><td class="tt-n">52<\/td><td class="tt-n">19<\/td><td class="tt-n">61<\/td><\/tr>/);
  assert.deepEqual([...html.matchAll(/<td>([A-Z][a-z ]+)<\/td>/g)].map((m) => m[1]),
                   ["Requests", "Decisions", "Chance events", "Rounds of the main loop"]);
  assert.equal((html.match(/<svg/g) ?? []).length, 4);
});

test("choice and coverage: rules and places link to their lines; dead rules stand out", () => {
  const result = pig();
  const html = renderSimulation(result);
  assert.match(html, /<a href="#" class="tt-rule" data-kind="actions" data-key="roll" title="Show line 55 in the editor">roll<\/a>/);
  assert.match(html, /<a href="#" class="tt-rule" data-kind="end" data-key="reached_goal" title="Show line 76 in the editor">reached_goal<\/a>/);
  assert.match(html, /<a href="#" class="tt-rule" data-place="step decide" title="Show line 48 in the editor">step decide<\/a><\/td><td class="tt-n">\d+<\/td><td class="tt-n">1\.\d\d<\/td>/);
  assert.equal((html.match(/class="tt-rule"/g) ?? []).length, 7);  // 3 actions, 2 steps, 1 end, 1 place
  assert.match(html, /Every rule was used in some game\./);
  for (const id of ["tt-outcome", "tt-duration", "tt-choice", "tt-coverage", "tt-ends"]) assert.match(html, new RegExp(`id="${id}"`));

  result.report.coverage.actions.hold = { games: 0, uses: 0, path: "actions.hold" };
  result.report.unused = ["actions.hold"];
  delete result.locations.rules.actions.roll;
  const coverage = renderCoverage(result.report, result.locations);
  assert.match(coverage, /<tr class="tt-dead"><td>actions<\/td><td><a href="#" class="tt-rule" data-kind="actions" data-key="hold" title="Show line 66 in the editor">hold<\/a><\/td><td class="tt-n">0\/20<\/td><td class="tt-n">0<\/td><td>never used<\/td><\/tr>/);
  assert.match(coverage, /<b>1 rule was never used<\/b> in 20 games/);
  assert.match(coverage, /<tr><td>actions<\/td><td>roll<\/td>/);  // no range, no link
});

test("model text is escaped everywhere it appears", () => {
  const result = pig();
  result.model = "<img src=x onerror=alert(1)>";
  result.report.seats[0].player = "<b>tactic</b>";
  result.report.coverage.actions['"><script>'] = { games: 1, uses: 1, path: null };
  const html = renderSimulation(result);
  assert.doesNotMatch(html, /<img|<script|<b>tactic/);
  assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;: balance report/);
  assert.match(html, /seat 0 \(&lt;b&gt;tactic&lt;\/b&gt;\)/);
  assert.match(html, /<td>&quot;&gt;&lt;script&gt;<\/td>/);
  assert.doesNotMatch(html, /\sstyle=|https?:/);
});

test("the ladder: the verdict said plainly, figures per budget against both opponents", () => {
  const html = renderLadder(ladder(), 2);
  assert.match(html, /<p class="tt-verdict tt-flat" role="status"><b>More thinking does not win more: a game of luck \(budget 4 against budget 0: \+0\.000 mean payoff, 95% interval \[0\.000, 0\.000\], over 3 seeds; more games could still show a small gain\)\.<\/b><\/p>/);
  assert.match(html, /The curve does not rise: budget 4 against budget 0, paired per seed, \+0\.000 mean payoff, 95% interval \[0\.000, 0\.000\]\./);
  assert.match(html, /<tr><td class="tt-n">4<\/td><td>random<\/td><td class="tt-n">6<\/td><td class="tt-n">66\.7%<\/td><td>\[30\.0%, 90\.3%\]<\/td><td class="tt-n">\+0\.333<\/td><td>\[-1\.101, 1\.768\]<\/td><\/tr>/);
  assert.match(html, /<tr><td class="tt-n">0<\/td><td>budget 0<\/td><td class="tt-n">6<\/td><td class="tt-n">50\.0%<\/td><td>\[18\.8%, 81\.2%\]<\/td>/);
  assert.equal((html.match(/<svg/g) ?? []).length, 4);
  assert.equal((html.match(/class="tt-reference"/g) ?? []).length, 2);  // the fair share on the win rates
  const rising = ladder();
  rising.report.rises = true;
  rising.verdict = "More thinking wins more: budget 4 gains +0.500 mean payoff over budget 0 (95% interval [0.100, 0.900]).";
  assert.match(renderLadder(rising), /<p class="tt-verdict tt-rises" role="status"><b>More thinking wins more/);
  assert.doesNotMatch(renderLadder(rising), /class="tt-reference"/);  // seats unknown: no fair share
});

test("messages from the report webview: a rule or a place by name, nothing else", () => {
  assert.deepEqual(parseFromReport({ type: "rule", kind: "actions", key: "roll" }), { type: "rule", kind: "actions", key: "roll" });
  assert.deepEqual(parseFromReport({ type: "place", place: "step decide" }), { type: "place", place: "step decide" });
  assert.deepEqual(parseFromReport({ type: "ready" }), { type: "ready" });
  for (const bad of [null, [], "rule", { type: "rule", kind: "actions" }, { type: "rule", kind: "", key: "x" },
                     { type: "place", place: 3 }, { type: "reveal", line: 1 }, { type: "rule", kind: "a", key: "x".repeat(5000) }]) {
    assert.equal(parseFromReport(bad), undefined, JSON.stringify(bad));
  }
  const { locations } = pig();
  assert.deepEqual(locate(locations, { type: "rule", kind: "actions", key: "roll" }),
                   { start: { line: 54, character: 2 }, end: { line: 54, character: 6 } });
  assert.deepEqual(locate(locations, { type: "place", place: "step decide" }),
                   { start: { line: 47, character: 10 }, end: { line: 47, character: 106 } });
  assert.equal(locate(locations, { type: "rule", kind: "actions", key: "nothing" }), undefined);
  assert.equal(locate(locations, { type: "rule", kind: "__proto__", key: "constructor" }), undefined);
  assert.equal(locate(locations, { type: "place", place: "toString" }), undefined);
});

test("budgets as the ladder takes them", () => {
  assert.equal(checkBudgets("0, 16,64"), undefined);
  assert.deepEqual(parseBudgets("0, 16,64"), [0, 16, 64]);
  assert.equal(checkBudgets(""), "Give budgets separated by commas, 0 included (e.g. 0,16,64)");
  assert.equal(checkBudgets("4,8"), "Include 0: budget 0 is the floor every budget is measured against");
  assert.equal(checkBudgets("0,4,4"), "4 is named twice");
  assert.equal(checkBudgets("0,x"), "A budget is a whole number of rollouts from 0 to 10,000, not x");
  assert.equal(checkBudgets("0,10001"), "A budget is a whole number of rollouts from 0 to 10,000, not 10001");
  assert.equal(checkBudgets(Array.from({ length: 17 }, (_, i) => i).join(",")), "At most 16 budgets in one ladder");
});

test("the report's script and rendering load nothing from elsewhere and use no inline styles", () => {
  for (const file of ["webview/report.ts", "src/view/reportRender.ts", "src/view/reportProtocol.ts"]) {
    const text = readFileSync(join(root, file), "utf8");
    assert.doesNotMatch(text, /https?:\/\/|@import|url\(|\sstyle=/, file);
  }
});

test("a report of an older text says that lines may have moved", () => {
  assert.equal(staleNote(3, 3), undefined);
  assert.equal(staleNote(null, 7), undefined);  // a file that was not open: no version to compare
  assert.equal(staleNote(3, 4), "The model was edited after these games: the rules' lines may have moved. " +
                                "Run the command again for a fresh report.");
});
