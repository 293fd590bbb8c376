// Starts, stops and restarts the language client for `tabletwin-lsp`.

import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import { machine } from "./machine";
import { progressAsNotifications } from "./progress";
import { findServer, Launch, NOT_FOUND_MESSAGE } from "./serverLocation";
import { SERVER_KEYS, serverSection } from "./settings";

export const DOCUMENT_SELECTOR = [
  { scheme: "file", language: "yaml" },
  { scheme: "untitled", language: "yaml" },
];

function section(): Record<string, unknown> {
  const configuration = vscode.workspace.getConfiguration("tabletwin");
  return serverSection((key) => configuration.get(key));
}

export class NoServerError extends Error {}

export class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private starting: Promise<LanguageClient | undefined> | undefined;
  /** Set when the last start found no server: asking again waits for a restart (settings changed). */
  private failed = false;
  private progress: vscode.Disposable | undefined;
  private readonly changed = new vscode.EventEmitter<LanguageClient | undefined>();
  /** Fires with the new client after each start (undefined when no server was found). */
  readonly onDidChangeClient = this.changed.event;
  launch: Launch | undefined;
  /** Why the last start found no server. */
  private problem: string | undefined;

  constructor(private readonly output: vscode.LogOutputChannel) {}

  /** The running client, starting the server first if needed; throws when there is none. */
  async ready(): Promise<LanguageClient> {
    const client = this.client ?? (this.failed && !this.starting ? undefined : await (this.starting ?? this.start()));
    if (!client) throw new NoServerError(this.problem ?? NOT_FOUND_MESSAGE);
    return client;
  }

  start(): Promise<LanguageClient | undefined> {
    this.starting ??= this.launchClient()
      .then((client) => {
        this.failed = client === undefined;
        return client;
      })
      .finally(() => (this.starting = undefined));
    return this.starting;
  }

  async restart(): Promise<LanguageClient | undefined> {
    this.output.info("Restarting the language server");
    await this.stop();
    return this.start();
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        await client.stop(5000);
      } catch (error) {
        this.output.warn(`Stopping the server: ${error}`);
      }
      await client.dispose();
    }
  }

  /** Sends the server's settings again (after `tabletwin.testGames` etc. changed). */
  async sendSettings(): Promise<void> {
    await this.client?.sendNotification(DidChangeConfigurationNotification.type, { settings: { tabletwin: section() } });
  }

  private async launchClient(): Promise<LanguageClient | undefined> {
    const configuration = vscode.workspace.getConfiguration("tabletwin");
    const found = await findServer(
      { serverPath: configuration.get<string>("server.path", ""), python: configuration.get<string>("python", "") },
      machine,
    );
    for (const line of found.log) this.output.info(line);
    this.launch = found.launch;
    this.problem = found.problem;
    if (!found.launch) {
      const message = found.problem ?? NOT_FOUND_MESSAGE;
      this.output.error(message);
      this.changed.fire(undefined);
      void vscode.window.showErrorMessage(message, "Open Settings", "Show Log").then((choice) => {
        if (choice === "Open Settings") void vscode.commands.executeCommand("workbench.action.openSettings", "tabletwin.");
        if (choice === "Show Log") this.output.show();
      });
      return undefined;
    }
    const { command, args } = found.launch;
    this.output.info(`Starting ${[command, ...args].join(" ")} (from ${found.launch.source})`);
    const serverOptions: ServerOptions = { command, args, transport: TransportKind.stdio };
    const clientOptions: LanguageClientOptions = {
      documentSelector: DOCUMENT_SELECTOR,
      outputChannel: this.output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      initializationOptions: section(),
      middleware: {
        workspace: {
          // The server knows only its own keys; the launch settings stay on this side.
          configuration: (params, token, next) =>
            params.items.some((item) => item.section === "tabletwin")
              ? params.items.map((item) => (item.section === "tabletwin" ? section() : null))
              : next(params, token),
        },
      },
    };
    const client = new LanguageClient("tabletwin", "Tabletwin", serverOptions, clientOptions);
    try {
      await client.start();
    } catch (error) {
      this.output.error(`The server did not start: ${error}`);
      void vscode.window.showErrorMessage(`Tabletwin: the language server did not start (${error}). See the Tabletwin output.`);
      this.changed.fire(undefined);
      return undefined;
    }
    this.progress?.dispose();
    this.progress = progressAsNotifications(client);
    this.client = client;
    this.changed.fire(client);
    return client;
  }

  dispose(): void {
    void this.stop();
    this.progress?.dispose();
    this.changed.dispose();
  }
}

export function affectsServerSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return SERVER_KEYS.some((key) => event.affectsConfiguration(`tabletwin.${key}`));
}
