// The server bundled in the VSIX (bundled/libs, built by scripts/bundle-server.mjs) needs only an
// interpreter: Python 3.11 or newer. The candidates, in order: the Python extension's active
// interpreter, then `python3` and `python` on PATH. The first recent enough wins; every candidate
// looked at is logged, and when none fits the message says what was found.
// The lookups that touch the machine are passed in, so this module is plain logic.

import type { Launch } from "./serverLocation";

export const MIN_PYTHON: readonly [number, number] = [3, 11];
export const PATH_PYTHONS = ["python3", "python"];
export const BUNDLED_SOURCE = "the bundled server";

export interface PythonLookup {
  /** The full path of an executable file: `name` itself if it is a path, else searched on PATH. */
  executable(name: string): string | undefined;
  /** The Python extension's active interpreter, if that extension is installed. */
  pythonExtensionInterpreter(): Promise<string | undefined>;
  /** The interpreter's version as "3.12", or undefined when it does not run. */
  pythonVersion(python: string): Promise<string | undefined>;
}

export interface BundledFound {
  launch?: Launch;
  /** Set when no interpreter fits: what to tell the user. */
  problem?: string;
}

/** Whether a version text such as "3.12" is at least MIN_PYTHON. */
export function recentEnough(version: string): boolean {
  const [major, minor] = version.split(".").map(Number);
  return major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]);
}

const minimum = () => MIN_PYTHON.join(".");

/** How to run `launcher` (bundled/tool/launch.py) with the first interpreter that fits. */
export async function findBundled(launcher: string, lookup: PythonLookup, log: string[]): Promise<BundledFound> {
  const candidates: { python: string; origin: string; followsPythonExtension: boolean }[] = [];
  const fromExtension = await lookup.pythonExtensionInterpreter();
  if (fromExtension?.trim()) {
    const full = lookup.executable(fromExtension.trim());
    if (full) candidates.push({ python: full, origin: "the Python extension's interpreter", followsPythonExtension: true });
    else log.push(`bundled server: the Python extension's interpreter ${fromExtension} is not an executable file`);
  }
  for (const name of PATH_PYTHONS) {
    const full = lookup.executable(name);
    if (full) candidates.push({ python: full, origin: `${name} on PATH`, followsPythonExtension: false });
  }

  const tooOld: string[] = [];
  for (const { python, origin, followsPythonExtension } of candidates) {
    const version = await lookup.pythonVersion(python);
    if (version === undefined) {
      log.push(`bundled server: ${python} (${origin}) does not run; skipped`);
      continue;
    }
    if (!recentEnough(version)) {
      log.push(`bundled server: ${python} (${origin}) is Python ${version}, older than ${minimum()}; skipped`);
      tooOld.push(`${python} is ${version}`);
      continue;
    }
    log.push(`bundled server: using Python ${version} at ${python} (${origin})`);
    const launch: Launch = {
      source: BUNDLED_SOURCE,
      // -I: the user's PYTHONPATH and site-packages stay out of the server's imports.
      command: python,
      args: ["-I", launcher, "lsp"],
      cli: { command: python, args: ["-I", launcher, "cli"] },
    };
    if (followsPythonExtension) launch.followsPythonExtension = true;
    return { launch };
  }
  if (!candidates.length) log.push(`bundled server: no Python interpreter (the Python extension's, ${PATH_PYTHONS.join(" or ")} on PATH)`);
  const found = tooOld.length ? ` Found only older ones: ${tooOld.join("; ")}.` : " None was found.";
  return {
    problem: `Tabletwin: the language server it carries needs Python ${minimum()} or newer.${found} ` +
      "Install a recent Python (on PATH as python3), or select one in the Python extension, " +
      "or set `tabletwin.python` to one.",
  };
}
