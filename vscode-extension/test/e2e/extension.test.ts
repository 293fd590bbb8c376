// The extension in a real VS Code, against the real tabletwin-lsp: what a user sees in the
// editor for the fixture models of test/fixtures (copied into the workspace by e2e.sh).
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { api, expected, open, until, workspaceFile } from "./helpers";

function summary(d: vscode.Diagnostic) {
  const { start, end } = d.range;
  return { message: d.message, range: [start.line, start.character, end.line, end.character],
           severity: vscode.DiagnosticSeverity[d.severity], source: d.source };
}

/** Waits for the webview tab with this title; the error lists the tabs there are. */
async function reportTab(label: string): Promise<vscode.Tab> {
  let seen: string[] = [];
  try {
    return await until(`the tab ${label}`, () => {
      const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs);
      seen = tabs.map((tab) => `${tab.label} (${tab.input?.constructor.name})`);
      return tabs.find((tab) => tab.label === label && tab.input instanceof vscode.TabInputWebview);
    }, 10_000);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : error}; tabs: ${seen.join(", ")}`);
  }
}

suite("Tabletwin in VS Code", () => {
  suiteSetup(async () => {
    await (await api()).ready();
  });

  test("the server comes from the tabletwin.server.path setting", async () => {
    const launch = (await api()).launch();
    assert.equal(launch?.source, "setting tabletwin.server.path");
    assert.equal(launch?.command, path.resolve(vscode.workspace.getConfiguration("tabletwin").get<string>("server.path")!));
  });

  test("diagnostics of a broken model: message, range and severity", async () => {
    const uri = workspaceFile("broken.model.yaml");
    await open("broken.model.yaml");
    const diagnostics = await until("diagnostics", () => {
      const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source === "tabletwin");
      return found.length >= 3 ? found : undefined;
    });
    const shown = diagnostics.map(summary).sort((a, b) => a.range[0] - b.range[0] || a.message.localeCompare(b.message));
    assert.deepEqual(shown, [
      { message: "unknown key 'labl' at actions.roll", range: [24, 4, 24, 8], severity: "Warning", source: "tabletwin" },
      { message: 'syntax error in expression "pips *": invalid syntax (position 6)', range: [27, 56, 27, 56],
        severity: "Error", source: "tabletwin" },
      { message: "unknown op 'frobnicate'", range: [30, 13, 30, 23], severity: "Error", source: "tabletwin" },
    ]);
  });

  test("quick fix for the unknown key", async () => {
    const uri = workspaceFile("broken.model.yaml");
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      "vscode.executeCodeActionProvider", uri, new vscode.Range(24, 4, 24, 8));
    const titles = actions.map((a) => a.title);
    assert.deepEqual(titles, ["Change 'labl' to 'label'"]);
  });

  test("completion of op names", async () => {
    const uri = workspaceFile("broken.model.yaml");
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      "vscode.executeCompletionItemProvider", uri, new vscode.Position(30, 13));
    const labels = list.items.map((item) => (typeof item.label === "string" ? item.label : item.label.label));
    for (const op of ["add", "choose", "roll", "set", "emit"]) assert.ok(labels.includes(op), `no ${op} in ${labels}`);
  });

  test("hover on a key explains it", async () => {
    const uri = workspaceFile("broken.model.yaml");
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      "vscode.executeHoverProvider", uri, new vscode.Position(25, 6));
    assert.equal(hovers.length, 1);
    const text = hovers[0].contents.map((c) => (typeof c === "string" ? c : c.value)).join("\n");
    assert.ok(text.startsWith("**`effect`** · Action\n\nOps run when the action is played (or resolves from the stack)."),
              text.slice(0, 200));
    const range = hovers[0].range!;
    assert.deepEqual([range.start.line, range.start.character, range.end.line, range.end.character], [25, 4, 25, 10]);
  });

  test("Run Test Games: the summary of the command line, and the status bar", async () => {
    const uri = workspaceFile("pig.model.yaml");
    await open("pig.model.yaml");
    const result = await vscode.commands.executeCommand("tabletwin.ui.runTestGames", uri);
    assert.deepEqual(result, expected().testGames);
    const status = await until("the status bar", () => {
      const text = api().then((a) => a.statusText());
      return text.then((t) => (t.includes("finished") ? t : undefined));
    });
    assert.equal(status, "$(check) Model: 100% executable · 20/20 finished");
  });

  test("Show Flow Tree opens the tree as a read-only document", async () => {
    const uri = workspaceFile("pig.model.yaml");
    const tree = await vscode.commands.executeCommand<string>("tabletwin.ui.showFlowTree", uri);
    assert.equal(tree, expected().tree);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, "tabletwin");
    assert.equal(editor?.document.getText(), expected().tree);
  });

  test("Simulate with given games and players", async () => {
    const uri = workspaceFile("pig.model.yaml");
    const report = await vscode.commands.executeCommand("tabletwin.ui.simulate", uri, { games: 30, players: "random,random" });
    assert.deepEqual(report, expected().simulate);
    // The report is a webview panel beside the model, not a text document (the tabs' list follows
    // the workbench a moment later).
    await reportTab("Balance: pig.model");
  });

  test("Skill Ladder with a given tactic, budgets and games: the ladder document and its verdict", async () => {
    const uri = workspaceFile("pig.model.yaml");
    const result = await vscode.commands.executeCommand<{ tactic: string; verdict: string; report: { rungs: { budget: number }[]; games: number } }>(
      "tabletwin.ui.skillLadder", uri, { tactic: "tactics/pig-search.yaml", budgets: "0,2", games: 2 });
    assert.equal(result.tactic, "pig-search.yaml");
    assert.deepEqual(result.report.rungs.map((r) => r.budget), [0, 2]);
    assert.equal(result.report.games, 2);
    assert.match(result.verdict, /^More thinking (wins more|does not win more)/);
    await reportTab("Ladder: pig.model");
  });

  test("the code lens above flow:", async () => {
    const uri = workspaceFile("pig.model.yaml");
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>("vscode.executeCodeLensProvider", uri);
    const ours = lenses.filter((l) => l.command?.command.startsWith("tabletwin."));
    assert.deepEqual(ours.map((l) => [l.range.start.line, l.command?.title]), [
      [33, "$(play) Run test games"], [33, "Flow tree"], [33, "Simulate…"]]);
  });

  test("the status bar of a model with errors", async () => {
    await open("broken.model.yaml");
    const status = await until("the status bar", () =>
      api().then((a) => (a.statusText().includes("error") ? a.statusText() : undefined)));
    assert.equal(status, "$(error) Model: 2 errors");
  });

  test("the packaged grammar and schemas are where package.json says", () => {
    // VS Code for the web has no command that returns tokens; the grammar's colouring itself is
    // tested in test/unit/grammar.test.ts with the same TextMate engine.
    const extension = vscode.extensions.getExtension("tabletwin.tabletwin")!;
    const contributes = extension.packageJSON.contributes;
    const grammar = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, contributes.grammars[0].path), "utf8"));
    assert.equal(grammar.scopeName, contributes.grammars[0].scopeName);
    assert.deepEqual(contributes.grammars[0].injectTo, ["source.yaml"]);
    for (const { url } of contributes.yamlValidation) {
      const schema = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, url), "utf8"));
      assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
    }
  });

  test("completion pops up in unquoted YAML values", () => {
    const quick = vscode.workspace.getConfiguration("editor", { languageId: "yaml" }).get<Record<string, string>>(
      "quickSuggestions");
    assert.equal(quick?.strings, "on");
  });

  test("games that stop are shown on the line where they stopped", async () => {
    const uri = workspaceFile("stops.model.yaml");
    const editor = await open("stops.model.yaml");
    const line = editor.document.getText().split("\n").findIndex((l) => l.includes("pips // (pips - 2)"));
    const result = await vscode.commands.executeCommand<{ stopped: Record<string, number> }>(
      "tabletwin.ui.runTestGames", uri);
    const stop = "ExprError: error evaluating 'pips // (pips - 2)': ZeroDivisionError: division by zero";
    assert.deepEqual(Object.keys(result.stopped), [stop]);
    const shown = await until("the stop as a diagnostic", () =>
      vscode.languages.getDiagnostics(uri).find((d) => d.message.includes("ZeroDivisionError")));
    assert.equal(shown.range.start.line, line);
    assert.equal(shown.severity, vscode.DiagnosticSeverity.Error);
  });

  test("Play a Game starts tabletwin play in a terminal", async () => {
    const uri = workspaceFile("pig.model.yaml");
    const terminal = await vscode.commands.executeCommand<vscode.Terminal>("tabletwin.ui.playGame", uri, { seats: [1] });
    const options = terminal.creationOptions as vscode.TerminalOptions;
    const launch = (await api()).launch()!;
    assert.equal(terminal.name, "Tabletwin: pig.model");
    assert.equal(options.shellPath, path.join(path.dirname(launch.command), "tabletwin"));
    assert.deepEqual(options.shellArgs, ["play", uri.fsPath, "--players", "random,human"]);
    terminal.dispose();
  });

  test("settings reach the server: tabletwin.testGames", async () => {
    const configuration = vscode.workspace.getConfiguration("tabletwin");
    await configuration.update("testGames", 5, vscode.ConfigurationTarget.Global);
    try {
      const uri = workspaceFile("pig.model.yaml");
      const result = await until("5 test games", async () => {
        const summary = await vscode.commands.executeCommand<{ games: number }>("tabletwin.ui.runTestGames", uri);
        return summary.games === 5 ? summary : undefined;
      }, 10_000);
      assert.equal(result.games, 5);
    } finally {
      await configuration.update("testGames", undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test("changing the server settings restarts it: tabletwin.python", async () => {
    const configuration = vscode.workspace.getConfiguration("tabletwin");
    // From the running server: once a setting is written from here, VS Code keeps machine-scoped
    // settings of this remote window in the remote's own file, and the user file's value is gone.
    const serverPath = (await api()).launch()!.command;
    const python = path.join(path.dirname(serverPath), "python");
    await configuration.update("python", python, vscode.ConfigurationTarget.Global);
    await configuration.update("server.path", "", vscode.ConfigurationTarget.Global);
    try {
      const launch = await until("a restart", () => {
        const now = (api() as Promise<{ launch(): { source: string; command: string; args: string[] } | undefined }>);
        return now.then((a) => (a.launch()?.source === "setting tabletwin.python" ? a.launch() : undefined));
      });
      assert.deepEqual([launch.command, launch.args], [python, ["-m", "tabletwin_lsp"]]);
      const client = await (await api()).ready();
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        "vscode.executeHoverProvider", workspaceFile("broken.model.yaml"), new vscode.Position(25, 6));
      assert.equal(hovers.length, 1);
      assert.ok(client.isRunning());
    } finally {
      await configuration.update("server.path", serverPath, vscode.ConfigurationTarget.Global);
      await configuration.update("python", undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
