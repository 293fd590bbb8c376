'use strict';
const vscode = require('vscode');

const MARKER = /\bsquiggle\b/g;

/**
 * Registers a command and a tiny diagnostic provider (an error on every word "squiggle" in a
 * plain-text file), so the tests can prove this development extension was loaded, and the
 * driver's screenshot shows a squiggle and a filled Problems panel.
 */
function activate(context) {
  const diagnostics = vscode.languages.createDiagnosticCollection('tabletwinSelftest');
  const check = (document) => {
    if (document.languageId !== 'plaintext') return;
    const found = [];
    for (const match of document.getText().matchAll(MARKER)) {
      const start = document.positionAt(match.index);
      const range = new vscode.Range(start, start.translate(0, match[0].length));
      found.push(new vscode.Diagnostic(range, 'self-test: "squiggle" found', vscode.DiagnosticSeverity.Error));
    }
    diagnostics.set(document.uri, found);
  };
  vscode.workspace.textDocuments.forEach(check);
  context.subscriptions.push(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(check),
    vscode.workspace.onDidChangeTextDocument((event) => check(event.document)),
    vscode.workspace.onDidCloseTextDocument((document) => diagnostics.delete(document.uri)),
    vscode.commands.registerCommand('tabletwinSelftest.greet', () =>
      vscode.workspace.getConfiguration('tabletwinSelftest').get('greeting'),
    ),
  );
}

function deactivate() {}

module.exports = { activate, deactivate };
