// The Player panel: plays one game of a model in the server (tabletwin/player/*) and shows the
// engine's view of it. A person answers the seats played by hand; the computer seats move when
// asked. The session is closed in the server when the panel closes.

import * as vscode from "vscode";
import { requestDiagram } from "./diagramPanel";
import { documentStatus } from "./commands";
import { ServerController } from "./server";
import { modelName } from "./target";
import { FromPlayer, parseFromPlayer, SetupInfo, ToPlayer } from "./view/messages";
import type { PlayResult, PlayView, StoppedGame, Until } from "./view/protocol";
import { agentNames, BY_HAND, followViewAs, gameName, playerChoices, randomSeed, startViewAs, TacticFile }
  from "./view/setup";
import { documentKind } from "./documentKind";
import { createPanel, revealLine, setPage } from "./webviewHost";

export const PLAYER = {
  start: "tabletwin/player/start",
  answer: "tabletwin/player/answer",
  advance: "tabletwin/player/advance",
  back: "tabletwin/player/back",
  view: "tabletwin/player/view",
  restart: "tabletwin/player/restart",
  close: "tabletwin/player/close",
} as const;

/** How many YAML files of the workspace are read when looking for tactic files. */
export const MAX_TACTIC_SCAN = 500;

export interface PlayerOptions {
  /** A stopped test game: start it at once with its seed and players, run to where it stopped. */
  game?: StoppedGame;
}

const BODY = `<main id="tt-player">
<section id="tt-setup" aria-label="Set-up"></section>
<p id="tt-failure" class="tt-failure" role="alert" hidden></p>
<section id="tt-status" aria-label="Game" hidden></section>
<div class="tt-layout">
  <div>
    <section id="tt-question" aria-live="polite" aria-label="Question"></section>
    <section id="tt-log" aria-label="Log"></section>
  </div>
  <div>
    <section aria-label="Track"><h2>Track</h2><div id="tt-track-picture" class="tt-track-frame"></div></section>
    <section id="tt-table" aria-label="Table"></section>
  </div>
</div>
</main>`;

export async function tacticFiles(model: vscode.TextDocument): Promise<TacticFile[]> {
  const game = gameName(model.getText());
  const found: TacticFile[] = [];
  for (const uri of await vscode.workspace.findFiles("**/*.{yaml,yml}", "**/node_modules/**", MAX_TACTIC_SCAN)) {
    if (uri.toString() === model.uri.toString()) continue;
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      continue;
    }
    if (documentKind(text) !== "tactic" || (game && gameName(text) !== game)) continue;
    found.push({ path: uri.fsPath, label: vscode.workspace.asRelativePath(uri) });
  }
  return found.sort((a, b) => a.label.localeCompare(b.label));
}

export class PlayerPanel implements vscode.Disposable {
  private static readonly open = new Set<PlayerPanel>();
  readonly panel: vscode.WebviewPanel;
  session: string | undefined;
  view: PlayView | undefined;
  /** Why the last request could not be done (the view is then unchanged), or null. */
  problem: string | null = null;
  setup: SetupInfo | undefined;
  private track: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<PlayView>();
  /** Fires after each new view has been sent to the webview (used by the tests). */
  readonly onDidChangeView = this.changed.event;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;

  static async show(server: ServerController, extensionUri: vscode.Uri, document: vscode.TextDocument,
                    options: PlayerOptions = {}): Promise<PlayerPanel> {
    const panel = new PlayerPanel(server, extensionUri, document);
    PlayerPanel.open.add(panel);
    try {
      await panel.prepare(options.game);
    } catch (error) {
      // No server, say: the panel says why (opening it again once the server runs tries again).
      panel.post({ type: "failure", message: `The set-up could not be read: ${error instanceof Error ? error.message : String(error)}` });
      return panel;
    }
    if (options.game) {
      // Run to the request the game had reached: it stops there with its error.
      await panel.start(options.game.players, options.game.seed, null, options.game.request);
    }
    return panel;
  }

  /** The open Player panels (for the tests and for closing them all). */
  static panels(): PlayerPanel[] {
    return [...PlayerPanel.open];
  }

  private constructor(private readonly server: ServerController, extensionUri: vscode.Uri,
                      readonly document: vscode.TextDocument) {
    this.panel = createPanel(extensionUri, "tabletwin.player", `Player: ${modelName(document)}`, vscode.ViewColumn.Beside);
    setPage(this.panel, extensionUri, "player", BODY);
    this.disposables.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message) => this.receive(parseFromPlayer(message))),
      this.changed,
    );
  }

  private async prepare(game: StoppedGame | undefined): Promise<void> {
    const client = await this.server.ready();
    const seats = game?.players.length ?? (await documentStatus(client, this.document.uri)).players ?? 2;
    const players = game?.players ?? Array.from({ length: seats }, (_, seat) => (seat === 0 ? BY_HAND : "random"));
    this.setup = {
      model: modelName(this.document),
      seats,
      choices: playerChoices(agentNames(this.document.getText()), await tacticFiles(this.document)),
      players,
      seed: game?.seed ?? randomSeed(Math.random),
      viewAs: game ? null : startViewAs(players, 0),
    };
    this.post({ type: "setup", setup: this.setup });
    await this.refreshTrack();
  }

  private async refreshTrack(): Promise<void> {
    try {
      const diagram = await requestDiagram(this.server, this.document.uri);
      if (diagram.svg) {
        this.track = diagram.svg;
        this.post({ type: "track", svg: diagram.svg });
      }
    } catch {
      // The track is an aid: the game plays without it.
    }
  }

  private post(message: ToPlayer): void {
    if (!this.disposed) void this.panel.webview.postMessage(message);
  }

  /** Runs one server request at a time, in the order the user clicked. */
  private serial<T>(work: () => Promise<T>): Promise<T | undefined> {
    const next = this.queue.then(async () => {
      this.post({ type: "busy", busy: true });
      try {
        return await work();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.post({ type: "failure", message: `The server could not do that: ${message}` });
        return undefined;
      } finally {
        this.post({ type: "busy", busy: false });
      }
    });
    this.queue = next;
    return next;
  }

  private async request(method: string, params: Record<string, unknown>): Promise<PlayView> {
    const client = await this.server.ready();
    const result = await client.sendRequest<PlayResult>(method, params);
    if (result.session !== undefined) this.session = result.session;
    this.problem = result.problem ?? null;
    return result.view;
  }

  private async show(view: PlayView): Promise<void> {
    // A game with seats played by hand is seen through one of them (see followViewAs).
    const follow = followViewAs(view.players, view);
    if (follow !== undefined && this.session) view = await this.request(PLAYER.view, { session: this.session, viewAs: follow });
    this.view = view;
    this.post({ type: "view", view });
    if (this.problem) this.post({ type: "failure", message: this.problem });
    this.changed.fire(view);
  }

  async start(players: string[], seed: number, viewAs: number | null, runTo?: number | "error"): Promise<PlayView | undefined> {
    return this.serial(async () => {
      await this.closeSession();
      if (this.setup) this.setup = { ...this.setup, players, seed, viewAs };
      const params: Record<string, unknown> = { uri: this.document.uri.toString(), players, seed,
                                                viewAs: startViewAs(players, viewAs) };
      if (runTo !== undefined) params.runTo = runTo;
      const view = await this.request(PLAYER.start, params);
      await this.show(view);
      return view;
    });
  }

  /** Answers the open question with the option at `index`. */
  answer(index: number): Promise<PlayView | undefined> {
    return this.inSession((session) => this.request(PLAYER.answer, { session, index }));
  }

  advance(until: Until): Promise<PlayView | undefined> {
    return this.inSession((session) => this.request(PLAYER.advance, { session, until }));
  }

  back(index: number): Promise<PlayView | undefined> {
    return this.inSession((session) => this.request(PLAYER.back, { session, index }));
  }

  viewAs(seat: number | null): Promise<PlayView | undefined> {
    return this.inSession((session) => this.request(PLAYER.view, { session, viewAs: seat }));
  }

  restart(): Promise<PlayView | undefined> {
    return this.inSession(async (session) => {
      const view = await this.request(PLAYER.restart, { session });
      void this.refreshTrack();
      return view;
    });
  }

  private inSession(work: (session: string) => Promise<PlayView>): Promise<PlayView | undefined> {
    return this.serial(async () => {
      if (!this.session) throw new Error("no game is running; press Start");
      const view = await work(this.session);
      await this.show(view);
      return view;
    });
  }

  private async receive(message: FromPlayer | undefined): Promise<void> {
    if (!message) return;
    switch (message.type) {
      case "ready":
        if (this.setup) this.post({ type: "setup", setup: this.setup });
        if (this.track) this.post({ type: "track", svg: this.track });
        if (this.view) this.post({ type: "view", view: this.view });
        return;
      case "start":
        if (message.players.length !== this.setup?.seats) return;
        await this.start(message.players, message.seed, message.viewAs);
        return;
      case "answer":
        await this.answer(message.index);
        return;
      case "advance":
        await this.advance(message.until);
        return;
      case "back":
        await this.back(message.index);
        return;
      case "restart":
        await this.restart();
        return;
      case "viewAs":
        await this.viewAs(message.seat);
        return;
      case "reveal":
        await revealLine(this.document.uri, message.line, message.column, this.panel.viewColumn);
        return;
      case "station": {
        const diagram = await requestDiagram(this.server, this.document.uri).catch(() => undefined);
        const station = diagram?.stations.find((s) => s.id === message.station);
        if (station) await revealLine(this.document.uri, station.line, station.column, this.panel.viewColumn);
        return;
      }
    }
  }

  private async closeSession(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (!session) return;
    try {
      const client = await this.server.ready();
      await client.sendRequest(PLAYER.close, { session });
    } catch {
      // The server forgets sessions of closed documents and after a restart: nothing to close.
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    PlayerPanel.open.delete(this);
    void this.queue.then(() => this.closeSession());
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
