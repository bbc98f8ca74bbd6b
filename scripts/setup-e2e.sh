#!/usr/bin/env bash
# Installs what `npm run test:e2e` needs: Debian's chromium, ripgrep, and the complete VS Code
# (1.100.3) that ships inside the npm package code-server@4.100.3, under .tools/code-server.
# See /work/shared/guide/vscode-e2e.md for why (the VS Code update server is not reachable here).
#
# Idempotent: every step is skipped when its result is already there; the last step writes
# .tools/code-server/.e2e-ready holding the version, which scripts/e2e.mjs checks.
# playwright-core is a pinned devDependency of the project (installed by `npm ci`).
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOL_DIR="$ROOT/.tools/code-server"
VSCODE_DIR="$TOOL_DIR/node_modules/code-server/lib/vscode"
READY_MARKER="$TOOL_DIR/.e2e-ready"
REBUILT_MARKER="$VSCODE_DIR/.e2e-rebuilt"
LOG="$ROOT/.tools/setup-e2e.log"
START_ALL=$SECONDS

log() { printf '[setup-e2e] %s\n' "$*"; }

# step NAME COMMAND...: runs the command with its output in $LOG and prints how long it took.
step() {
  local name="$1" start=$SECONDS
  shift
  log "$name ..."
  printf '\n=== %s (%s)\n' "$name" "$(date -Is)" >>"$LOG"
  if ! "$@" >>"$LOG" 2>&1; then
    tail -n 40 "$LOG"
    log "FAILED: $name (full output in $LOG)"
    exit 1
  fi
  log "$name: done in $((SECONDS - start)) s"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    log "need root for: $*"; exit 1
  fi
}

system_packages_present() {
  [ -x /usr/bin/chromium ] && command -v rg >/dev/null && [ -e /usr/include/krb5.h ] \
    && command -v make >/dev/null && command -v g++ >/dev/null && command -v python3 >/dev/null
}

install_system_packages() {
  if ! command -v apt-get >/dev/null; then
    log "apt-get not found: install chromium (at /usr/bin/chromium), ripgrep, the kerberos headers"
    log "and a C++ toolchain (make, g++, python3) with your package manager, then run again."
    exit 1
  fi
  local packages=(chromium ripgrep libkrb5-dev)
  # npm rebuild compiles VS Code's native modules: add a toolchain only where it is missing.
  command -v g++ >/dev/null && command -v make >/dev/null || packages+=(build-essential)
  command -v python3 >/dev/null || packages+=(python3)
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${packages[@]}"
}

code_server_installed_version() {
  node -p "require('$TOOL_DIR/node_modules/code-server/package.json').version" 2>/dev/null || true
}

install_code_server() {
  mkdir -p "$TOOL_DIR"
  [ -f "$TOOL_DIR/package.json" ] || echo '{ "private": true }' >"$TOOL_DIR/package.json"
  (cd "$TOOL_DIR" && npm install --ignore-scripts --no-audit --no-fund "code-server@$CODE_SERVER_VERSION")
  rm -f "$REBUILT_MARKER" "$READY_MARKER"
}

install_vscode_dependencies() (
  cd "$VSCODE_DIR"
  npm install --omit=dev --ignore-scripts --no-audit --no-fund
  mkdir -p node_modules/@vscode/ripgrep/bin
  ln -sfn "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
)

rebuild_native_modules() (
  cd "$VSCODE_DIR"
  npm_config_yes=true npm rebuild
  ln -sfn node_modules node_modules.asar
  echo "$CODE_SERVER_VERSION" >"$REBUILT_MARKER"
)

check_playwright() {
  if ! (cd "$ROOT" && node -e "require.resolve('playwright-core')" 2>/dev/null); then
    log "playwright-core is missing: run 'npm ci' in $ROOT (it is a devDependency)."
    exit 1
  fi
}

if [ "$(cat "$READY_MARKER" 2>/dev/null)" = "$CODE_SERVER_VERSION" ] && system_packages_present; then
  log "already set up (code-server $CODE_SERVER_VERSION in $TOOL_DIR); nothing to do."
  exit 0
fi

mkdir -p "$ROOT/.tools"
if system_packages_present; then log "system packages: present, skipped"; else
  step "apt-get install chromium ripgrep libkrb5-dev" install_system_packages
fi

if [ "$(code_server_installed_version)" = "$CODE_SERVER_VERSION" ]; then log "code-server: present, skipped"; else
  step "npm install code-server@$CODE_SERVER_VERSION" install_code_server
fi

if [ "$(cat "$REBUILT_MARKER" 2>/dev/null)" = "$CODE_SERVER_VERSION" ]; then log "VS Code modules: present, skipped"; else
  step "VS Code server dependencies" install_vscode_dependencies
  step "npm rebuild (native modules)" rebuild_native_modules
fi

check_playwright
echo "$CODE_SERVER_VERSION" >"$READY_MARKER"
log "ready in $((SECONDS - START_ALL)) s: chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), VS Code $(node -p "require('$VSCODE_DIR/package.json').version")"
