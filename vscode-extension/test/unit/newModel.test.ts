import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileNameProblem, gameId, instantiate, modelFileName, TEMPLATES } from "../../src/newModelTemplates";

const FOLDER = join(__dirname, "..", "..", "..", "templates");

test("the quick pick lists every template file, once", () => {
  const files = readdirSync(FOLDER).filter((name) => name.endsWith(".model.yaml")).sort();
  assert.deepEqual(TEMPLATES.map((t) => t.file).sort(), files);
  assert.deepEqual(TEMPLATES.map((t) => t.label), ["Turn loop", "Card game", "Board game"]);
});

test("the file name gets .model.yaml unless it has it", () => {
  assert.equal(modelFileName("pig"), "pig.model.yaml");
  assert.equal(modelFileName(" pig.yaml "), "pig.model.yaml");
  assert.equal(modelFileName("Pig.Model.YML"), "Pig.Model.YML");
  assert.equal(modelFileName("pig.model.yaml"), "pig.model.yaml");
});

test("file names that cannot be created are refused with a reason", () => {
  assert.equal(fileNameProblem("pig"), undefined);
  assert.equal(fileNameProblem("  "), "Type a file name, e.g. my-game.model.yaml");
  assert.equal(fileNameProblem("games/pig"), "A file name without folders or any of \\ / : * ? \" < > |");
  assert.equal(fileNameProblem(".model.yaml"), "A file name that does not start with a dot");
});

test("the game's id comes from the file name", () => {
  assert.equal(gameId("My Game.model.yaml"), "my-game");
  assert.equal(gameId("pig_2.model.yml"), "pig-2");
  assert.equal(gameId("!!!.model.yaml"), "my-game");
});

test("a template is written with the new game id and nothing else changed", () => {
  for (const { file } of TEMPLATES) {
    const template = readFileSync(join(FOLDER, file), "utf8");
    const text = instantiate(template, "Dragon Race.model.yaml");
    assert.match(text, /^game: dragon-race$/m);
    assert.equal(text.replace("game: dragon-race", ""), template.replace(/^game: [^\n]*$/m, ""));
  }
});
