// Read-only documents for results (the flow tree, a simulation): a content provider on our
// own URI scheme, so the editor offers no saving or editing.

import * as vscode from "vscode";

export const SCHEME = "tabletwin";

export class ResultDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? "";
  }

  /** Shows `text` as `name` (a file name such as `pig flow tree.txt`), replacing an earlier one. */
  async show(name: string, text: string): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: SCHEME, path: "/" + name });
    this.texts.set(uri.toString(), text);
    this.changes.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    return vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.ViewColumn.Beside });
  }

  dispose(): void {
    this.changes.dispose();
  }
}
