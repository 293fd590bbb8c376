// Entry point VS Code calls inside the extension host (extensionTestsPath): runs the mocha
// suites next to this file and fails when any test fails.
import * as fs from "node:fs";
import * as path from "node:path";
import Mocha from "mocha";

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: "tdd", timeout: 60_000, color: false, reporter: "spec" });
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith(".test.js")).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
