// The Diagram and the Player against the real server, from the extension's side: what the
// panels received and what they asked. (e2e/panels.mjs clicks through their webviews.)
import * as assert from "node:assert/strict";
import * as vscode from "vscode";
import type { DiagramPanel } from "../../src/diagramPanel";
import type { PlayerPanel } from "../../src/playerPanel";
import type { PlayView } from "../../src/view/protocol";
import { api, open, until, workspaceFile } from "./helpers";

function lineOf(document: vscode.TextDocument, pattern: RegExp): number {
  return document.getText().split("\n").findIndex((line) => pattern.test(line)) + 1;
}

suite("Diagram and Player", () => {
  suiteSetup(async () => {
    await (await api()).ready();
  });

  teardown(async () => {
    await vscode.commands.executeCommand("workbench.action.closeAllEditors");
  });

  test("the Diagram: stations on their lines, redrawn after an edit, the last picture kept on a problem", async () => {
    const editor = await open("diagram-edits.model.yaml");
    const document = editor.document;
    const panel = await vscode.commands.executeCommand<DiagramPanel>("tabletwin.ui.showDiagram", document.uri);
    const first = await until("a picture", () => panel.last);
    const flow = first.stations.find((s) => s.id === "flow");
    assert.equal(flow?.line, lineOf(document, /^flow\s*:/));
    assert.match(first.svg ?? "", /<g class="tt-station[^"]*" data-station="flow" data-line="\d+" data-column="1" tabindex="0"/);
    assert.equal(first.problem, null);

    const draws: { problem: string | null; line?: number }[] = [];
    const listener = panel.onDidDraw((result) =>
      draws.push({ problem: result.problem, line: result.stations.find((s) => s.id === "flow")?.line }));
    try {
      await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), "# one more line\n"));
      await until("the picture of the edited text", () =>
        draws.find((d) => d.problem === null && d.line === flow!.line + 1), 10_000);

      const flowLine = lineOf(document, /^flow\s*:/) - 1;
      await editor.edit((edit) => edit.insert(new vscode.Position(flowLine, 0), "flow: [\n"));
      const broken = await until(`a problem (draws: ${JSON.stringify(draws)})`, () => draws.find((d) => d.problem), 10_000);
      assert.match(broken.problem!, /^the model cannot be read: /);
      assert.equal(panel.problem, broken.problem);
      assert.equal(panel.last?.stations.find((s) => s.id === "flow")?.line, flow!.line + 1, "the last good picture stays");
    } finally {
      listener.dispose();
      panel.dispose();
      // Back to the file on disk (the scenario in e2e/panels.mjs opens it again).
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand("workbench.action.files.revert");
    }
    assert.equal(document.isDirty, false);
  });

  test("the Player: a game of computer seats to its end; closing the panel ends the session", async () => {
    const document = (await open("kuhn.model.yaml")).document;
    const panel = await vscode.commands.executeCommand<PlayerPanel>("tabletwin.ui.openPlayer", document.uri);
    assert.deepEqual(panel.setup?.players, ["human", "random"]);
    assert.ok(panel.setup?.choices.some((c) => c.value.endsWith("kuhn-poker-value.yaml")),
              JSON.stringify(panel.setup?.choices));
    const started = await panel.start(["random", "first"], 11, null);
    assert.equal(started?.seed, 11);
    assert.equal(started?.view_as, null);
    assert.equal(started?.request?.kind, "chance");
    const one = await panel.advance("one");
    assert.equal(one?.log.filter((e) => e.index !== null).length, 1);
    const end = (await panel.advance("end")) as PlayView;
    assert.ok(end.end && ["fold", "showdown"].includes(end.end.reason), JSON.stringify(end.end));
    assert.equal(end.end.payoffs.reduce((a, b) => a + b, 0), 0);
    // Back to just before request 2: the log is cut there, and the same seed plays it the same way.
    const back = await panel.back(2);
    assert.equal(back?.request?.index, 2);
    assert.deepEqual((await panel.advance("end"))?.end, end.end);

    const session = panel.session!;
    panel.dispose();
    const client = await (await api()).ready();
    await until("the session to be closed", async () => {
      try {
        await client.sendRequest("tabletwin/player/view", { session, viewAs: null });
        return undefined;
      } catch {
        return true;
      }
    });
  });

  test("a stopped test game: a quick fix opens it in the Player at its error", async () => {
    const uri = workspaceFile("engine-error.model.yaml");
    await open("engine-error.model.yaml");
    await vscode.commands.executeCommand("tabletwin.ui.runTestGames", uri);
    const stop = await until("a stopped game with data.player", () =>
      vscode.languages.getDiagnostics(uri).find((d) => (d as { data?: { player?: unknown } }).data?.player));
    const game = (stop as unknown as { data: { player: { seed: number; players: string[]; request: number } } }).data.player;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      "vscode.executeCodeActionProvider", uri, stop.range);
    const action = actions.find((a) => a.title.startsWith("Open in the Player"));
    assert.equal(action?.title, `Open in the Player (seed ${game.seed})`);
    const panel = await vscode.commands.executeCommand<PlayerPanel>(action!.command!.command, ...action!.command!.arguments!);
    const view = await until("the error", () => panel.view);
    assert.equal(view.seed, game.seed);
    assert.deepEqual(view.players, game.players);
    assert.match(view.error?.message ?? "", /ZeroDivisionError/);
    assert.equal(view.error?.line, stop.range.start.line + 1);
    panel.dispose();
  });
});
