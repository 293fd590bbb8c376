// Puts the language server inside the extension: bundled/libs gets tabletwin (engine/ and server/
// of this repository) and the dependencies pyproject.toml names, installed with `pip --target`, so
// that installing the VSIX is all a user needs besides Python >= 3.11. bundled/tool/launch.py puts
// that folder first on sys.path and runs the server or the command line.
//
// One bundle for every platform: it holds pure Python only. The two compiled dependencies have a
// pure-Python path instead, and their compiled files are removed so that every platform runs what
// CI tests:
//   - ruamel.yaml.clib (libyaml): the engine reads with ruamel's pure-Python parser when it is
//     missing (slower on large models);
//   - rpds-py (for jsonschema's `referencing`): replaced by pyrsistent-as-rpds-py, which offers
//     the same classes on top of pyrsistent, behind a two-line `rpds` module written here.
// Any other compiled file found in the bundle stops the build (a new dependency must be decided on).
//
// The interpreter that runs pip: $TABLETWIN_BUNDLE_PYTHON, else python3 (it must have pip).
// The bundle is generated: never commit bundled/libs (see .gitignore).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(root, "..");
const libs = join(root, "bundled/libs");
const python = process.env.TABLETWIN_BUNDLE_PYTHON || "python3";

/** The compiled distributions that have a pure-Python path (see above), by their import names. */
const COMPILED_WITH_FALLBACK = ["_ruamel_yaml", "rpds"];
const FALLBACK_REQUIREMENTS = ["pyrsistent-as-rpds-py==2.1.0", "pyrsistent>=0.20"];

const run = (args) => execFileSync(python, args, { cwd: repo, stdio: ["ignore", "inherit", "inherit"] });

// The runtime dependencies, read from pyproject.toml by the interpreter itself (tomllib: 3.11+).
const requirements = JSON.parse(execFileSync(python, ["-c", [
  "import json, sys, tomllib",
  "assert sys.version_info >= (3, 11), 'the bundle is built with Python 3.11 or newer'",
  "print(json.dumps(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))",
].join("\n")], { cwd: repo, encoding: "utf8" }));

rmSync(libs, { recursive: true, force: true });
mkdirSync(libs, { recursive: true });
const pip = ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-compile", "--target", libs];
run([...pip, ...requirements.filter((r) => !r.startsWith("ruamel.yaml.clib"))]);
run([...pip, "--no-deps", ...FALLBACK_REQUIREMENTS]);

// Remove the compiled distributions that have a fallback, with their metadata, and the
// dependencies' console scripts (bin/: the server never runs them).
for (const entry of readdirSync(libs)) {
  const name = entry.toLowerCase();
  if (name === "bin" || name.startsWith("rpds") || name.startsWith("_ruamel_yaml") || name.startsWith("ruamel.yaml.clib")
      || name.startsWith("ruamel_yaml_clib")) {
    rmSync(join(libs, entry), { recursive: true, force: true });
  }
}
mkdirSync(join(libs, "rpds"));
writeFileSync(join(libs, "rpds/__init__.py"),
  "# rpds-py's classes in pure Python (bundled in place of the compiled rpds-py; see bundle-server.mjs).\n" +
  "from pyrsistent_as_rpds.pure import HashTrieMap, HashTrieSet, List, Queue  # noqa: F401\n");

// pyrsistent's optional C extension (it falls back to Python by itself) and any other compiled file.
const unexpected = [];
const walk = (folder) => {
  for (const entry of readdirSync(folder)) {
    const file = join(folder, entry);
    if (statSync(file).isDirectory()) {
      if (entry === "__pycache__" || entry === "tests") rmSync(file, { recursive: true, force: true });
      else walk(file);
    } else if (/\.(so|pyd|dylib|dll)$/.test(entry)) {
      rmSync(file);
      if (!entry.startsWith("pvectorc")) unexpected.push(relative(libs, file));
    }
  }
};
walk(libs);
if (unexpected.length) {
  console.error(`bundle-server: compiled files without a pure-Python path: ${unexpected.join(", ")}`);
  process.exit(1);
}

// tabletwin itself, from the working tree (the schemas are links to ../schemas: copy the files).
for (const [from, to] of [["engine/tabletwin", "tabletwin"], ["server/tabletwin_lsp", "tabletwin_lsp"]]) {
  cpSync(join(repo, from), join(libs, to), {
    recursive: true,
    dereference: true,
    filter: (source) => !source.includes("__pycache__") && !source.endsWith(".pyc"),
  });
}
const version = /^version = "(.*)"$/m.exec(readFileSync(join(repo, "pyproject.toml"), "utf8"))[1];
writeFileSync(join(libs, "BUNDLE.txt"), `tabletwin ${version} with ${requirements.join(", ")}\n` +
  `compiled parts replaced by pure Python: ${COMPILED_WITH_FALLBACK.join(", ")}\n`);
