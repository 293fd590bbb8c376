import assert from "node:assert/strict";
import { test } from "node:test";
import type { PlayView } from "../../src/view/protocol";
import { agentNames, followViewAs, gameName, handSeats, playerChoices, randomSeed, startViewAs, viewAsLocked,
         editorPosition, MAX_RANDOM_SEED } from "../../src/view/setup";

test("agent names: the keys one level under a top-level agents mapping", () => {
  const text = [
    "game: duel", "agents:", "  # the eager one", "  eager:", "    kind: heuristic", "    note: >-", "      a: b",
    "  'quoted one':", "    kind: heuristic", "", "  \"double\": {kind: heuristic}", "end:", "  won: {}",
  ].join("\n");
  assert.deepEqual(agentNames(text), ["eager", "quoted one", "double"]);
  assert.deepEqual(agentNames("game: x\nflow: {}\n"), []);
  assert.deepEqual(agentNames("agents: # none yet\nflow: {}\n"), []);
});

test("a model's or tactic's game name", () => {
  assert.equal(gameName("# c\ngame: kuhn-poker\nlabel: K\n"), "kuhn-poker");
  assert.equal(gameName('tactic: t\ngame: "pig" # the dice game\n'), "pig");
  assert.equal(gameName("flow: {}\n"), undefined);
});

test("player choices: by hand, random, first, each agent, each tactic (by path)", () => {
  assert.deepEqual(playerChoices(["eager"], [{ path: "/w/tactics/t.yaml", label: "tactics/t.yaml" }]), [
    { value: "human", label: "by hand" }, { value: "random", label: "random" }, { value: "first", label: "first option" },
    { value: "agent:eager", label: "agent eager" }, { value: "/w/tactics/t.yaml", label: "tactic tactics/t.yaml" },
  ]);
});

const view = (players: string[], player: number | null, viewAs: number | null, over = false): PlayView => ({
  seed: 1, players, view_as: viewAs, seats: players.length, log: [], table: null, error: null,
  end: over ? { reason: "won", payoffs: [1, 0] } : null,
  request: over ? null : { index: 3, kind: "decision", player, where: "step turn", station: null, line: 1, column: 1,
                           options: ["a"], probabilities: null, by_hand: player !== null && players[player] === "human" },
});

test("whose eyes: a hand-played seat's, the next asked one's when people share the screen", () => {
  assert.deepEqual(handSeats(["random", "human", "human"]), [1, 2]);
  assert.equal(startViewAs(["random", "human"], null), 1);
  assert.equal(startViewAs(["random", "random"], null), null);
  assert.equal(startViewAs(["random", "random"], 0), 0);
  assert.equal(followViewAs(["human", "human"], view(["human", "human"], 1, 0)), 1);
  assert.equal(followViewAs(["human", "human"], view(["human", "human"], 1, 1)), undefined);
  // Back in a game after looking at everyone's cards at its end: seat 0's eyes again.
  assert.equal(followViewAs(["human", "random"], view(["human", "random"], 0, null)), 0);
  assert.equal(followViewAs(["human", "random"], view(["human", "random"], 1, -1)), 0);
  assert.equal(followViewAs(["human", "random"], view(["human", "random"], 1, 0)), undefined);
  assert.equal(followViewAs(["human", "random"], view(["human", "random"], 0, null, true)), undefined);
  assert.equal(followViewAs(["random", "random"], view(["random", "random"], 0, null)), undefined);
  assert.equal(followViewAs(["human", "human", "random"], view(["human", "human", "random"], 2, 1)), undefined);
  assert.equal(followViewAs(["human", "human", "random"], view(["human", "human", "random"], 2, null)), 0);
  assert.equal(viewAsLocked(["human", "random"], view(["human", "random"], 0, 0)), true);
  assert.equal(viewAsLocked(["human", "random"], view(["human", "random"], 0, 0, true)), false);
  assert.equal(viewAsLocked(["random", "random"], view(["random", "random"], 0, null)), false);
});

test("positions and seeds", () => {
  assert.deepEqual(editorPosition(12, 5), { line: 11, character: 4 });
  assert.deepEqual(editorPosition(0, 0), { line: 0, character: 0 });
  assert.equal(randomSeed(() => 0), 0);
  assert.equal(randomSeed(() => 0.999999999999), MAX_RANDOM_SEED);
});
