// The Diagram panel: the server's picture of the flow for one model, redrawn after each edit of
// the model (debounced); clicking a station shows its line in the editor.

import * as vscode from "vscode";
import { ServerController } from "./server";
import { debounce, Debounced } from "./debounce";
import { modelName } from "./target";
import { FromDiagram, parseFromDiagram, ToDiagram } from "./view/messages";
import type { DiagramResult } from "./view/protocol";
import { createPanel, revealLine, setPage } from "./webviewHost";

export const DIAGRAM_REQUEST = "tabletwin/diagram";
/** Quiet time after an edit before asking again; the server checks the buffer after its own. */
export const DIAGRAM_REDRAW_MS = 300;

export async function requestDiagram(server: ServerController, uri: vscode.Uri): Promise<DiagramResult> {
  const client = await server.ready();
  return client.sendRequest<DiagramResult>(DIAGRAM_REQUEST, { uri: uri.toString() });
}

const BODY = `<p id="tt-problem" class="tt-problem" role="status" hidden></p>
<div id="tt-picture" class="tt-picture" aria-busy="true" aria-label="Flow diagram: Tab to a station, Enter shows its line"></div>`;

export class DiagramPanel implements vscode.Disposable {
  private static readonly open = new Map<string, DiagramPanel>();
  readonly panel: vscode.WebviewPanel;
  /** The last picture the server drew (kept when the model stops being readable). */
  last: DiagramResult | undefined;
  /** The last problem the server reported, null once a picture is up to date. */
  problem: string | null = null;
  private readonly redraw: Debounced;
  private readonly disposables: vscode.Disposable[] = [];
  private asked = 0;
  private drawn = new vscode.EventEmitter<DiagramResult>();
  /** Fires after each answer of the server has been sent to the webview. */
  readonly onDidDraw = this.drawn.event;

  static async show(server: ServerController, extensionUri: vscode.Uri, document: vscode.TextDocument):
      Promise<DiagramPanel> {
    const existing = DiagramPanel.open.get(document.uri.toString());
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = new DiagramPanel(server, extensionUri, document);
    DiagramPanel.open.set(document.uri.toString(), panel);
    await panel.refresh();
    return panel;
  }

  private constructor(private readonly server: ServerController, extensionUri: vscode.Uri,
                      private readonly document: vscode.TextDocument) {
    this.panel = createPanel(extensionUri, "tabletwin.diagram", `Diagram: ${modelName(document)}`, vscode.ViewColumn.Beside);
    setPage(this.panel, extensionUri, "diagram", BODY);
    this.redraw = debounce(() => void this.refresh(), DIAGRAM_REDRAW_MS);
    this.disposables.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message) => this.receive(parseFromDiagram(message))),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() === this.document.uri.toString() && event.contentChanges.length) this.redraw();
      }),
      server.onDidChangeClient(() => this.redraw()),
    );
  }

  /** Asks the server for the picture of the buffer as it is now and sends it to the webview. */
  async refresh(): Promise<void> {
    const ask = ++this.asked;
    let result: DiagramResult;
    try {
      result = await requestDiagram(this.server, this.document.uri);
    } catch (error) {
      if (ask !== this.asked) return;
      this.problem = error instanceof Error ? error.message : String(error);
      this.post({ type: "problem", message: this.problem });
      return;
    }
    if (ask !== this.asked) return;  // an edit came in meanwhile; its answer is drawn instead
    this.problem = result.problem;
    if (result.svg) this.last = result;
    this.post({ type: "diagram", diagram: result });
    this.drawn.fire(result);
  }

  private post(message: ToDiagram): void {
    void this.panel.webview.postMessage(message);
  }

  private async receive(message: FromDiagram | undefined): Promise<void> {
    if (message?.type === "ready") {
      if (this.last) this.post({ type: "diagram", diagram: { ...this.last, problem: this.problem } });
      else if (this.problem) this.post({ type: "problem", message: this.problem });
    } else if (message?.type === "reveal") {
      const station = this.last?.stations.find((s) => s.id === message.station);
      if (station) await revealLine(this.document.uri, station.line, station.column, this.panel.viewColumn);
    }
  }

  dispose(): void {
    if (DiagramPanel.open.get(this.document.uri.toString()) !== this) return;
    DiagramPanel.open.delete(this.document.uri.toString());
    this.redraw.cancel();
    this.drawn.dispose();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
