import assert from "node:assert/strict";
import { test } from "node:test";
import { findBundled, PythonLookup, recentEnough } from "../../src/bundledServer";
import { findServer, Machine, searchPath } from "../../src/serverLocation";

const LAUNCHER = "/ext/bundled/tool/launch.py";

function machine(files: string[], versions: Record<string, string>, extension?: string,
                 importable: string[] = []): Machine & PythonLookup {
  return {
    executable: (name) => searchPath(name, "/usr/bin:/opt/bin", (f) => files.includes(f), ":"),
    cannotImport: async (python) => (importable.includes(python) ? undefined : "ModuleNotFoundError: No module named 'tabletwin_lsp'"),
    pythonExtensionInterpreter: async () => extension,
    home: "/home/ana",
    bundledLauncher: LAUNCHER,
    pythonVersion: async (python) => versions[python],
  };
}

test("versions: 3.11 and later fit, 3.10 and 2.7 do not", () => {
  assert.deepEqual(["3.10", "3.11", "3.13", "4.0", "2.7"].map(recentEnough), [false, true, true, true, false]);
});

test("with no setting, the bundled server runs with python3 from PATH, isolated (-I)", async () => {
  const found = await findServer({ serverPath: "", python: "" },
                                 machine(["/usr/bin/python3", "/opt/bin/tabletwin-lsp"], { "/usr/bin/python3": "3.12" }));
  assert.deepEqual(found.launch, {
    source: "the bundled server", command: "/usr/bin/python3", args: ["-I", LAUNCHER, "lsp"],
    cli: { command: "/usr/bin/python3", args: ["-I", LAUNCHER, "cli"] },
  });
  assert.deepEqual(found.log, ["tabletwin.server.path: not set", "tabletwin.python: not set",
                               "bundled server: using Python 3.12 at /usr/bin/python3 (python3 on PATH)"]);
});

test("the settings win over the bundled server", async () => {
  const m = machine(["/usr/bin/python3", "/home/ana/env/bin/tabletwin-lsp", "/home/ana/env/bin/python"],
                    { "/usr/bin/python3": "3.12" }, undefined, ["/home/ana/env/bin/python"]);
  assert.equal((await findServer({ serverPath: "~/env/bin/tabletwin-lsp", python: "" }, m)).launch?.command,
               "/home/ana/env/bin/tabletwin-lsp");
  assert.deepEqual((await findServer({ serverPath: "", python: "/home/ana/env/bin/python" }, m)).launch?.args,
                   ["-m", "tabletwin_lsp"]);
});

test("the Python extension's interpreter comes first, and its changes restart the server", async () => {
  const log: string[] = [];
  const found = await findBundled(LAUNCHER, machine(["/usr/bin/python3", "/opt/env/bin/python"],
                                                    { "/usr/bin/python3": "3.12", "/opt/env/bin/python": "3.11" },
                                                    "/opt/env/bin/python"), log);
  assert.equal(found.launch?.command, "/opt/env/bin/python");
  assert.equal(found.launch?.followsPythonExtension, true);
  assert.deepEqual(log, ["bundled server: using Python 3.11 at /opt/env/bin/python (the Python extension's interpreter)"]);
});

test("interpreters older than 3.11 are skipped; with none left the message says what was found", async () => {
  const log: string[] = [];
  const files = ["/opt/env/bin/python", "/usr/bin/python3", "/usr/bin/python"];
  let found = await findBundled(LAUNCHER, machine(files, { "/opt/env/bin/python": "3.9", "/usr/bin/python3": "3.10",
                                                           "/usr/bin/python": "3.13" }, "/opt/env/bin/python"), log);
  assert.equal(found.launch?.command, "/usr/bin/python");
  assert.deepEqual(log, [
    "bundled server: /opt/env/bin/python (the Python extension's interpreter) is Python 3.9, older than 3.11; skipped",
    "bundled server: /usr/bin/python3 (python3 on PATH) is Python 3.10, older than 3.11; skipped",
    "bundled server: using Python 3.13 at /usr/bin/python (python on PATH)",
  ]);
  found = await findBundled(LAUNCHER, machine(["/usr/bin/python3"], { "/usr/bin/python3": "3.10" }), []);
  assert.equal(found.launch, undefined);
  assert.equal(found.problem, "Tabletwin: the language server it carries needs Python 3.11 or newer. Found only older " +
    "ones: /usr/bin/python3 is 3.10. Install a recent Python (on PATH as python3), or select one in the Python " +
    "extension, or set `tabletwin.python` to one.");
});

test("no interpreter at all: an installed tabletwin-lsp is still used, else the bundle's message", async () => {
  let found = await findServer({ serverPath: "", python: "" }, machine(["/opt/bin/tabletwin-lsp"], {}));
  assert.equal(found.launch?.source, "PATH");
  assert.deepEqual(found.log.slice(2), ["bundled server: no Python interpreter (the Python extension's, python3 or python on PATH)",
                                        "Python extension interpreter: not set", "PATH: using /opt/bin/tabletwin-lsp"]);
  found = await findServer({ serverPath: "", python: "" }, machine([], {}));
  assert.equal(found.launch, undefined);
  assert.match(found.problem ?? "", /^Tabletwin: the language server it carries needs Python 3\.11 or newer\. None was found\./);
});

test("an interpreter that does not run is skipped", async () => {
  const log: string[] = [];
  const found = await findBundled(LAUNCHER, machine(["/usr/bin/python3", "/usr/bin/python"], { "/usr/bin/python": "3.11" }), log);
  assert.equal(found.launch?.command, "/usr/bin/python");
  assert.equal(log[0], "bundled server: /usr/bin/python3 (python3 on PATH) does not run; skipped");
});
