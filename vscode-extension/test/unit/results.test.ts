import assert from "node:assert/strict";
import { test } from "node:test";
import { checkGames, checkPlayers, DocumentStatus, parseGames, seatsByHand, statusBarText,
         testGamesLine, timedOutMessage } from "../../src/results";

const model: DocumentStatus = { kind: "model", readable: true, errors: 0, warnings: 0, executable: 1, players: 2,
                                testGames: null };
const games = { games: 20, finished: 17, avg_requests: 31.5, reasons: { reached_goal: 17 },
                stopped: { "ExprError: boom": 2 }, unfinished: 1, version: 3 };

test("status bar: an executable model, then with its test games", () => {
  assert.deepEqual(statusBarText(model), { text: "$(check) Model: 100% executable",
    tooltip: "Every rule can be played by the engine\nClick to run the test games", trouble: false });
  const after = statusBarText({ ...model, executable: 0.8571, warnings: 1, testGames: games });
  assert.equal(after.text, "$(warning) Model: 85.7% executable · 17/20 finished, 2 stopped, 1 cut");
  assert.equal(after.tooltip, "Some rules are text only (see the gaps in Problems)\n1 warning\n" +
                              "Last test games: 17/20 finished, 2 stopped, 1 cut; 31.5 requests per game");
  assert.equal(after.trouble, true);
});

test("status bar: errors, unreadable models and tactics", () => {
  assert.deepEqual(statusBarText({ ...model, errors: 2 }), { text: "$(error) Model: 2 errors",
    tooltip: "2 errors: test games cannot run until they are fixed", trouble: true });
  assert.equal(statusBarText({ ...model, readable: false, errors: 1 }).text, "$(error) Model: does not load");
  assert.equal(statusBarText({ ...model, readable: false, draft: true, executable: null }).text, "$(edit) Model: no flow yet");
  assert.equal(statusBarText({ ...model, readable: false, draft: true, errors: 2 }).text, "$(error) Model: 2 errors");
  assert.equal(statusBarText({ ...model, kind: "tactic", errors: 1 }).text, "$(error) Tactic: 1 error");
  assert.equal(statusBarText({ ...model, kind: "tactic", warnings: 2 }).tooltip, "Tabletwin tactic file, 2 warnings");
});

test("test games in one line", () => {
  assert.equal(testGamesLine({ ...games, stopped: {}, unfinished: 0, finished: 20 }), "20/20 finished");
});

test("seats by hand and checks of what people type", () => {
  assert.equal(seatsByHand(3, [1]), "random,human,random");
  assert.equal(seatsByHand(2, "all"), "human,human");
  assert.equal(checkPlayers("random, tactics/a.yaml", 2), undefined);
  assert.equal(checkPlayers("random", 4), undefined);
  assert.equal(checkPlayers("random,,first", 3), "Give one player per seat, separated by commas (e.g. random,random)");
  assert.equal(checkPlayers("human,random", 2), "A human cannot play a simulation; use random, first, agent:NAME or a tactic file");
  assert.equal(checkPlayers("a,b,c", 2), "The model has 2 seats: give at most 2 players (seats left out play random)");
  assert.equal(checkGames("1,000"), undefined);
  assert.equal(parseGames("1_000"), 1000);
  for (const bad of ["0", "-3", "2.5", "lots", "", "1000001"]) {
    assert.equal(checkGames(bad), "A whole number of games from 1 to 1,000,000", bad);
  }
});

test("test games stopped at the time limit: in the status bar, and said plainly", () => {
  const clean = { ...games, stopped: {}, unfinished: 0, finished: 18, timed_out: [3, 11] };
  const shown = statusBarText({ ...model, testGames: clean });
  assert.equal(shown.text, "$(check) Model: 100% executable · 18/20 finished, 2 timed out");
  assert.equal(shown.trouble, true);
  assert.equal(timedOutMessage(clean, 10), "Tabletwin: 2 of 20 test games did not finish within 10 s (seeds 3, 11) " +
    "and were stopped. A game that never ends, or a slow model? The limit is the setting tabletwin.gameSeconds.");
  assert.equal(timedOutMessage({ ...clean, timed_out: [7] }, 0.5), "Tabletwin: 1 of 20 test games did not finish " +
    "within 0.5 s (seed 7) and was stopped. A game that never ends, or a slow model? The limit is the setting " +
    "tabletwin.gameSeconds.");
  assert.equal(timedOutMessage({ ...clean, timed_out: [] }, 10), undefined);
  assert.equal(timedOutMessage(games, 10), undefined);  // a server that does not report them
  assert.equal(statusBarText({ ...model, testGames: { ...clean, timed_out: [], finished: 20 } }).trouble, false);
});
