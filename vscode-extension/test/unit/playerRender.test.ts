import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { escapeHtml } from "../../src/view/escape";
import { currentStation, formatProbability, renderBoard, renderLog, renderQuestion, renderSetup, renderStatus,
         renderTable, shortPlayer } from "../../src/view/playerRender";
import type { PlayView } from "../../src/view/protocol";

// Views written by the engine (tabletwin.playview) for examples/kuhn_poker.yaml, seed 3, seat 0
// by hand and seen by seat 0, advanced to its question (PlaySession(model, ["human", "random"],
// seed=3, view_as=0); advance("human"); view()), and examples/border_skirmish.yaml with random
// seats, seed 1, one request played, seen by everyone.
const fixtures = join(__dirname, "../../../test/fixtures");
const kuhn = (): PlayView => JSON.parse(readFileSync(join(fixtures, "kuhn-view-seat0.json"), "utf8"));
const skirmish = (): PlayView => JSON.parse(readFileSync(join(fixtures, "border-skirmish-view.json"), "utf8"));

/** The text nodes of some HTML, trimmed, without empty ones (what a reader of the page sees). */
function texts(html: string): string[] {
  return html.replace(/<[^>]*>/g, "\n").split("\n").map((t) => t.trim()).filter(Boolean);
}

test("escaping: markup, quotes and ampersands in model text stay text", () => {
  assert.equal(escapeHtml(`<img src=x onerror="alert(1)">&'`), "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;");
  assert.equal(escapeHtml(3), "3");
});

test("a hand-played question: one button per option, in order, with its index", () => {
  const html = renderQuestion(kuhn());
  assert.match(html, /Request 2: Seat 0 \(you\) decides at <a href="#" class="tt-line" data-line="62" data-column="11"/);
  assert.deepEqual([...html.matchAll(/<button class="tt-option" data-answer="(\d)">([^<]*)<\/button>/g)].map((m) => [m[1], m[2]]),
                   [["0", "check"], ["1", "bet"]]);
  assert.doesNotMatch(html, /data-advance/);
});

test("a computer seat's question: the waiting options and the three run buttons", () => {
  const view = kuhn();
  view.request = { ...view.request!, player: 1, by_hand: false, options: ["?", "?"] };
  const html = renderQuestion(view);
  assert.match(html, /Seat 1 \(random\) decides/);
  assert.deepEqual([...html.matchAll(/data-advance="(\w+)"/g)].map((m) => m[1]), ["one", "human", "end"]);
  assert.doesNotMatch(html, /tt-option"/);
  view.players = ["random", "random"];
  assert.deepEqual([...renderQuestion(view).matchAll(/data-advance="(\w+)"/g)].map((m) => m[1]), ["one", "end"]);
});

test("chance with probabilities", () => {
  const view = kuhn();
  view.request = { ...view.request!, kind: "chance", player: null, by_hand: false, options: ["1", "2"],
                   probabilities: [1 / 3, 2 / 3] };
  const html = renderQuestion(view);
  assert.match(html, /Request 2: chance at/);
  assert.deepEqual(texts(html).filter((t) => t.endsWith("%")), ["33.3%", "66.7%"]);
  assert.equal(formatProbability(0.125), "12.5%");
});

test("seen by seat 0, the opponent's card appears nowhere: only the backs", () => {
  const view = kuhn();
  const html = renderQuestion(view) + renderLog(view) + renderTable(view, "zones") + renderStatus(view);
  const shown = texts(html);
  assert.ok(shown.includes("K"), "seat 0's own card is shown");
  for (const card of ["J", "Q"]) assert.ok(!shown.includes(card), `${card} is shown to seat 0`);
  assert.match(renderTable(view, "zones"),
               /<span class="tt-zone-name">hand of seat 1<\/span> <span class="tt-hint">owner<\/span><ul class="tt-cards"><li class="tt-card">\?<\/li>/);
});

test("the log: each entry links to its line and can be gone back to; automatic steps cannot", () => {
  const html = renderLog(kuhn());
  const entries = html.split('<li class="tt-entry">').slice(1);
  assert.equal(entries.length, 3);
  assert.match(entries[0], /The game at <a href="#" class="tt-line" data-line="55" data-column="7"[^>]*>step deal<\/a>: <span class="tt-answer">deal<\/span> <span class="tt-hint">\(only option\)/);
  assert.doesNotMatch(entries[0], /data-back/);
  assert.match(entries[1], /<span class="tt-index">0<\/span> Chance at .*>action deal<\/a>: <span class="tt-answer">K<\/span> <button class="tt-back tt-secondary" data-back="0"/);
  assert.match(entries[1], /<li><span class="tt-card">K<\/span> deck → hand\[0\]<\/li>/);
  assert.match(entries[2], /<span class="tt-answer">\?<\/span>.*data-back="1"/);
});

test("the table: shared values and per-player values as a table with a column per seat", () => {
  const html = renderTable(kuhn(), "zones");
  assert.match(html, /<caption>Values<\/caption><tbody><tr><th scope="row">current<\/th><td>0<\/td><\/tr>/);
  assert.match(html, /<caption>Per player<\/caption><thead><tr><th scope="col">Variable<\/th><th scope="col">Seat 0<\/th><th scope="col">Seat 1<\/th><\/tr><\/thead><tbody><tr><th scope="row">stake<\/th><td>1<\/td><td>1<\/td><\/tr>/);
  // Without boards there is one tab, whatever was asked for.
  assert.deepEqual([...renderTable(kuhn(), "board").matchAll(/data-tab="(\w+)"/g)].map((m) => m[1]), ["zones"]);
});

test("the table's tabs: roles, selection and roving tab stops", () => {
  const html = renderTable(skirmish(), "board");
  assert.match(html, /<div role="tablist" aria-label="Table"><button role="tab" id="tt-tab-zones" data-tab="zones" aria-controls="tt-panel-zones" aria-selected="false" tabindex="-1">Zones and values<\/button><button role="tab" id="tt-tab-board" data-tab="board" aria-controls="tt-panel-board" aria-selected="true" tabindex="0">Board<\/button><\/div>/);
  assert.match(html, /<div role="tabpanel" id="tt-panel-board" aria-labelledby="tt-tab-board" tabindex="0"><figure class="tt-board">/);
});

test("a square board: one cell per engine cell, pieces as labels", () => {
  const board = skirmish().table!.board!.boards[0];
  const html = renderBoard(board);
  // The 5×5 field has no c3 (a hole in the model's board): 24 cells, none drawn for c3.
  assert.equal([...html.matchAll(/<rect class="tt-cell"/g)].length, 24);
  assert.doesNotMatch(html, /data-cell="c3"/);
  // a1 is centred at (0.5, 4.5) units: its square starts at (0, 4) units of 64 pixels.
  assert.match(html, /<g class="tt-board-cell" data-cell="a1"><title>a1: red-west<\/title><rect class="tt-cell" x="0.0" y="256.0" width="64" height="64"\/><text class="tt-piece" x="32.0" y="288.0">red-west<\/text><\/g>/);
  assert.match(html, /viewBox="0.0 0.0 320.0 320.0"/);
});

test("a hex board: hexagons of radius 1 around the engine's centres, pointy or flat", () => {
  const cell = { id: "c<1>", x: Math.sqrt(3) / 2, y: 1, pieces: ["<b>"] };
  const pointy = renderBoard({ name: "hex & co", shape: "hex", orientation: "pointy", cells: [cell] });
  const corners = /points="([^"]+)"/.exec(pointy)![1].split(" ").map((p) => p.split(",").map(Number));
  assert.equal(corners.length, 6);
  for (const [x, y] of corners) assert.ok(Math.abs(Math.hypot(x - cell.x * 64, y - 64) - 64) < 0.1);
  assert.ok(corners.some(([x]) => Math.abs(x - cell.x * 64) < 0.1), "a pointy hexagon has a corner straight up");
  assert.match(pointy, /data-cell="c&lt;1&gt;"><title>c&lt;1&gt;: &lt;b&gt;<\/title>/);
  assert.match(pointy, /aria-label="hex &amp; co"/);
  const flat = renderBoard({ name: "f", shape: "hex", orientation: "flat", cells: [cell] });
  assert.ok(/points="([^"]+)"/.exec(flat)![1].split(" ").some((p) => Math.abs(Number(p.split(",")[1]) - 64) < 0.1),
            "a flat hexagon has a corner level with its centre");
});

test("the end: the reason and each seat's payoff", () => {
  const view = { ...kuhn(), request: null, end: { reason: "showdown", payoffs: [2, -2] } };
  const html = renderQuestion(view);
  assert.match(html, /<h2>Game over: showdown<\/h2>/);
  assert.match(html, /<tr><th scope="row">Seat 0 \(you\)<\/th><td>2<\/td><\/tr><tr><th scope="row">Seat 1 \(random\)<\/th><td>-2<\/td><\/tr>/);
});

test("an engine error: its kind, message and a link to its line", () => {
  const view: PlayView = { ...kuhn(), request: null,
    error: { kind: "ExprError", message: "division by zero in <pips // 0>", line: 31, column: 40, station: "flow.children[0]" } };
  const html = renderQuestion(view);
  assert.match(html, /<span class="tt-error-kind">ExprError<\/span>: <span class="tt-error-message">division by zero in &lt;pips \/\/ 0&gt;<\/span>/);
  assert.match(html, /<a href="#" class="tt-line" data-line="31" data-column="40"[^>]*>line 31<\/a>/);
  assert.equal(currentStation(view), "flow.children[0]");
  assert.equal(currentStation(kuhn()), "flow.children[1].children[0]");
});

test("hostile model text is escaped everywhere it is drawn", () => {
  const evil = `</select><script>alert(1)</script><img src=x onerror=alert(2)>"'`;
  const view = kuhn();
  view.request!.options = [evil];
  view.request!.where = evil;
  view.log[1].answer = evil;
  view.log[1].changes!.variables = [{ name: evil, seat: 0, before: evil, after: evil }];
  view.log[1].changes!.events = [evil];
  view.table!.zones[1].cards = [evil];
  view.table!.zones[1].name = evil;
  view.table!.variables[0].name = evil;
  view.players[1] = evil;
  view.end = null;
  const html = renderQuestion(view) + renderLog(view) + renderTable(view, "zones") + renderStatus(view) +
    renderSetup({ model: evil, seats: 2, choices: [{ value: evil, label: evil }], players: [evil, "random"], seed: 1, viewAs: null }) +
    renderBoard({ name: evil, shape: "square", cells: [{ id: evil, x: 0.5, y: 0.5, pieces: [evil] }] });
  assert.doesNotMatch(html, /<script|<img|<\/select><script/);
  assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;"));
});

test("the set-up: a select per seat with the choices, the seed, and the viewer locked by a hand-played seat", () => {
  const choices = [{ value: "human", label: "by hand" }, { value: "random", label: "random" },
                   { value: "/w/t.yaml", label: "tactic t.yaml" }];
  const html = renderSetup({ model: "kuhn_poker", seats: 2, choices, players: ["random", "/w/t.yaml"], seed: 42, viewAs: 1 });
  assert.match(html, /<select id="tt-seat-1" data-seat="1"><option value="human">by hand<\/option><option value="random">random<\/option><option value="\/w\/t.yaml" selected>tactic t.yaml<\/option><\/select>/);
  assert.match(html, /<input id="tt-seed" type="number" step="1" value="42">/);
  assert.match(html, /<select id="tt-view-as"><option value="">everyone<\/option><option value="0">seat 0<\/option><option value="1" selected>seat 1<\/option><option value="-1">a spectator \(public only\)<\/option><\/select>/);
  const byHand = renderSetup({ model: "m", seats: 2, choices, players: ["random", "human"], seed: 1, viewAs: null });
  assert.match(byHand, /<select id="tt-view-as" disabled>.*<option value="1" selected>seat 1<\/option>/);
});

test("the status line: seed, line-up and whether the viewer may change", () => {
  assert.match(renderStatus(kuhn()), /Seed <span id="tt-current-seed">3<\/span> · players 0: human, 1: random · <label>seen by <select id="tt-view-as-now" disabled>/);
  const over = { ...kuhn(), end: { reason: "fold", payoffs: [1, -1] } };
  assert.match(renderStatus(over), /<select id="tt-view-as-now">/);
  assert.equal(shortPlayer("/home/me/tactics/kuhn-poker-value.yaml"), "tactic kuhn-poker-value.yaml");
});
