// Creating a webview panel the same way for the Diagram and the Player: scripts on, files only
// from the extension's media folder, the page from view/page.ts with a fresh nonce.

import { randomBytes } from "node:crypto";
import * as vscode from "vscode";
import { makeNonce, pageHtml } from "./view/page";
import { editorPosition } from "./view/setup";

export function mediaFolder(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, "media");
}

export function createPanel(extensionUri: vscode.Uri, viewType: string, title: string,
                            column: vscode.ViewColumn): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(viewType, title, { viewColumn: column, preserveFocus: false }, {
    enableScripts: true,
    localResourceRoots: [mediaFolder(extensionUri)],
  });
}

export function setPage(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, script: "diagram" | "player" | "report",
                        body: string): void {
  const webview = panel.webview;
  const media = mediaFolder(extensionUri);
  panel.webview.html = pageHtml({
    cspSource: webview.cspSource,
    nonce: makeNonce((size) => randomBytes(size)),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, `${script}.js`)).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, "webview.css")).toString(),
    title: panel.title,
    body,
  });
}

/** Shows a 1-based line and column of a document in a text editor (not in the panel's column). */
export async function revealLine(uri: vscode.Uri, line: number, column: number,
                                 besides: vscode.ViewColumn | undefined): Promise<vscode.TextEditor> {
  const { line: row, character } = editorPosition(line, column);
  const position = new vscode.Position(row, character);
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  const viewColumn = visible?.viewColumn ?? (besides === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One);
  const editor = await vscode.window.showTextDocument(uri, { viewColumn, preserveFocus: false });
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
