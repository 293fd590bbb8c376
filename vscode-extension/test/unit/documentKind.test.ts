import assert from "node:assert/strict";
import { test } from "node:test";
import { documentKind, flowLine, isModelName } from "../../src/documentKind";

test("models, tactics and other YAML, decided as the server decides", () => {
  assert.equal(documentKind("game: pig\nflow:\n  - kind: step\n"), "model");
  assert.equal(documentKind("game: pig\nactions:\n  roll: {}\n"), "model");
  assert.equal(documentKind("tactic: greedy\ngame: pig\nrules: []\n"), "tactic");
  assert.equal(documentKind("tactic: t\nflow: []\n"), "tactic");
  assert.equal(documentKind("label: Pig\ngame: pig\n"), "other");
  assert.equal(documentKind("name: data\n  flow: nested\n"), "other");
  assert.equal(documentKind(""), "other");
});

test("a model being written: its file name or a first key game", () => {
  assert.equal(documentKind("", "/w/new.model.yaml"), "model");
  assert.equal(documentKind("", "C:\\w\\New Game.MODEL.yml"), "model");
  assert.equal(documentKind("", "/w/new.yaml"), "other");
  assert.equal(documentKind("game: pig\n"), "model");
  assert.equal(documentKind("\ufeff# Pig\n---\ngame: pig\nlabel: Pig\n"), "model");
  assert.equal(documentKind("tactic: t\n", "/w/t.model.yaml"), "tactic");
  assert.equal(isModelName("file:///w/a.model.yaml"), true);
  assert.equal(isModelName(undefined), false);
});

test("the code lens goes on the top-level flow key", () => {
  assert.equal(flowLine("game: pig\r\n# flow: no\r\n  flow: nested\r\nflow:\r\n  - x\r\n"), 3);
  assert.equal(flowLine("flow : []"), 0);
  assert.equal(flowLine("game: pig\n"), -1);
});
