// The VSIX alone, on a machine whose only Python has no tabletwin and with no server setting:
// the server bundled in the extension starts with that Python and the diagnostics appear.
// Run by scripts/e2e-bundled.sh through bundledIndex.ts (not part of the main suite, whose
// settings point at an installed server).
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { api, open, until, workspaceFile } from "./helpers";

/** The first python3 on the extension host's PATH. */
function firstPython3(): string {
  for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
    const file = path.join(folder, "python3");
    if (folder && fs.existsSync(file)) return file;
  }
  throw new Error("no python3 on PATH");
}

suite("Tabletwin from the VSIX alone", () => {
  const python = firstPython3();

  suiteSetup(async () => {
    assert.equal(python, process.env.TABLETWIN_E2E_BARE_PYTHON, "e2e-bundled.sh puts an empty environment first on PATH");
    await (await api()).ready();
  });

  test("the Python on PATH has no tabletwin, and nothing points at a server", () => {
    assert.throws(() => execFileSync(python, ["-I", "-c", "import tabletwin"], { stdio: "pipe" }),
                  /No module named 'tabletwin'/);
    const configuration = vscode.workspace.getConfiguration("tabletwin");
    assert.deepEqual([configuration.get("server.path"), configuration.get("python")], ["", ""]);
  });

  test("the bundled server runs with that Python", async () => {
    const launch = (await api()).launch();
    const extension = vscode.extensions.getExtension("tabletwin.tabletwin")!.extensionPath;
    const launcher = path.join(extension, "bundled", "tool", "launch.py");
    assert.deepEqual(launch, { source: "the bundled server", command: python, args: ["-I", launcher, "lsp"],
                               cli: { command: python, args: ["-I", launcher, "cli"] } });
  });

  test("diagnostics of a broken model appear", async () => {
    const uri = workspaceFile("broken.model.yaml");
    await open("broken.model.yaml");
    const diagnostics = await until("diagnostics", () => {
      const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source === "tabletwin");
      return found.length >= 3 ? found : undefined;
    });
    assert.deepEqual(diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.message]).sort(), [
      [24, 4, "unknown key 'labl' at actions.roll"],
      [27, 56, 'syntax error in expression "pips *": invalid syntax (position 6)'],
      [30, 13, "unknown op 'frobnicate'"],
    ]);
  });

  test("test games run in the bundled server's game process", async () => {
    const summary = await vscode.commands.executeCommand<{ games: number; finished: number }>(
      "tabletwin.ui.runTestGames", workspaceFile("pig.model.yaml"));
    assert.deepEqual([summary.games, summary.finished], [20, 20]);
  });
});
