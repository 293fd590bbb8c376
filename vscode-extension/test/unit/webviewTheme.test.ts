import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const root = join(__dirname, "../../..");

test("the webviews' stylesheet takes every colour from the theme", () => {
  const css = readFileSync(join(root, "media/webview.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const colourProperties = /(?:^|[;{\s])((?:background|color|fill|stroke|border(?:-left)?|outline))\s*:\s*([^;}]+)/g;
  const declarations = [...css.matchAll(colourProperties)].map((m) => [m[1], m[2].trim()]);
  assert.ok(declarations.length > 40, `only ${declarations.length} colour declarations found`);
  for (const [property, value] of declarations) {
    const plain = value.replace(/var\(--vscode-[\w-]+(?:,\s*var\(--vscode-[\w-]+\))?(?:,\s*transparent)?\)/g, "");
    assert.doesNotMatch(plain, /#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(|\b(?:white|black|red|blue|green|gray|grey)\b/i,
                        `${property}: ${value}`);
  }
});

test("the webviews' scripts and styles load nothing from elsewhere", () => {
  for (const file of ["media/webview.css", "webview/api.ts", "webview/diagram.ts", "webview/player.ts",
                      "src/view/playerRender.ts", "src/view/page.ts"]) {
    const text = readFileSync(join(root, file), "utf8");
    assert.doesNotMatch(text, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/, file);
    assert.doesNotMatch(text, /@import|url\(/, file);
  }
  // Inline styles would need 'unsafe-inline' in the content security policy.
  assert.doesNotMatch(readFileSync(join(root, "src/view/playerRender.ts"), "utf8"), /\sstyle=/);
});
