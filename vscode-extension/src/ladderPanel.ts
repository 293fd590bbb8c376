// "Tabletwin: Skill Ladder...": asks for a tactic file, budgets and games, lets the server play the
// ladder in its game process (`tabletwin/ladder`) and shows the result in a report panel.

import * as vscode from "vscode";
import { CommandContext, documentStatus, guarded, intoPanel } from "./commands";
import { tacticFiles } from "./playerPanel";
import { ReportPanel } from "./reportPanel";
import { checkGames, parseGames } from "./results";
import { modelName, targetModel } from "./target";
import { checkBudgets, DEFAULT_BUDGETS, parseBudgets } from "./view/ladderInput";
import type { LadderResult } from "./view/reportProtocol";

export const LADDER_COMMAND = "tabletwin.ui.skillLadder";
export const LADDER_REQUEST = "tabletwin/ladder";

export interface LadderOptions {
  /** A tactic file (absolute, or relative to the model's folder). */
  tactic?: string;
  budgets?: string;
  games?: number;
}

async function pickTactic(document: vscode.TextDocument): Promise<string | undefined> {
  const files = await tacticFiles(document);
  const browse = { label: "$(folder-opened) Choose a file…", path: "" };
  const choice = await vscode.window.showQuickPick(
    [...files.map((f) => ({ label: f.label, path: f.path })), browse],
    { title: `Skill ladder of ${modelName(document)}`, placeHolder: "The tactic whose look-ahead grows" });
  if (!choice) return undefined;
  if (choice !== browse) return choice.path;
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: "Use this tactic",
                                                      filters: { "Tactic files": ["yaml", "yml"] } });
  return picked?.[0]?.fsPath;
}

async function skillLadder(context: CommandContext, argument?: unknown, options: LadderOptions = {}):
    Promise<LadderResult | undefined> {
  const document = await targetModel(argument);
  if (!document) return undefined;
  return guarded(context, "Skill ladder", async () => {
    const client = await context.server.ready();
    const tactic = options.tactic ?? await pickTactic(document);
    if (!tactic) return undefined;
    const title = `Skill ladder of ${modelName(document)}`;
    const budgets = options.budgets ?? await vscode.window.showInputBox({
      title, prompt: "Budgets of rollouts per option, separated by commas (0 = no look-ahead, the floor)",
      value: DEFAULT_BUDGETS, validateInput: checkBudgets });
    if (budgets === undefined) return undefined;
    let games = options.games;
    if (games === undefined) {
      const text = await vscode.window.showInputBox({
        title, prompt: "How many seeds per budget? (each seed is played with the tactic in every seat, " +
                       "against budget 0 and against random)", value: "20", validateInput: checkGames });
      if (text === undefined) return undefined;
      games = parseGames(text);
    }
    // The server reads the tactic from disk (its variants extend the file): save unsaved edits first.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === tactic);
    if (open?.isDirty) await open.save();
    const seats = (await documentStatus(client, document.uri)).players;
    const panel = ReportPanel.show(context.extensionUri, document, "ladder");
    panel.busy(`Playing the ladder: ${games} seeds per budget…`);
    const result = await intoPanel(panel, () => client.sendRequest<LadderResult>(LADDER_REQUEST, {
      uri: document.uri.toString(), tactic, budgets: parseBudgets(budgets), games }));
    panel.showLadder(result, seats);
    return result;
  });
}

export function registerLadder(context: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(LADDER_COMMAND, (uri?: unknown, options?: LadderOptions) =>
      skillLadder(context, uri, options)),
    { dispose: () => ReportPanel.panels().forEach((p) => p.dispose()) },
  ];
}
