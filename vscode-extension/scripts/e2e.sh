#!/usr/bin/env bash
# The extension in a real VS Code (code-server, driven by headless Chromium): packages the VSIX,
# unpacks it and loads exactly those files as the extension under test, with the extension-host
# suite of test/e2e, against the real tabletwin-lsp. Exits non-zero when a test fails.
#
# Environment: TABLETWIN_BIN (folder with tabletwin and tabletwin-lsp; default ../.venv/bin),
# CODE_SERVER_DIR (see install-code-server.sh), SCREENSHOT (a PNG path: also take a screenshot of
# the broken fixture with its Problems panel), IMAGES (a folder: the Diagram and Player scenario
# saves its screenshots there; docs/images holds the ones in the README).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$here/.." && pwd)"
bin="${TABLETWIN_BIN:-$repo/.venv/bin}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$here"
npm run --silent package >/dev/null
# The expression grammar on VS Code's own YAML grammar (the unit tests use another by default).
code_server="${CODE_SERVER_DIR:-$HOME/.cache/tabletwin/code-server}/node_modules/code-server"
YAML_GRAMMAR_DIR="$code_server/lib/vscode/extensions/yaml/syntaxes" node --test out/test/unit/grammar.test.js
vsix="$here/tabletwin-$(node -p 'require("./package.json").version').vsix"
python3 -m zipfile -e "$vsix" "$work/vsix"

# The workspace: the fixtures, and what the command line says about them, for exact comparisons.
mkdir -p "$work/workspace"
cp "$here/test/fixtures/broken.model.yaml" "$here/test/fixtures/engine-error.model.yaml" "$work/workspace/"
cp "$repo/examples/tic_tac_toe.yaml" "$work/workspace/tic-tac-toe.model.yaml"
# The extension-host test edits this copy; the scenario of e2e/panels.mjs clicks the one above.
cp "$repo/examples/tic_tac_toe.yaml" "$work/workspace/diagram-edits.model.yaml"
cp "$repo/examples/kuhn_poker.yaml" "$work/workspace/kuhn.model.yaml"
cp "$repo/examples/border_skirmish.yaml" "$work/workspace/border-skirmish.model.yaml"
cp "$repo/examples/spell_duel.yaml" "$work/workspace/spell-duel.model.yaml"
cp -r "$repo/examples/tactics" "$work/workspace/tactics"
cp "$repo/examples/pig.yaml" "$work/workspace/pig.model.yaml"
# A 2 on the die divides by zero: test games stop at this amount_x.
sed 's/{op: add, var: turn_total, amount_x: pips}/{op: add, var: turn_total, amount_x: "pips \/\/ (pips - 2)"}/' \
  "$repo/examples/pig.yaml" >"$work/workspace/stops.model.yaml"
grep -q 'pips // (pips - 2)' "$work/workspace/stops.model.yaml"
(
  cd "$work/workspace"
  "$bin/tabletwin" validate pig.model.yaml --json >"$work/validate.json" || true
  "$bin/tabletwin" tree pig.model.yaml >"$work/tree.txt"
  "$bin/tabletwin" simulate pig.model.yaml --games 30 --players random,random --json >"$work/simulate.json"
)
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
games = json.load(open(f"{work}/validate.json"))["test_games"]
del games["where"]
games["timed_out"] = []  # the editor's games have a time limit (gameSeconds); the command line's have none
tree = open(f"{work}/tree.txt", encoding="utf-8").read().rstrip("\n")
simulate = json.load(open(f"{work}/simulate.json"))
json.dump({"testGames": games, "tree": tree, "simulate": simulate}, open(f"{work}/workspace/.expected.json", "w"))
PY
cat >"$work/settings.json" <<JSON
{
  "tabletwin.server.path": "$bin/tabletwin-lsp",
  "tabletwin.runTestGames": "never",
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false
}
JSON

screenshot=()
if [[ -n "${SCREENSHOT:-}" ]]; then
  screenshot=(--screenshot "$SCREENSHOT" --open broken.model.yaml:30)
fi
images=()
if [[ -n "${IMAGES:-}" ]]; then
  images=(--images "$IMAGES")
fi
node "$here/e2e/run.mjs" --extension "$work/vsix/extension" --tests "$here/out/test/e2e/index.js" \
  --workspace "$work/workspace" --settings "$work/settings.json" --ui "$here/e2e/panels.mjs" \
  --ui "$here/e2e/firstMinutes.mjs" \
  "${images[@]}" "${screenshot[@]}"
