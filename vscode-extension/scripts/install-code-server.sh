#!/usr/bin/env bash
# Installs code-server (VS Code in the browser) for the editor end-to-end tests, using only the npm
# registry and Debian's packages. Idempotent: a working install is left as it is.
#
#   CODE_SERVER_DIR=<dir> scripts/install-code-server.sh   (default ~/.cache/tabletwin/code-server)
set -euo pipefail

# The last release that runs on Node 20 (VS Code 1.100.3).
readonly CODE_SERVER_VERSION=4.100.3
readonly CODE_SERVER_DIR="${CODE_SERVER_DIR:-$HOME/.cache/tabletwin/code-server}"
# Compilers and headers for the native modules, ripgrep to copy into VS Code, and the browser the
# test driver runs.
readonly APT_PACKAGES=(build-essential pkg-config python3 libkrb5-dev libx11-dev libxkbfile-dev
  libsecret-1-dev ripgrep chromium)
# Marks this folder as ours, so a wrong CODE_SERVER_DIR cannot make us delete someone's files.
readonly OWNER_NAME=tabletwin-code-server
readonly STAMP="$CODE_SERVER_DIR/.installed-version"
readonly PACKAGE="$CODE_SERVER_DIR/node_modules/code-server"

log() { echo "install-code-server: $*" >&2; }
die() { log "error: $*"; exit 1; }

# Prints the installed version, or nothing. --version loads the native argon2 module, so a
# half-built install fails here; it also writes a default config, hence the throwaway XDG dirs.
installed_version() {
  [[ -f "$PACKAGE/out/node/entry.js" ]] || return 0
  local scratch
  scratch=$(mktemp -d)
  XDG_CONFIG_HOME="$scratch" XDG_DATA_HOME="$scratch" \
    node "$PACKAGE/out/node/entry.js" --version 2>/dev/null | awk '/^[0-9]+\.[0-9]+\.[0-9]+ /{print $1}' || true
  rm -rf "$scratch"
}

is_installed() {
  [[ -f "$STAMP" && "$(cat "$STAMP")" == "$CODE_SERVER_VERSION" \
    && "$(installed_version)" == "$CODE_SERVER_VERSION" ]]
}

ensure_apt_packages() {
  local missing=() package
  for package in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' \
      || missing+=("$package")
  done
  ((${#missing[@]} == 0)) && return 0
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    die "missing Debian packages: ${missing[*]}; install them as root: apt-get update && apt-get install ${missing[*]}"
  fi
  log "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q || die "apt-get update failed"
  apt-get install -y -q --no-install-recommends "${missing[@]}" \
    || die "apt-get could not install: ${missing[*]}"
}

ensure_node() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    die "node and npm are needed"
  fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  # code-server's postinstall refuses anything else.
  [[ "$major" == 20 ]] || die "code-server $CODE_SERVER_VERSION needs Node 20, found $(node --version)"
  # node-gyp would download Node's headers; offline they must come from the machine.
  local nodedir="${npm_config_nodedir:-$(npm config get nodedir)}"
  if [[ -z "$nodedir" || "$nodedir" == undefined || "$nodedir" == null ]]; then
    nodedir=$(dirname "$(dirname "$(command -v node)")")
    [[ -f "$nodedir/include/node/node.h" ]] \
      || die "Node's headers are needed to build native modules; none found under $nodedir/include/node"
    export npm_config_nodedir="$nodedir"
  fi
}

# Refuses a CODE_SERVER_DIR that holds files of someone else's: a reinstall empties it.
check_dir_is_ours() {
  if [[ -d "$CODE_SERVER_DIR" && -n "$(ls -A "$CODE_SERVER_DIR")" ]] \
    && ! grep -qs "\"name\": \"$OWNER_NAME\"" "$CODE_SERVER_DIR/package.json"; then
    die "$CODE_SERVER_DIR is not empty and was not made by this script; choose another CODE_SERVER_DIR"
  fi
}

# Empties CODE_SERVER_DIR for a fresh install.
prepare_dir() {
  mkdir -p "$CODE_SERVER_DIR"
  rm -rf "$CODE_SERVER_DIR/node_modules" "$CODE_SERVER_DIR/package-lock.json" "$STAMP"
  # Its own package.json also stops npm from taking a parent folder for the project.
  printf '{\n  "name": "%s",\n  "private": true\n}\n' "$OWNER_NAME" >"$CODE_SERVER_DIR/package.json"
}

install_code_server() {
  cd "$CODE_SERVER_DIR"
  # Without --ignore-scripts the install fails offline: as root code-server's postinstall wants
  # unsafe-perm, @vscode/ripgrep downloads a binary, node-pty's `npx node-gyp` is cancelled by
  # npm's yes=false. The scripts are run below, one by one, in a way that works.
  npm install --ignore-scripts --no-audit --no-fund "code-server@$CODE_SERVER_VERSION"
  # argon2 (password hashing, loaded at start) is native; its install script, skipped above, fails
  # to download a prebuilt binary and falls back to building it.
  npm rebuild argon2

  cd "$PACKAGE/lib/vscode"
  npm install --omit=dev --ignore-scripts --no-audit --no-fund
  # @vscode/ripgrep's postinstall downloads rg unless its bin/ folder exists; Debian's works.
  mkdir -p node_modules/@vscode/ripgrep/bin
  cp /usr/bin/rg node_modules/@vscode/ripgrep/bin/rg
  # Runs the native builds (node-pty, spdlog, kerberos, ...); yes=true lets their npx use node-gyp.
  npm_config_yes=true npm rebuild

  cd "$PACKAGE"
  # code-server's own postinstall links node_modules.asar and the helper scripts and installs the
  # built-in extensions' shared dependencies. Run through npm, since it reads npm's user agent,
  # and with unsafe_perm, which it demands from root.
  npm_config_unsafe_perm=true npm run postinstall
}

main() {
  if is_installed; then
    log "code-server $CODE_SERVER_VERSION is already installed in $CODE_SERVER_DIR"
    return 0
  fi
  check_dir_is_ours
  mkdir -p "$(dirname "$CODE_SERVER_DIR")"
  # One install at a time into the same folder (e.g. parallel CI jobs).
  exec 9>"$CODE_SERVER_DIR.lock"
  flock 9
  if is_installed; then
    log "code-server $CODE_SERVER_VERSION was installed in $CODE_SERVER_DIR meanwhile"
    return 0
  fi

  ensure_apt_packages
  ensure_node
  log "installing code-server $CODE_SERVER_VERSION into $CODE_SERVER_DIR"
  prepare_dir
  install_code_server

  local version
  version=$(installed_version)
  [[ "$version" == "$CODE_SERVER_VERSION" ]] \
    || die "the installed code-server does not start (--version gave '${version}')"
  echo "$CODE_SERVER_VERSION" >"$STAMP"
  log "code-server $CODE_SERVER_VERSION is ready in $CODE_SERVER_DIR"
}

main "$@"
