import assert from "node:assert/strict";
import { test } from "node:test";
import { expandHome, findServer, Machine, searchPath } from "../../src/serverLocation";

function machine(files: string[], importable: string[] = [], extension?: string): Machine {
  const executable = (name: string) => searchPath(name, "/usr/bin:/opt/bin", (f) => files.includes(f), ":");
  return {
    executable,
    cannotImport: async (python) => (importable.includes(python) ? undefined : "ModuleNotFoundError: No module named 'tabletwin_lsp'"),
    pythonExtensionInterpreter: async () => extension,
    home: "/home/ana",
  };
}

test("tabletwin.server.path comes first, with the tabletwin command beside it", async () => {
  const found = await findServer({ serverPath: "~/venv/bin/tabletwin-lsp", python: "/usr/bin/python3" },
                                 machine(["/home/ana/venv/bin/tabletwin-lsp", "/home/ana/venv/bin/tabletwin", "/usr/bin/python3"],
                                         ["/usr/bin/python3"]));
  assert.deepEqual(found.launch, { source: "setting tabletwin.server.path", command: "/home/ana/venv/bin/tabletwin-lsp",
                                   args: [], cli: { command: "/home/ana/venv/bin/tabletwin", args: [] } });
  assert.deepEqual(found.log, ["tabletwin.server.path: using /home/ana/venv/bin/tabletwin-lsp"]);
});

test("a broken server path is logged and the interpreter setting is tried next", async () => {
  const found = await findServer({ serverPath: "/nowhere/tabletwin-lsp", python: "python3" },
                                 machine(["/usr/bin/python3"], ["/usr/bin/python3"]));
  assert.deepEqual(found.launch, { source: "setting tabletwin.python", command: "/usr/bin/python3",
                                   args: ["-m", "tabletwin_lsp"], cli: { command: "/usr/bin/python3", args: ["-m", "tabletwin"] } });
  assert.deepEqual(found.log, ["tabletwin.server.path: /nowhere/tabletwin-lsp is not an executable file; skipped",
                               "tabletwin.python: using /usr/bin/python3 -m tabletwin_lsp"]);
});

test("an interpreter without tabletwin is skipped for the Python extension's, then PATH", async () => {
  const files = ["/usr/bin/python3", "/opt/env/bin/python", "/opt/bin/tabletwin-lsp"];
  let found = await findServer({ serverPath: "", python: "/usr/bin/python3" }, machine(files, ["/opt/env/bin/python"], "/opt/env/bin/python"));
  assert.equal(found.launch?.source, "the Python extension's interpreter");
  assert.deepEqual(found.log, [
    "tabletwin.server.path: not set",
    "tabletwin.python: /usr/bin/python3 cannot run the server (ModuleNotFoundError: No module named 'tabletwin_lsp'); skipped",
    "Python extension interpreter: using /opt/env/bin/python -m tabletwin_lsp",
  ]);
  found = await findServer({ serverPath: "", python: "" }, machine(files, [], "/opt/env/bin/python"));
  assert.deepEqual(found.launch, { source: "PATH", command: "/opt/bin/tabletwin-lsp", args: [], cli: undefined });
  assert.equal(found.log.at(-1), "PATH: using /opt/bin/tabletwin-lsp");
});

test("nothing found: every candidate is in the log and there is no launch", async () => {
  const found = await findServer({ serverPath: "", python: "" }, machine([]));
  assert.equal(found.launch, undefined);
  assert.deepEqual(found.log, ["tabletwin.server.path: not set", "tabletwin.python: not set",
                               "Python extension interpreter: not set", "PATH: no tabletwin-lsp"]);
});

test("PATH search and home expansion", () => {
  const files = ["/b/tool", "C:\\bin\\tool.exe"];
  assert.equal(searchPath("tool", "/a::/b", (f) => files.includes(f), ":"), "/b/tool");
  assert.equal(searchPath("tool", "/a", (f) => files.includes(f), ":"), undefined);
  assert.equal(searchPath("/b/tool", "", (f) => files.includes(f), ":"), "/b/tool");
  assert.equal(expandHome("~/x", "/home/ana"), "/home/ana/x");
  assert.equal(expandHome("a~/x", "/home/ana"), "a~/x");
});
