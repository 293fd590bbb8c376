// The injection grammar on the YAML grammar of tm-grammars (the same TextMate engine as VS Code's:
// vscode-textmate with Oniguruma). A token is "expression" when it carries the embedded scope.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";

const root = join(__dirname, "..", "..", "..");
const EMBEDDED = "meta.embedded.expression.tabletwin";

async function loadRegistry() {
  const wasm = readFileSync(join(root, "node_modules/vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const files: Record<string, string> = {
    "source.yaml": join(root, "node_modules/tm-grammars/grammars/yaml.json"),
    "source.yaml.tabletwin-expressions": join(root, "syntaxes/tabletwin-expressions.tmLanguage.json"),
  };
  return new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scope) => (files[scope] ? textmate.parseRawGrammar(readFileSync(files[scope], "utf8"), files[scope]) : null),
    getInjections: (scope) => (scope === "source.yaml" ? ["source.yaml.tabletwin-expressions"] : undefined),
  });
}

const registry = loadRegistry();

interface Token { text: string; scopes: string[] }

async function tokenize(yaml: string): Promise<Token[][]> {
  const grammar = (await (await registry).loadGrammar("source.yaml"))!;
  let stack = textmate.INITIAL;
  return yaml.split("\n").map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

/** The text of each line that is inside an expression (tokens joined). */
async function expressionText(yaml: string): Promise<string[]> {
  return (await tokenize(yaml)).map((tokens) => tokens.filter((t) => t.scopes.includes(EMBEDDED)).map((t) => t.text).join(""));
}

async function scopeOf(yaml: string, line: number, text: string): Promise<string[]> {
  const token = (await tokenize(yaml))[line].find((t) => t.text === text);
  assert.ok(token, `no token ${JSON.stringify(text)} on line ${line}`);
  return token.scopes;
}

test("a plain _x value is an expression, its key is not", async () => {
  assert.deepEqual(await expressionText("    pre_x: score[actor] >= GOAL  # reached"), ["score[actor] >= GOAL"]);
  const scopes = await scopeOf("pre_x: score[actor] >= GOAL", 0, "pre_x");
  assert.ok(!scopes.includes(EMBEDDED));
});

test("tokens inside an expression get the expression's scopes", async () => {
  const yaml = "amount_x: max(a, 2) if not done else None";
  assert.ok((await scopeOf(yaml, 0, "max")).includes("entity.name.function.tabletwin"));
  assert.ok((await scopeOf(yaml, 0, "not")).includes("keyword.operator.logical.tabletwin"));
  assert.ok((await scopeOf(yaml, 0, "2")).includes("constant.numeric.tabletwin"));
  assert.ok((await scopeOf(yaml, 0, "None")).includes("constant.language.tabletwin"));
  assert.ok((await scopeOf(yaml, 0, "if")).includes("keyword.control.tabletwin"));
});

test("in a flow mapping the value ends at the next key or the closing brace", async () => {
  assert.deepEqual(await expressionText("  - {op: add, amount_x: pips * 2, var: total}"), ["pips * 2"]);
  assert.deepEqual(await expressionText("  - {op: add, var: total, amount_x: f(a, b)}"), ["f(a, b)"]);
  assert.deepEqual(await expressionText("  - {op: set, value_x: {'a': 1, 'b': [2, 3]}}"), ["{'a': 1, 'b': [2, 3]}"]);
});

test("quoted values: the quotes belong to YAML, the inside to the expression", async () => {
  assert.deepEqual(await expressionText(`if_x: "'Ranged' in self.get('keywords', '')"`),
                   ["'Ranged' in self.get('keywords', '')"]);
  assert.deepEqual(await expressionText("if_x: 'x == ''a'''"), ["x == ''a''"]);
  const scopes = await scopeOf(`if_x: "a > 1"`, 0, "a");
  assert.ok(scopes.includes("variable.other.tabletwin"));
});

test("block scalars: the indented lines below the key", async () => {
  const yaml = ["functions:", "  best:", "    args: [p]", "    x: |", "      max(score[q] for q in players)",
                "        + 1", "", "    doc: the best", "after_x: 1"].join("\n");
  assert.deepEqual(await expressionText(yaml),
                   ["", "", "", "", "      max(score[q] for q in players)", "        + 1", "", "", "1"]);
});

test("derived and let: every value of the mapping is an expression", async () => {
  const yaml = ["derived:", "  best: max(score.values())", "  # a comment", "  leaders: \"[p for p in players]\"",
                "num_players: 2", "let:", "  me2: me * 2"].join("\n");
  assert.deepEqual(await expressionText(yaml),
                   ["", "max(score.values())", "", "[p for p in players]", "", "", "me * 2"]);
});

test("keys that only look alike stay YAML", async () => {
  assert.deepEqual(await expressionText("box: 3\nmax: 4\nx_pos: 5\n# amount_x: 3\ntext: \"amount_x: 3\""),
                   ["", "", "", "", ""]);
});
