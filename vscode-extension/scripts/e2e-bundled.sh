#!/usr/bin/env bash
# The VSIX alone: code-server whose PATH starts with a fresh virtual environment without any
# package (so without tabletwin) and holds no tabletwin-lsp, and no tabletwin setting. The extension must start the server
# it carries (bundled/, see scripts/bundle-server.mjs) and show diagnostics. One short scenario:
# test/e2e/bundled.suite.ts. Exits non-zero when a test fails.
#
# Environment: CODE_SERVER_DIR (see install-code-server.sh), BARE_PYTHON (the interpreter the
# empty environment is made from; default python3, which must be 3.11 or newer).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$here/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$here"
npm run --silent package >/dev/null
vsix="$here/tabletwin-$(node -p 'require("./package.json").version').vsix"
python3 -m zipfile -e "$vsix" "$work/vsix"

"${BARE_PYTHON:-python3}" -m venv --without-pip "$work/bare"
# PATH: the empty environment first (its python3 is the one the extension must pick), then the
# machine's folders without any that holds a tabletwin-lsp (Chromium's wrapper needs the tools).
path="$work/bare/bin"
IFS=: read -ra folders <<<"$PATH"
for folder in "${folders[@]}"; do
  [[ -n "$folder" && ! -e "$folder/tabletwin-lsp" ]] && path="$path:$folder"
done

mkdir -p "$work/workspace"
cp "$here/test/fixtures/broken.model.yaml" "$work/workspace/"
cp "$repo/examples/pig.yaml" "$work/workspace/pig.model.yaml"
cat >"$work/settings.json" <<JSON
{
  "tabletwin.runTestGames": "never",
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false
}
JSON

# VS Code adds the environment of the user's login shell (`$SHELL -i -l -c ...`) to the extension
# host's, and a profile that sets PATH would undo the one above: this "shell" reads no profile.
cat >"$work/shell" <<'SH'
#!/bin/sh
while [ $# -gt 1 ]; do shift; done
exec /bin/sh -c "$1"
SH
chmod +x "$work/shell"
SHELL="$work/shell" PATH="$path" TABLETWIN_E2E_BARE_PYTHON="$work/bare/bin/python3" \
  "$(command -v node)" "$here/e2e/run.mjs" --extension "$work/vsix/extension" \
  --tests "$here/out/test/e2e/bundledIndex.js" --workspace "$work/workspace" --settings "$work/settings.json"
