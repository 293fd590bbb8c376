import assert from "node:assert/strict";
import { test } from "node:test";
import { parseFromDiagram, parseFromPlayer } from "../../src/view/messages";
import { contentSecurityPolicy, makeNonce, pageHtml } from "../../src/view/page";
import { stoppedGameOf, summaryHasStops } from "../../src/view/stopped";

test("the page: nonce on the one script, CSP without remote or inline sources", () => {
  const csp = contentSecurityPolicy("https://file+.vscode-resource.example", "abc");
  assert.equal(csp, "default-src 'none'; style-src https://file+.vscode-resource.example; " +
    "img-src https://file+.vscode-resource.example data:; font-src https://file+.vscode-resource.example; " +
    "script-src 'nonce-abc'");
  const html = pageHtml({ cspSource: "vscode-src", nonce: "n0nce", scriptUri: "vscode-src/media/player.js",
                          styleUri: "vscode-src/media/webview.css", title: "Player: <x>", body: "<main></main>" });
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src vscode-src; img-src vscode-src data:; font-src vscode-src; script-src 'nonce-n0nce'">/);
  assert.deepEqual([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]),
                   ['<script nonce="n0nce" src="vscode-src/media/player.js">']);
  assert.match(html, /<title>Player: &lt;x&gt;<\/title>/);
  assert.doesNotMatch(html, /unsafe-inline|unsafe-eval|https?:\/\//);
});

test("nonces: 32 characters from the alphabet, different for different bytes", () => {
  const a = makeNonce((n) => new Uint8Array(n).fill(7));
  assert.equal(a, "H".repeat(32));
  const b = makeNonce((n) => Uint8Array.from({ length: n }, (_, i) => i * 9));
  assert.match(b, /^[A-Za-z0-9]{32}$/);
  assert.notEqual(a, b);
});

test("messages from the Diagram: a station to reveal, nothing else", () => {
  assert.deepEqual(parseFromDiagram({ type: "reveal", station: "flow.children[1]" }), { type: "reveal", station: "flow.children[1]" });
  assert.deepEqual(parseFromDiagram({ type: "ready" }), { type: "ready" });
  for (const bad of [null, "reveal", [], { type: "reveal" }, { type: "reveal", station: "" }, { type: "reveal", station: 3 },
                     { type: "open", station: "x" }, { type: "reveal", station: "x".repeat(5000) }]) {
    assert.equal(parseFromDiagram(bad), undefined, JSON.stringify(bad)?.slice(0, 60));
  }
});

test("messages from the Player: each kind with its checked fields", () => {
  assert.deepEqual(parseFromPlayer({ type: "start", players: ["human", "random"], seed: 7, viewAs: 0, extra: 1 }),
                   { type: "start", players: ["human", "random"], seed: 7, viewAs: 0 });
  assert.deepEqual(parseFromPlayer({ type: "start", players: ["random"], seed: -3, viewAs: null }),
                   { type: "start", players: ["random"], seed: -3, viewAs: null });
  assert.deepEqual(parseFromPlayer({ type: "answer", index: 1 }), { type: "answer", index: 1 });
  assert.deepEqual(parseFromPlayer({ type: "back", index: 0 }), { type: "back", index: 0 });
  assert.deepEqual(parseFromPlayer({ type: "advance", until: "human" }), { type: "advance", until: "human" });
  assert.deepEqual(parseFromPlayer({ type: "viewAs", seat: -1 }), { type: "viewAs", seat: -1 });
  assert.deepEqual(parseFromPlayer({ type: "viewAs", seat: null }), { type: "viewAs", seat: null });
  assert.deepEqual(parseFromPlayer({ type: "reveal", line: 3, column: 1 }), { type: "reveal", line: 3, column: 1 });
  assert.deepEqual(parseFromPlayer({ type: "restart" }), { type: "restart" });
  const bad = [
    { type: "start", players: [], seed: 1, viewAs: null },
    { type: "start", players: ["random", ""], seed: 1, viewAs: null },
    { type: "start", players: ["random"], seed: 1.5, viewAs: null },
    { type: "start", players: ["random"], seed: "1", viewAs: null },
    { type: "start", players: ["random"], seed: 1, viewAs: -2 },
    { type: "start", players: Array(65).fill("random"), seed: 1, viewAs: null },
    { type: "answer", index: -1 }, { type: "answer", index: "0" }, { type: "answer", index: 0.5 },
    { type: "advance", until: "forever" }, { type: "viewAs", seat: 64 }, { type: "reveal", line: 0, column: 1 },
    { type: "eval", code: "x" }, undefined,
  ];
  for (const message of bad) assert.equal(parseFromPlayer(message), undefined, JSON.stringify(message)?.slice(0, 80));
});

test("a stopped game's data, and the summary that mentions stops", () => {
  assert.deepEqual(stoppedGameOf({ player: { seed: 4, players: ["random", "random"], request: 12 }, other: 1 }),
                   { seed: 4, players: ["random", "random"], request: 12 });
  for (const data of [undefined, null, 3, {}, { player: null }, { player: { seed: "4", players: [], request: 1 } },
                      { player: { seed: 4, players: [1], request: 1 } }, { player: { seed: 4, players: [], request: -1 } }]) {
    assert.equal(stoppedGameOf(data), undefined, JSON.stringify(data));
  }
  assert.ok(summaryHasStops("Test games: 20 played, 17 finished (won 17), 3 stopped by an engine error; 31.5 requests"));
  assert.ok(!summaryHasStops("Test games: 20 played, 20 finished (won 20); 31.5 requests per game on average"));
  assert.ok(!summaryHasStops("Test games did not run: 3 stopped by an engine error"));
});
