'use strict';
// Entry point named by the driver's extensionTestsPath: VS Code calls run() inside the extension
// host and reports a rejected promise as a failed run (non-zero exit code).
const path = require('path');

// The extension host does not resolve packages from the repository, so load the mocha that
// vscode-extension/package.json pins by its absolute path.
const Mocha = require(path.resolve(__dirname, '../../../node_modules/mocha'));

function run() {
  // No colours: the output travels through the browser console into a log, not a terminal.
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 20000 });
  mocha.addFile(path.join(__dirname, 'selftest.test.js'));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => {
      if (failures > 0) {
        reject(new Error(`${failures} test(s) failed`));
      } else {
        resolve();
      }
    });
  });
}

module.exports = { run };
