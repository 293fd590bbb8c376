import assert from "node:assert/strict";
import { test } from "node:test";
import { debounce } from "../../src/debounce";
import { serverSection } from "../../src/settings";

test("the time limit of games reaches the server", () => {
  const values: Record<string, unknown> = { gameSeconds: 2.5, testGames: 20 };
  assert.deepEqual(serverSection((key) => values[key]), { testGames: 20, gameSeconds: 2.5 });
});

test("only the server's own settings are sent to it", () => {
  const values: Record<string, unknown> = { testGames: 50, runTestGames: "change", "server.path": "/x", python: "py",
                                            debounceMs: undefined, "diagnostics.workspace": false };
  assert.deepEqual(serverSection((key) => values[key]),
                   { testGames: 50, runTestGames: "change", "diagnostics.workspace": false });
});

test("debounce runs once after the last call, and cancel stops it", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  let runs = 0;
  const run = debounce(() => runs++, 100);
  run(); t.mock.timers.tick(60); run(); t.mock.timers.tick(60);
  assert.equal(runs, 0);
  t.mock.timers.tick(40);
  assert.equal(runs, 1);
  run(); run.cancel(); t.mock.timers.tick(500);
  assert.equal(runs, 1);
});
