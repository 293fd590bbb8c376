// Entry point of the bundled-install scenario (scripts/e2e-bundled.sh): runs bundled.suite.js only.
import * as path from "node:path";
import Mocha from "mocha";

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: "tdd", timeout: 60_000, color: false, reporter: "spec" });
  mocha.addFile(path.join(__dirname, "bundled.suite.js"));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
