// The Tabletwin extension: a thin client for `tabletwin-lsp`. The server analyses the models;
// this side finds and starts it, forwards settings, and shows results the VS Code way.

import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";
import { ModelCodeLenses } from "./codeLens";
import { CommandContext, registerCommands } from "./commands";
import { registerLadder } from "./ladderPanel";
import { debounce } from "./debounce";
import { onPythonInterpreterChange } from "./machine";
import { registerNewModel } from "./newModel";
import { registerPanels } from "./panels";
import { ResultDocuments, SCHEME } from "./readOnly";
import { affectsServerSettings, ServerController } from "./server";
import { Launch } from "./serverLocation";
import { LAUNCH_KEYS } from "./settings";
import { StatusBar } from "./statusBar";

const RESTART_DEBOUNCE_MS = 500;

/** What the extension returns from `activate` (used by its end-to-end tests). */
export interface TabletwinApi {
  ready(): Promise<LanguageClient>;
  statusText(): string;
  /** How the running server was started. */
  launch(): Launch | undefined;
}

let server: ServerController | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<TabletwinApi> {
  const output = vscode.window.createOutputChannel("Tabletwin", { log: true });
  server = new ServerController(output);
  const results = new ResultDocuments();
  const statusBar = new StatusBar(server);
  const commandContext: CommandContext = { server, results, output, extensionUri: context.extensionUri,
                                           refreshStatus: () => statusBar.refresh() };
  const restart = debounce(() => void server?.restart(), RESTART_DEBOUNCE_MS);

  context.subscriptions.push(
    output,
    server,
    results,
    statusBar,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, results),
    vscode.languages.registerCodeLensProvider({ language: "yaml" }, new ModelCodeLenses()),
    ...registerCommands(commandContext),
    ...registerLadder(commandContext),
    ...registerPanels(server, context.extensionUri),
    ...registerNewModel(context.extensionUri),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (LAUNCH_KEYS.some((key) => event.affectsConfiguration(`tabletwin.${key}`))) restart();
      else if (affectsServerSettings(event)) void server?.sendSettings();
    }),
    { dispose: () => restart.cancel() },
  );
  const pythonWatch = await onPythonInterpreterChange(() => {
    // Only a server that came from the Python extension (or none at all) depends on its choice.
    if (!server?.launch || server.launch.followsPythonExtension) restart();
  });
  if (pythonWatch) context.subscriptions.push(pythonWatch);

  void server.start();
  return { ready: () => server!.ready(), statusText: () => statusBar.text, launch: () => server?.launch };
}

export async function deactivate(): Promise<void> {
  await server?.stop();
  server = undefined;
}
