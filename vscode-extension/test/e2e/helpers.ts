// Shared steps of the extension-host suites: the fixture workspace, waiting for the server.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import type { TabletwinApi } from "../../src/extension";

export function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, "the tests need a workspace folder");
  return vscode.Uri.joinPath(folder.uri, name);
}

/** What e2e.sh computed with the `tabletwin` command line for the same files (expected.json). */
export function expected(): { testGames: Record<string, unknown>; tree: string; simulate: Record<string, unknown> } {
  return JSON.parse(fs.readFileSync(path.join(workspaceFile("").fsPath, ".expected.json"), "utf8"));
}

export async function api(): Promise<TabletwinApi> {
  const extension = vscode.extensions.getExtension<TabletwinApi>("tabletwin.tabletwin");
  assert.ok(extension, "the extension tabletwin.tabletwin is not installed");
  return extension.isActive ? extension.exports : extension.activate();
}

export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>,
                               timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function open(name: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(name));
  return vscode.window.showTextDocument(document);
}
