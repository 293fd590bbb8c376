// "Tabletwin: New Model": pick a template, name the file, and the model opens in an editor. The
// templates are the files of templates/ (the Python tests validate and play each one); the
// command writes one into the first workspace folder with the game's id taken from the file name.

import * as vscode from "vscode";
import { fileNameProblem, instantiate, modelFileName, SUFFIX, TEMPLATES } from "./newModelTemplates";

export const NEW_MODEL_COMMAND = "tabletwin.newModel";

export function registerNewModel(extensionUri: vscode.Uri): vscode.Disposable[] {
  return [vscode.commands.registerCommand(NEW_MODEL_COMMAND, () => newModel(extensionUri))];
}

/** Runs the command; the URI of the new file, or undefined when cancelled. */
async function newModel(extensionUri: vscode.Uri): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showQuickPick(
    TEMPLATES.map((template) => ({ ...template, template })),
    { title: "Tabletwin: New Model", placeHolder: "What kind of game?" },
  );
  if (!picked) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const suggested = picked.file;
  const typed = await vscode.window.showInputBox({
    title: `Tabletwin: New Model (${picked.label})`,
    prompt: folder ? `File name in ${vscode.workspace.asRelativePath(folder)}` : "File name",
    value: suggested,
    valueSelection: [0, suggested.length - SUFFIX.length],
    validateInput: async (value) => fileNameProblem(value) ?? (folder && (await exists(vscode.Uri.joinPath(folder, modelFileName(value))))
      ? `${modelFileName(value)} already exists` : undefined),
  });
  if (typed === undefined) return undefined;
  const name = modelFileName(typed);
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, "templates", picked.template.file));
  const text = instantiate(new TextDecoder().decode(bytes), name);
  if (!folder) {
    // No folder to write to: an untitled model (the server knows it by its first key, `game`).
    const document = await vscode.workspace.openTextDocument({ language: "yaml", content: text });
    await vscode.window.showTextDocument(document);
    return document.uri;
  }
  const uri = vscode.Uri.joinPath(folder, name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  return uri;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
