// "Run test games", "Flow tree" and "Simulate" above a model's top-level `flow:` key.

import * as vscode from "vscode";
import { COMMANDS } from "./commands";
import { documentKind, flowLine } from "./documentKind";

export class ModelCodeLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const text = document.getText();
    if (documentKind(text) !== "model") return [];
    const line = flowLine(text);
    if (line < 0) return [];
    const range = new vscode.Range(line, 0, line, 0);
    return [
      new vscode.CodeLens(range, { title: "$(play) Run test games", command: COMMANDS.runTestGames,
                                   arguments: [document.uri] }),
      new vscode.CodeLens(range, { title: "Flow tree", command: COMMANDS.showFlowTree, arguments: [document.uri] }),
      new vscode.CodeLens(range, { title: "Simulate…", command: COMMANDS.simulate, arguments: [document.uri] }),
    ];
  }
}
