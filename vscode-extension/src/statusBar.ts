// The status-bar item: the active model's executability and its last test games (or a tactic's
// errors). It asks the server (`tabletwin/documentStatus`) when the active editor changes and
// when the document's diagnostics change, which is when the server has analysed a new text.

import * as vscode from "vscode";
import { COMMANDS, documentStatus } from "./commands";
import { debounce } from "./debounce";
import { documentKind } from "./documentKind";
import { statusBarText } from "./results";
import { ServerController } from "./server";

const REFRESH_MS = 150;

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem("tabletwin.status", vscode.StatusBarAlignment.Left, 10);
  private readonly disposables: vscode.Disposable[] = [];
  private generation = 0;
  readonly refresh = debounce(() => void this.update(), REFRESH_MS);

  constructor(private readonly server: ServerController) {
    this.item.name = "Tabletwin";
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.languages.onDidChangeDiagnostics((event) => {
        const active = vscode.window.activeTextEditor?.document.uri.toString();
        if (active && event.uris.some((uri) => uri.toString() === active)) this.refresh();
      }),
      server.onDidChangeClient(() => this.refresh()),
    );
    this.refresh();
  }

  /** The text shown now ("" when hidden), for tests. */
  get text(): string {
    return this.visible ? this.item.text : "";
  }

  private visible = false;

  private hide(): void {
    this.visible = false;
    this.item.hide();
  }

  private async update(): Promise<void> {
    const generation = ++this.generation;
    const document = vscode.window.activeTextEditor?.document;
    if (!document || document.languageId !== "yaml" || documentKind(document.getText(), document.fileName) === "other") {
      return this.hide();
    }
    let client;
    try {
      client = await this.server.ready();
    } catch {
      this.item.text = "$(error) Tabletwin: no server";
      this.item.tooltip = "No language server found; see the Tabletwin output";
      this.item.command = "workbench.action.openSettings";
      this.visible = true;
      this.item.show();
      return;
    }
    try {
      const status = await documentStatus(client, document.uri);
      if (generation !== this.generation) return;
      const shown = statusBarText(status);
      this.item.text = shown.text;
      this.item.tooltip = shown.tooltip;
      this.item.backgroundColor = shown.trouble ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
      this.item.command = status.kind === "model" && status.readable
        ? { title: "Run test games", command: COMMANDS.runTestGames, arguments: [document.uri] }
        : "workbench.actions.view.problems";
      this.visible = true;
      this.item.show();
    } catch {
      // The server is restarting or the document just closed: the next change refreshes again.
    }
  }

  dispose(): void {
    this.refresh.cancel();
    this.item.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
