'use strict';
const assert = require('assert');
const vscode = require('vscode');

const EXTENSION_ID = 'tabletwin.tabletwin-e2e-selftest';
const DIAGNOSTIC_WAIT_MS = 5000;

async function waitForDiagnostics(uri) {
  const deadline = Date.now() + DIAGNOSTIC_WAIT_MS;
  while (Date.now() < deadline) {
    const found = vscode.languages.getDiagnostics(uri);
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

describe('e2e harness self-test', () => {
  it('runs against the real vscode API of code-server 4.100', () => {
    assert.ok(vscode.version.startsWith('1.100'), `unexpected VS Code version ${vscode.version}`);
  });

  it('loads the development extension and the settings passed by the driver', async () => {
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID), `${EXTENSION_ID} is not loaded`);
    const greeting = await vscode.commands.executeCommand('tabletwinSelftest.greet');
    assert.strictEqual(greeting, 'from-settings');
  });

  it('publishes diagnostics for an open document', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'one squiggle' });
    const [diagnostic] = await waitForDiagnostics(document.uri);
    assert.ok(diagnostic, 'no diagnostic was published');
    assert.deepStrictEqual(
      [diagnostic.range.start.character, diagnostic.range.end.character],
      [4, 12],
    );
  });

  it('fails when the workspace holds a FAIL marker', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'no workspace folder is open');
    const marker = vscode.Uri.joinPath(folder.uri, 'FAIL');
    const failRequested = await vscode.workspace.fs.stat(marker).then(
      () => true,
      () => false,
    );
    assert.strictEqual(failRequested, false, 'FAIL marker found: failing on purpose');
  });
});
