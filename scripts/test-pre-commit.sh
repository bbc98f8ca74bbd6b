#!/usr/bin/env bash
# The pre-commit hook (.pre-commit-hooks.yaml) installed from git and run by pre-commit itself, as a
# user gets it, against a local clone of this repository (its HEAD: commit what you want to test):
#   1. `pre-commit try-repo <clone> graphql-metadata --all-files` in a metadata project's git repository;
#   2. the clone as `repo:` (with `rev:`) in the project's .pre-commit-config.yaml, `pre-commit run --all-files`;
#   3. the clone installed as npm installs a git dependency, which is how pre-commit >= 4.4 installs a
#      `language: node` hook (`npm install -g git+file://<clone>`): npm runs `prepare` in a clone
#      where no devDependency is installed (scripts/prepare.mjs installs the build's own).
# Each must report the project's error (exit 1) and pass once it is fixed.
# pre-commit: Debian's package, installed here when absent (as root, with apt-get). Where it cannot be
# installed the test is skipped, loudly; under CI=true that fails.
set -euo pipefail

log() { printf '[test-pre-commit] %s\n' "$*"; }
fail() {
  log "FAILED: $*"
  exit 1
}

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if ! command -v pre-commit >/dev/null; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    log "pre-commit not found: installing Debian's package"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pre-commit >/dev/null
  elif [ "${CI:-}" = true ]; then
    fail "pre-commit is not installed and cannot be here (not root, or no apt-get)"
  else
    log "SKIPPED: pre-commit is not installed (apt-get install pre-commit, or pipx install pre-commit); under CI=true this fails"
    exit 0
  fi
fi
log "$(pre-commit --version), npm $(npm --version), node $(node --version)"

if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
  log "note: the hook is installed from HEAD ($(git -C "$repo" rev-parse --short HEAD)); uncommitted changes are not in it"
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/gem-pre-commit-XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
# pre-commit's environments and npm's global install stay in the temporary folder.
export PRE_COMMIT_HOME="$tmp/pre-commit-home"
git clone --quiet "$repo" "$tmp/hook"
rev="$(git -C "$tmp/hook" rev-parse HEAD)"

# A metadata project with one error (test/fixtures/projects/basic: an allow list naming a query
# collection that does not exist), in a git repository of its own.
project="$tmp/project"
cp -r "$repo/test/fixtures/projects/basic" "$project"
git -C "$project" init --quiet
commit() { git -C "$project" add -A && git -C "$project" -c user.name=test -c user.email=test@example.com commit --quiet -m "$1"; }
commit "a metadata project with an error"

# expect <label> <exit code> <text the output must hold> <command...>
expect() {
  local label="$1" code="$2" text="$3"
  shift 3
  local out status=0
  out="$("$@" 2>&1)" || status=$?
  if [ "$status" -ne "$code" ] || [[ "$out" != *"$text"* ]]; then
    printf '%s\n' "$out"
    fail "$label: exit $status (expected $code), output must hold \"$text\""
  fi
  log "ok: $label"
}

started=$SECONDS
cd "$project"
expect "pre-commit try-repo <clone> graphql-metadata --all-files reports the error" 1 "allow-list-unknown-collection" \
  pre-commit try-repo "$tmp/hook" graphql-metadata --all-files
log "  ($((SECONDS - started)) s, with the hook's installation)"

cat >.pre-commit-config.yaml <<EOF
repos:
  - repo: $tmp/hook
    rev: $rev
    hooks:
      - id: graphql-metadata
EOF
commit "the hook as repo:"
expect "pre-commit run --all-files with the clone as repo: reports the error" 1 "allow-list-unknown-collection" \
  pre-commit run --all-files

# The fix: the allow list names the collection the project has.
collection="$(sed -n 's/^- name: //p' metadata/query_collections.yaml | head -n 1)"
[ -n "$collection" ] || fail "no collection in metadata/query_collections.yaml"
printf -- '- collection: %s\n' "$collection" >metadata/allow_list.yaml
commit "fixed"
expect "pre-commit run --all-files passes once the error is fixed" 0 "Passed" pre-commit run --all-files

started=$SECONDS
expect "npm install -g git+file://<clone> (pre-commit >= 4.4's install of a node hook) builds the CLI" 0 "" \
  npm install --global --prefix "$tmp/global" --allow-git=root --install-links --no-audit --no-fund --loglevel=error "git+file://$tmp/hook"
log "  ($((SECONDS - started)) s)"
expect "the hook's entry from that install passes on the fixed project" 0 "" "$tmp/global/bin/graphql-metadata" check
git -C "$project" checkout --quiet HEAD~1 -- metadata/allow_list.yaml
expect "and reports the error again" 1 "allow-list-unknown-collection" "$tmp/global/bin/graphql-metadata" check

log "the hook installs from git and runs under pre-commit"
