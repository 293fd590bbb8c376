// Where the language server comes from. The first of these that works wins, and every step is
// logged so a user can see why a choice was made:
//   1. the setting `tabletwin.server.path` (a `tabletwin-lsp` executable),
//   2. the setting `tabletwin.python` (an interpreter that can import tabletwin_lsp),
//   3. the server bundled in the VSIX, with a Python >= 3.11 (see bundledServer.ts), so that the
//      extension's own version of the server runs rather than whichever is installed,
//   4. the Python extension's active interpreter, if it can import tabletwin_lsp,
//   5. `tabletwin-lsp` on PATH.
// (4 and 5 serve a build of the extension without the bundle, and machines without Python 3.11.)
// The lookups that touch the machine are passed in, so this module is plain logic.

import * as path from "node:path";
import { findBundled } from "./bundledServer";

export interface ServerSettings {
  serverPath: string;
  python: string;
}

export interface Launch {
  /** Human-readable origin, e.g. "setting tabletwin.python". */
  source: string;
  command: string;
  args: string[];
  /** How to run the `tabletwin` command line next to this server, if known. */
  cli?: { command: string; args: string[] };
  /** Set when the interpreter is the Python extension's choice: a new choice restarts the server. */
  followsPythonExtension?: boolean;
}

export interface Machine {
  /** The full path of an executable file: `name` itself if it is a path, else searched on PATH. */
  executable(name: string): string | undefined;
  /** Why `python` cannot run the server (undefined when it can import tabletwin_lsp). */
  cannotImport(python: string): Promise<string | undefined>;
  /** The Python extension's active interpreter, if that extension is installed. */
  pythonExtensionInterpreter(): Promise<string | undefined>;
  home: string;
  /** bundled/tool/launch.py, when this build of the extension carries the server. */
  bundledLauncher?: string;
  /** The interpreter's version as "3.12", or undefined when it does not run (for the bundle). */
  pythonVersion?(python: string): Promise<string | undefined>;
}

export interface Found {
  launch?: Launch;
  /** One line per candidate looked at, in order. */
  log: string[];
  /** When there is no launch: why, if more can be said than NOT_FOUND_MESSAGE. */
  problem?: string;
}

export const SERVER_EXECUTABLE = "tabletwin-lsp";
export const CLI_EXECUTABLE = "tabletwin";

export function expandHome(value: string, home: string): string {
  return value === "~" || value.startsWith("~/") ? path.join(home, value.slice(1)) : value;
}

function sibling(executable: string, name: string): string {
  const extension = path.extname(executable).toLowerCase() === ".exe" ? ".exe" : "";
  return path.join(path.dirname(executable), name + extension);
}

export async function findServer(settings: ServerSettings, machine: Machine): Promise<Found> {
  const log: string[] = [];

  const serverPath = settings.serverPath.trim();
  if (serverPath) {
    const full = machine.executable(expandHome(serverPath, machine.home));
    if (full) {
      log.push(`tabletwin.server.path: using ${full}`);
      const cli = machine.executable(sibling(full, CLI_EXECUTABLE)) ?? machine.executable(CLI_EXECUTABLE);
      return { launch: { source: "setting tabletwin.server.path", command: full, args: [],
                         cli: cli ? { command: cli, args: [] } : undefined }, log };
    }
    log.push(`tabletwin.server.path: ${serverPath} is not an executable file; skipped`);
  } else {
    log.push("tabletwin.server.path: not set");
  }

  const viaPython = async (setting: string, source: string, python: string | undefined) => {
    if (!python?.trim()) {
      log.push(`${setting}: not set`);
      return undefined;
    }
    const full = machine.executable(expandHome(python.trim(), machine.home));
    if (!full) {
      log.push(`${setting}: ${python} is not an executable file; skipped`);
      return undefined;
    }
    const problem = await machine.cannotImport(full);
    if (problem) {
      log.push(`${setting}: ${full} cannot run the server (${problem}); skipped`);
      return undefined;
    }
    log.push(`${setting}: using ${full} -m tabletwin_lsp`);
    return { source, command: full, args: ["-m", "tabletwin_lsp"], cli: { command: full, args: ["-m", "tabletwin"] } };
  };

  const fromSetting = await viaPython("tabletwin.python", "setting tabletwin.python", settings.python);
  if (fromSetting) return { launch: fromSetting, log };

  let problem: string | undefined;
  if (machine.bundledLauncher && machine.pythonVersion) {
    const bundled = await findBundled(machine.bundledLauncher,
                                      { ...machine, pythonVersion: machine.pythonVersion.bind(machine) }, log);
    if (bundled.launch) return { launch: bundled.launch, log };
    problem = bundled.problem;
  }

  const active = await machine.pythonExtensionInterpreter();
  const fromExtension = await viaPython("Python extension interpreter", "the Python extension's interpreter", active);
  if (fromExtension) return { launch: { ...fromExtension, followsPythonExtension: true }, log };

  const onPath = machine.executable(SERVER_EXECUTABLE);
  if (onPath) {
    log.push(`PATH: using ${onPath}`);
    const cli = machine.executable(sibling(onPath, CLI_EXECUTABLE)) ?? machine.executable(CLI_EXECUTABLE);
    return { launch: { source: "PATH", command: onPath, args: [], cli: cli ? { command: cli, args: [] } : undefined },
             log };
  }
  log.push(`PATH: no ${SERVER_EXECUTABLE}`);
  return problem ? { log, problem } : { log };
}

export const NOT_FOUND_MESSAGE =
  "Tabletwin: no language server found. Install it into a Python environment with " +
  "`pip install tabletwin`, then set `tabletwin.python` to that environment's interpreter " +
  "(or `tabletwin.server.path` to its `tabletwin-lsp`), or select that interpreter in the Python extension.";

/** `name` searched in the folders of `pathVariable` (Windows extensions included when given). */
export function searchPath(
  name: string,
  pathVariable: string,
  isExecutableFile: (file: string) => boolean,
  delimiter = path.delimiter,
  extensions: string[] = [""],
): string | undefined {
  if (name.includes("/") || name.includes("\\")) {
    return isExecutableFile(name) ? path.resolve(name) : undefined;
  }
  for (const folder of pathVariable.split(delimiter)) {
    if (!folder) continue;
    for (const extension of extensions) {
      const file = path.join(folder, name + extension);
      if (isExecutableFile(file)) return file;
    }
  }
  return undefined;
}
