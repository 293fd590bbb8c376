// The injection grammar on the YAML grammar of tm-grammars (the same TextMate engine as VS Code's:
// vscode-textmate with Oniguruma). A token is "expression" when it carries the embedded scope.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";

// YAML_GRAMMAR_DIR may name VS Code's own YAML grammars (extensions/yaml/syntaxes of an install,
// as scripts/e2e.sh does with code-server's); by default the YAML grammar of tm-grammars is used.
const root = join(__dirname, "..", "..", "..");
const EMBEDDED = "meta.embedded.expression.tabletwin";
const INJECTION = "source.yaml.tabletwin-expressions";

function grammarFiles(): Record<string, string> {
  const files: Record<string, string> = { [INJECTION]: join(root, "syntaxes/tabletwin-expressions.tmLanguage.json") };
  const vscode = process.env.YAML_GRAMMAR_DIR;
  if (!vscode) return { ...files, "source.yaml": join(root, "node_modules/tm-grammars/grammars/yaml.json") };
  // yaml.tmLanguage.json includes its versions (source.yaml.1.2, ...) and yaml-embedded.
  for (const name of readdirSync(vscode).filter((f) => f.endsWith(".tmLanguage.json"))) {
    files[JSON.parse(readFileSync(join(vscode, name), "utf8")).scopeName] = join(vscode, name);
  }
  return files;
}

async function loadRegistry(inject: boolean) {
  await onig;
  const files = grammarFiles();
  return new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scope) => (files[scope] ? textmate.parseRawGrammar(readFileSync(files[scope], "utf8"), files[scope]) : null),
    getInjections: (scope) => (inject && scope === "source.yaml" ? [INJECTION] : undefined),
  });
}

const onig = (() => {
  const wasm = readFileSync(join(root, "node_modules/vscode-oniguruma/release/onig.wasm"));
  return oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
})();
const registry = loadRegistry(true);
const plainRegistry = loadRegistry(false);

interface Token { text: string; scopes: string[] }

async function tokenize(yaml: string, injected = true): Promise<Token[][]> {
  const grammar = (await (await (injected ? registry : plainRegistry)).loadGrammar("source.yaml"))!;
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
  const [line] = await tokenize("pre_x: score[actor] >= GOAL");
  assert.ok(line.filter((t) => t.text.includes("pre_x")).every((t) => !t.scopes.includes(EMBEDDED)));
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
  // VS Code's YAML grammar takes the indentation of the enclosing mapping before the injection.
  assert.deepEqual((await expressionText(yaml)).map((line) => line.trim()),
                   ["", "", "", "", "max(score[q] for q in players)", "+ 1", "", "", "1"]);
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

// Scopes of YAML values and of the mapping below `derived:`/`let:`: the injection takes values
// over, so these may differ around them (none of them has a colour of its own in the themes).
const VALUE = /^string\.|^constant\.|\.value\.yaml$|^punctuation\.whitespace\.|^keyword\.control\.flow\.block-scalar|^meta\.(map(ping|\.key)|scalar)\.yaml$|^punctuation\.separator\.(key-value\.mapping|map\.value)\.yaml$/;

/** The scopes of every character of `yaml`, line by line. */
async function characterScopes(yaml: string, injected: boolean): Promise<string[][][]> {
  return (await tokenize(yaml, injected)).map((tokens) => tokens.flatMap((t) => Array.from(t.text, () => t.scopes)));
}

test("outside the expressions, YAML is coloured exactly as without the injection", async () => {
  for (const example of ["pig.yaml", "spell_duel.yaml", "flood_rescue.yaml", "border_skirmish.yaml"]) {
    const yaml = readFileSync(join(root, "..", "examples", example), "utf8");
    const [withInjection, without] = [await characterScopes(yaml, true), await characterScopes(yaml, false)];
    let expressions = 0;
    withInjection.forEach((line, number) => line.forEach((scopes, column) => {
      if (scopes.includes(EMBEDDED)) return void expressions++;
      // A value the injection took over is not a YAML scalar any more: compare what encloses it.
      const host = without[number][column].filter((s) => !VALUE.test(s));
      const ours = scopes.filter((s) => !s.endsWith(".tabletwin") && !VALUE.test(s));
      assert.deepEqual(ours, host, `${example}:${number + 1}:${column + 1}`);
    }));
    assert.ok(expressions > 50, `${example}: only ${expressions} characters of expressions`);
  }
});
