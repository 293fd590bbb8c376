// The real lookups behind serverLocation.Machine: the file system, child processes and the
// Python extension's API.

import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import { Machine, searchPath } from "./serverLocation";

const IMPORT_TIMEOUT_MS = 20_000;

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform !== "win32") fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function executable(name: string): string | undefined {
  const extensions = process.platform === "win32"
    ? ["", ...(process.env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";").map((e) => e.toLowerCase())]
    : [""];
  return searchPath(name, process.env.PATH ?? "", isExecutableFile, path.delimiter, extensions);
}

function cannotImport(python: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(python, ["-c", "import tabletwin_lsp"], { timeout: IMPORT_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (!error) return resolve(undefined);
      const lines = String(stderr).trim().split("\n");
      resolve(lines[lines.length - 1] || error.message);
    });
  });
}

// The parts of the Python extension's exported API that we use (ms-python.python).
interface PythonExtensionApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string } | undefined;
    resolveEnvironment(environment: { path: string } | string): Promise<{ executable?: { uri?: vscode.Uri } } | undefined>;
    onDidChangeActiveEnvironmentPath?: vscode.Event<unknown>;
  };
  settings?: { getExecutionDetails(resource?: vscode.Uri): { execCommand?: string[] } };
}

async function pythonApi(): Promise<PythonExtensionApi | undefined> {
  const extension = vscode.extensions.getExtension<PythonExtensionApi>("ms-python.python");
  if (!extension) return undefined;
  try {
    return extension.isActive ? extension.exports : await extension.activate();
  } catch {
    return undefined;
  }
}

function resource(): vscode.Uri | undefined {
  return vscode.window.activeTextEditor?.document.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
}

async function pythonExtensionInterpreter(): Promise<string | undefined> {
  const api = await pythonApi();
  if (!api) return undefined;
  try {
    if (api.environments) {
      const active = api.environments.getActiveEnvironmentPath(resource());
      if (active) {
        const resolved = await api.environments.resolveEnvironment(active);
        return resolved?.executable?.uri?.fsPath ?? active.path;
      }
    }
    return api.settings?.getExecutionDetails(resource()).execCommand?.[0];
  } catch {
    return undefined;
  }
}

function pythonVersion(python: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(python, ["-I", "-c", "import sys; print('%d.%d' % sys.version_info[:2])"], { timeout: IMPORT_TIMEOUT_MS },
             (error, stdout) => resolve(error ? undefined : String(stdout).trim() || undefined));
  });
}

/** bundled/tool/launch.py beside dist/extension.js, when the bundle was built into this copy. */
function bundledLauncher(): string | undefined {
  const bundled = path.join(__dirname, "..", "bundled");
  return fs.existsSync(path.join(bundled, "libs", "tabletwin_lsp", "__init__.py"))
    ? path.join(bundled, "tool", "launch.py") : undefined;
}

/** Calls `listener` when the Python extension's interpreter changes (if that extension is there). */
export async function onPythonInterpreterChange(listener: () => void): Promise<vscode.Disposable | undefined> {
  const event = (await pythonApi())?.environments?.onDidChangeActiveEnvironmentPath;
  return event ? event(listener) : undefined;
}

export const machine: Machine = {
  executable, cannotImport, pythonExtensionInterpreter, home: os.homedir(), bundledLauncher: bundledLauncher(), pythonVersion,
};
