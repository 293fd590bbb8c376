#!/usr/bin/env bash
# Installs everything and runs every test, as CI does on a fresh machine:
#   1. the Python suite, Neovim included as a second LSP client (tests/editors);
#   2. the VS Code extension: npm ci, typecheck, unit tests (node --test), VSIX;
#   3. the extension in a real VS Code (code-server in headless Chromium), and the harness's own
#      self-test (a failing assertion must fail the run);
#   4. the VSIX alone, with no tabletwin installed and no setting: its bundled server (~1.5 min).
# Debian packages (Neovim, Chromium, code-server's build tools) are installed when missing, which
# needs root; elsewhere install them first (see vscode-extension/scripts/install-code-server.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$*"; }

step "Debian packages for the editor tests"
bash vscode-extension/scripts/install-code-server.sh
if ! command -v nvim >/dev/null; then
  if [[ "$(id -u)" != 0 ]]; then
    echo "Neovim is missing: run 'sudo apt-get install neovim' first" >&2
    exit 1
  fi
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q neovim
fi

step "Python: install and run the test suite"
python3 -m venv .venv
.venv/bin/pip install --quiet --upgrade pip
.venv/bin/pip install --quiet -e '.[test,ray]'
TABLETWIN_EDITOR_TESTS=1 .venv/bin/python -m pytest

step "VS Code extension: typecheck, unit tests, package"
cd vscode-extension
npm ci --no-audit --no-fund
npm run typecheck
npm test
npm run package

step "VS Code extension in code-server"
TABLETWIN_BIN="$(cd .. && pwd)/.venv/bin" bash scripts/e2e.sh
bash e2e/selftest.sh

step "The VSIX alone: its bundled server, with an empty Python environment"
bash scripts/e2e-bundled.sh
