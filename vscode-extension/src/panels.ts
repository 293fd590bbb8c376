// The commands that open the Diagram and the Player, and the two ways into the Player from a
// stopped test game: a quick fix on its Problems entry and a button on the test-games summary.

import * as vscode from "vscode";
import { LanguageClient, MessageType, ShowMessageNotification, ShowMessageParams } from "vscode-languageclient/node";
import { DiagramPanel } from "./diagramPanel";
import { PlayerOptions, PlayerPanel } from "./playerPanel";
import { ServerController } from "./server";
import { targetModel } from "./target";
import type { StoppedGame } from "./view/protocol";
import { stoppedGameOf, summaryHasStops } from "./view/stopped";

export const PANEL_COMMANDS = {
  showDiagram: "tabletwin.ui.showDiagram",
  openPlayer: "tabletwin.ui.openPlayer",
} as const;

export const OPEN_IN_PLAYER = "Open in the Player";

/** The stopped games among a document's diagnostics, with the diagnostic each comes from. */
export function stoppedGames(uri: vscode.Uri): { diagnostic: vscode.Diagnostic; game: StoppedGame }[] {
  return vscode.languages.getDiagnostics(uri).flatMap((diagnostic) => {
    // The language client keeps the server's `data` on the diagnostics it publishes.
    const game = stoppedGameOf((diagnostic as { data?: unknown }).data);
    return game ? [{ diagnostic, game }] : [];
  });
}

function sameDiagnostic(a: vscode.Diagnostic, b: vscode.Diagnostic): boolean {
  return a.message === b.message && a.range.isEqual(b.range);
}

/** "Open in the Player" on the Problems entries (and light bulbs) of stopped test games. */
class StoppedGameActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range,
                     context: vscode.CodeActionContext): vscode.CodeAction[] {
    // VS Code hands providers copies of the diagnostics without `data`: find the originals.
    const stopped = stoppedGames(document.uri);
    return context.diagnostics.flatMap((asked) => {
      const found = stopped.find((s) => sameDiagnostic(s.diagnostic, asked));
      if (!found) return [];
      const action = new vscode.CodeAction(`${OPEN_IN_PLAYER} (seed ${found.game.seed})`, vscode.CodeActionKind.QuickFix);
      action.diagnostics = [asked];
      action.command = { command: PANEL_COMMANDS.openPlayer, title: OPEN_IN_PLAYER,
                         arguments: [document.uri, { game: found.game } satisfies PlayerOptions] };
      return [action];
    });
  }
}

/** Where the last test games ran: the summary message does not say which model it is about. */
let lastTestGames: vscode.Uri | undefined;

export function noteTestGames(uri: vscode.Uri): void {
  lastTestGames = uri;
}

function showAsUsual(params: ShowMessageParams, ...items: string[]): Thenable<string | undefined> {
  switch (params.type) {
    case MessageType.Error: return vscode.window.showErrorMessage(params.message, ...items);
    case MessageType.Warning: return vscode.window.showWarningMessage(params.message, ...items);
    default: return vscode.window.showInformationMessage(params.message, ...items);
  }
}

/**
 * Replaces the client's handler of `window/showMessage` (call after each start): messages show
 * as before, and a test-games summary with stopped games gets a button that opens the first one.
 */
export function summaryWithPlayerButton(client: LanguageClient, open: (uri: vscode.Uri, game: StoppedGame) => unknown):
    vscode.Disposable {
  return client.onNotification(ShowMessageNotification.type, (params) => {
    if (!summaryHasStops(params.message)) return void showAsUsual(params);
    const uri = lastTestGames ?? vscode.window.activeTextEditor?.document.uri;
    void showAsUsual(params, OPEN_IN_PLAYER).then((choice) => {
      const game = uri && stoppedGames(uri)[0];
      if (choice === OPEN_IN_PLAYER && uri && game) open(uri, game.game);
    });
  });
}

/** Runs a command's work; a failure (no server, say) becomes an error message. */
async function reported<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    void vscode.window.showErrorMessage(`Tabletwin: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

export function registerPanels(server: ServerController, extensionUri: vscode.Uri): vscode.Disposable[] {
  const openPlayer = (argument?: unknown, options?: PlayerOptions) => reported("the Player did not open", async () => {
    const document = await targetModel(argument);
    return document ? PlayerPanel.show(server, extensionUri, document, options) : undefined;
  });
  let summary: vscode.Disposable | undefined;
  const hook = (client: LanguageClient | undefined) => {
    summary?.dispose();
    summary = client && summaryWithPlayerButton(client, (uri, game) => void openPlayer(uri, { game }));
  };
  return [
    vscode.commands.registerCommand(PANEL_COMMANDS.showDiagram, (argument?: unknown) =>
      reported("the Diagram did not open", async () => {
        const document = await targetModel(argument);
        return document ? DiagramPanel.show(server, extensionUri, document) : undefined;
      })),
    vscode.commands.registerCommand(PANEL_COMMANDS.openPlayer, openPlayer),
    vscode.languages.registerCodeActionsProvider({ language: "yaml" }, new StoppedGameActions(),
                                                 { providedCodeActionKinds: StoppedGameActions.kinds }),
    server.onDidChangeClient(hook),
    { dispose: () => summary?.dispose() },
    { dispose: () => PlayerPanel.panels().forEach((p) => p.dispose()) },
  ];
}
