// Bundles the extension and its tests with esbuild.
//   dist/extension.js         the extension (what the VSIX ships; `vscode` is provided by the editor)
//   media/diagram.js, player.js the webviews' scripts (the VSIX ships them with media/webview.css)
//   out/test/unit/*.test.js   unit tests of the pure modules, for `node --test`
//   out/test/e2e/*.js         the extension-host suite, run inside a real VS Code by e2e/run.mjs
// Pass --production for a minified extension without source maps.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const production = process.argv.includes("--production");
const common = { bundle: true, platform: "node", target: "node20", format: "cjs", logLevel: "warning" };
const tests = (folder) =>
  readdirSync(join(root, folder)).filter((f) => f.endsWith(".ts")).map((f) => join(root, folder, f));

execFileSync(process.execPath, [join(root, "syntaxes/build-grammar.mjs")], { stdio: "inherit" });
// The JSON Schemas and the licence live at the top of the repository; the extension ships copies.
mkdirSync(join(root, "schemas"), { recursive: true });
for (const name of ["model.schema.json", "tactic.schema.json"]) {
  copyFileSync(join(root, "../schemas", name), join(root, "schemas", name));
}
copyFileSync(join(root, "../LICENSE"), join(root, "LICENSE"));
rmSync(join(root, "dist"), { recursive: true, force: true });
rmSync(join(root, "out"), { recursive: true, force: true });
await build({
  ...common,
  entryPoints: [join(root, "src/extension.ts")],
  outfile: join(root, "dist/extension.js"),
  external: ["vscode"],
  minify: production,
  sourcemap: !production,
});
// The webviews' scripts: one file each, for the browser, next to their stylesheet in media/.
for (const name of ["diagram", "player", "report"]) {
  await build({
    bundle: true, platform: "browser", target: "es2022", format: "iife", logLevel: "warning",
    entryPoints: [join(root, `webview/${name}.ts`)],
    outfile: join(root, `media/${name}.js`),
    minify: production,
  });
}
await build({ ...common, entryPoints: tests("test/unit"), outdir: join(root, "out/test/unit") });
// mocha stays outside the bundle: it loads its reporters with require() at run time.
await build({
  ...common,
  entryPoints: tests("test/e2e"),
  outdir: join(root, "out/test/e2e"),
  external: ["vscode", "mocha"],
  sourcemap: true,
});
