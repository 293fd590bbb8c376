// The document a command works on: the URI it was given (code lens, tests), else the active editor's.

import * as path from "node:path";
import * as vscode from "vscode";
import { documentKind } from "./documentKind";

export async function targetModel(argument: unknown): Promise<vscode.TextDocument | undefined> {
  let document: vscode.TextDocument | undefined;
  if (argument instanceof vscode.Uri) document = await vscode.workspace.openTextDocument(argument);
  else if (typeof argument === "string" && argument) document = await vscode.workspace.openTextDocument(vscode.Uri.parse(argument));
  else document = vscode.window.activeTextEditor?.document;
  if (!document) {
    void vscode.window.showWarningMessage("Tabletwin: open a model file first.");
    return undefined;
  }
  if (document.languageId !== "yaml" || documentKind(document.getText()) !== "model") {
    void vscode.window.showWarningMessage(
      `Tabletwin: ${path.basename(document.fileName)} is not a model (a YAML file with a top-level 'flow').`);
    return undefined;
  }
  return document;
}

export function modelName(document: vscode.TextDocument): string {
  return path.basename(document.fileName).replace(/\.ya?ml$/i, "");
}
