// The report panel: the balance report of "Simulate..." or the result of "Skill Ladder...", drawn
// by the webview from the server's answer. Clicking a rule or place in it selects where it is
// written in the model (the server sent the ranges; the webview only names the rule).

import * as vscode from "vscode";
import { modelName } from "./target";
import { FromReport, LadderResult, locate, parseFromReport, SimulationResult, staleNote, TextRange,
         ToReport } from "./view/reportProtocol";
import { createPanel, setPage } from "./webviewHost";

export type ReportKind = "simulation" | "ladder";

const BODY = `<p id="tt-status" role="status" hidden></p>
<main id="tt-report" class="tt-report" aria-busy="true" aria-label="Report: Tab to a rule, Enter shows its line"></main>`;

const TITLES: Record<ReportKind, string> = { simulation: "Balance", ladder: "Ladder" };

export class ReportPanel implements vscode.Disposable {
  private static readonly open = new Map<string, ReportPanel>();
  readonly panel: vscode.WebviewPanel;
  /** The last message for the webview (sent again when the webview reloads). */
  private last: ToReport | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly drawn = new vscode.EventEmitter<ToReport>();
  /** Fires after a report has been sent to the webview. */
  readonly onDidDraw = this.drawn.event;
  private readonly revealed = new vscode.EventEmitter<vscode.TextEditor>();
  /** Fires after a rule's line was shown in an editor. */
  readonly onDidReveal = this.revealed.event;

  static show(extensionUri: vscode.Uri, document: vscode.TextDocument, kind: ReportKind): ReportPanel {
    const key = `${kind} ${document.uri.toString()}`;
    const existing = ReportPanel.open.get(key);
    if (existing) {
      existing.panel.reveal(undefined, true);
      return existing;
    }
    const panel = new ReportPanel(extensionUri, document, kind, key);
    ReportPanel.open.set(key, panel);
    return panel;
  }

  static panels(): ReportPanel[] {
    return [...ReportPanel.open.values()];
  }

  private constructor(extensionUri: vscode.Uri, private readonly document: vscode.TextDocument,
                      readonly kind: ReportKind, private readonly key: string) {
    this.panel = createPanel(extensionUri, `tabletwin.${kind}`, `${TITLES[kind]}: ${modelName(document)}`,
                             vscode.ViewColumn.Beside);
    setPage(this.panel, extensionUri, "report", BODY);
    this.disposables.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message) => this.receive(parseFromReport(message))),
    );
  }

  busy(message: string): void {
    this.post({ type: "busy", message });
  }

  failure(message: string): void {
    this.post({ type: "failure", message });
  }

  showSimulation(result: SimulationResult): void {
    this.last = { type: "simulation", result };
    this.post(this.last);
    this.drawn.fire(this.last);
  }

  showLadder(result: LadderResult, seats: number | null): void {
    this.last = { type: "ladder", result, seats };
    this.post(this.last);
    this.drawn.fire(this.last);
  }

  private post(message: ToReport): void {
    void this.panel.webview.postMessage(message);
  }

  private async receive(message: FromReport | undefined): Promise<void> {
    if (message?.type === "ready") {
      if (this.last) this.post(this.last);
    } else if (message && this.last?.type === "simulation") {
      const range = locate(this.last.result.locations, message);
      if (!range) return;
      const note = staleNote(this.last.result.version, this.document.version);
      if (note) this.post({ type: "note", message: note });
      this.revealed.fire(await revealRange(this.document.uri, range, this.panel.viewColumn));
    }
  }

  dispose(): void {
    if (ReportPanel.open.get(this.key) !== this) return;
    ReportPanel.open.delete(this.key);
    this.drawn.dispose();
    this.revealed.dispose();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}

/** Selects a range of a document in a text editor (not in the panel's column). */
export async function revealRange(uri: vscode.Uri, range: TextRange, besides: vscode.ViewColumn | undefined):
    Promise<vscode.TextEditor> {
  const start = new vscode.Position(range.start.line, range.start.character);
  const end = new vscode.Position(range.end.line, range.end.character);
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  const viewColumn = visible?.viewColumn ?? (besides === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One);
  const editor = await vscode.window.showTextDocument(uri, { viewColumn, preserveFocus: false });
  editor.selection = new vscode.Selection(start, end);
  editor.revealRange(new vscode.Range(start, end), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
