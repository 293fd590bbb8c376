// The palette commands. The server's own commands (tabletwin.runTestGames, tabletwin.showFlowTree,
// tabletwin.simulate) are registered under those ids by the language client, which forwards
// their arguments unchanged; the palette entries therefore use ids of their own (tabletwin.ui.*)
// that find the document, ask for what is missing, show progress and present the result.

import * as vscode from "vscode";
import { ExecuteCommandRequest, LanguageClient, LSPErrorCodes, ResponseError } from "vscode-languageclient/node";
import { ResultDocuments } from "./readOnly";
import { checkGames, checkPlayers, DocumentStatus, parseGames, seatsByHand, TestGamesSummary,
         timedOutMessage } from "./results";
import { ReportPanel } from "./reportPanel";
import type { BalanceReport, SimulationResult } from "./view/reportProtocol";
import { noteTestGames } from "./panels";
import { ServerController } from "./server";
import { modelName, targetModel } from "./target";

export const COMMANDS = {
  restartServer: "tabletwin.restartServer",
  runTestGames: "tabletwin.ui.runTestGames",
  showFlowTree: "tabletwin.ui.showFlowTree",
  simulate: "tabletwin.ui.simulate",
  playGame: "tabletwin.ui.playGame",
} as const;

export const DOCUMENT_STATUS = "tabletwin/documentStatus";
export const SIMULATION_REPORT = "tabletwin/simulationReport";

export interface CommandContext {
  server: ServerController;
  results: ResultDocuments;
  output: vscode.LogOutputChannel;
  /** Where the webviews' scripts and styles are (media/). */
  extensionUri: vscode.Uri;
  /** Called after test games so the status bar shows their result. */
  refreshStatus(): void;
}

async function executeOnServer<T>(client: LanguageClient, command: string, args: unknown[]): Promise<T> {
  return (await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args })) as T;
}

/** The server gave up because the user cancelled its progress (or the request). */
function cancelled(error: unknown): boolean {
  return error instanceof vscode.CancellationError
    || (error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled);
}

function explain(error: unknown): string {
  if (error instanceof ResponseError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export async function guarded<T>(context: CommandContext, what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (cancelled(error)) return undefined;
    context.output.error(`${what}: ${explain(error)}`);
    void vscode.window.showErrorMessage(`Tabletwin: ${what} failed: ${explain(error)}`);
    return undefined;
  }
}

/** The server's cancellation or failure of a run shown in its report panel (then handled as usual). */
export async function intoPanel<T>(panel: ReportPanel, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    panel.failure(cancelled(error) ? "Cancelled." : `The run failed: ${explain(error)}`);
    throw error;
  }
}

export async function documentStatus(client: LanguageClient, uri: vscode.Uri): Promise<DocumentStatus> {
  return client.sendRequest<DocumentStatus>(DOCUMENT_STATUS, { uri: uri.toString() });
}

/** Runs the test games; the server reports progress (a notification, see progress.ts) and shows
 * the summary as a message. */
async function runTestGames(context: CommandContext, argument?: unknown): Promise<TestGamesSummary | undefined> {
  const document = await targetModel(argument);
  if (!document) return undefined;
  return guarded(context, "Test games", async () => {
    const client = await context.server.ready();
    noteTestGames(document.uri);
    const summary = await executeOnServer<TestGamesSummary>(client, "tabletwin.runTestGames",
                                                            [document.uri.toString()]);
    context.refreshStatus();
    const timedOut = timedOutMessage(summary, vscode.workspace.getConfiguration("tabletwin").get<number>("gameSeconds", 10));
    if (timedOut) {
      void vscode.window.showWarningMessage(timedOut, "Open Setting").then((choice) => {
        if (choice) void vscode.commands.executeCommand("workbench.action.openSettings", "tabletwin.gameSeconds");
      });
    }
    return summary;
  });
}

async function showFlowTree(context: CommandContext, argument?: unknown): Promise<string | undefined> {
  const document = await targetModel(argument);
  if (!document) return undefined;
  return guarded(context, "Flow tree", async () => {
    const client = await context.server.ready();
    const tree = await executeOnServer<string>(client, "tabletwin.showFlowTree", [document.uri.toString()]);
    await context.results.show(`${modelName(document)} flow tree.txt`, tree);
    return tree;
  });
}

interface SimulateOptions {
  games?: number;
  players?: string;
}

async function simulate(context: CommandContext, argument?: unknown, options: SimulateOptions = {}):
    Promise<BalanceReport | undefined> {
  const document = await targetModel(argument);
  if (!document) return undefined;
  return guarded(context, "Simulation", async () => {
    const client = await context.server.ready();
    const status = await documentStatus(client, document.uri);
    const seats = status.players;
    let games = options.games;
    if (games === undefined) {
      const text = await vscode.window.showInputBox({
        title: `Simulate ${modelName(document)}`, prompt: "How many games?", value: "1000", validateInput: checkGames });
      if (text === undefined) return undefined;
      games = parseGames(text);
    }
    let players = options.players;
    if (players === undefined) {
      players = await vscode.window.showInputBox({
        title: `Simulate ${modelName(document)}`,
        prompt: "Players by seat, separated by commas: random, first, agent:NAME or a tactic file " +
                "(relative to the model's folder); seats left out play random",
        value: Array.from({ length: seats ?? 2 }, () => "random").join(","),
        validateInput: (text) => checkPlayers(text, seats),
      });
      if (players === undefined) return undefined;
    }
    const specs = players.split(",").map((s) => s.trim());
    const panel = ReportPanel.show(context.extensionUri, document, "simulation");
    panel.busy(`Playing ${games} games…`);
    const result = await intoPanel(panel, () => client.sendRequest<SimulationResult>(SIMULATION_REPORT, {
      uri: document.uri.toString(), games, players: specs }));
    panel.showSimulation(result);
    return result.report;
  });
}

interface PlayOptions {
  /** The seats a person plays (skips the question). */
  seats?: number[] | "all";
}

/** Plays the model in a terminal with `tabletwin play`: a person answers at the chosen seats. */
async function playGame(context: CommandContext, argument?: unknown, options: PlayOptions = {}):
    Promise<vscode.Terminal | undefined> {
  const document = await targetModel(argument);
  if (!document) return undefined;
  return guarded(context, "Play", async () => {
    const client = await context.server.ready();
    const cli = context.server.launch?.cli;
    if (!cli) {
      throw new Error("the `tabletwin` command was not found next to the server; install tabletwin into " +
                      "the same environment or put `tabletwin` on PATH");
    }
    const seats = (await documentStatus(client, document.uri)).players ?? 2;
    const choices = [
      ...Array.from({ length: seats }, (_, seat) => ({ label: `Seat ${seat}`, description: "others play random",
                                                        seats: [seat] as number[] | "all" })),
      { label: "Every seat", description: "you answer for all players", seats: "all" as const },
    ];
    const human = options.seats ?? (await vscode.window.showQuickPick(choices, {
      title: `Play ${modelName(document)}`, placeHolder: "Which seat do you play?" }))?.seats;
    if (!human) return undefined;
    if (document.isDirty) await document.save();  // the command line plays the file on disk
    const args = [...cli.args, "play", document.uri.fsPath, "--players", seatsByHand(seats, human)];
    context.output.info(`Playing: ${[cli.command, ...args].join(" ")}`);
    const terminal = vscode.window.createTerminal({ name: `Tabletwin: ${modelName(document)}`, shellPath: cli.command,
                                                    shellArgs: args });
    terminal.show();
    return terminal;
  });
}

export function registerCommands(context: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.restartServer, () => context.server.restart()),
    vscode.commands.registerCommand(COMMANDS.runTestGames, (uri?: unknown) => runTestGames(context, uri)),
    vscode.commands.registerCommand(COMMANDS.showFlowTree, (uri?: unknown) => showFlowTree(context, uri)),
    vscode.commands.registerCommand(COMMANDS.simulate, (uri?: unknown, options?: SimulateOptions) =>
      simulate(context, uri, options)),
    vscode.commands.registerCommand(COMMANDS.playGame, (uri?: unknown, options?: PlayOptions) =>
      playGame(context, uri, options)),
  ];
}
