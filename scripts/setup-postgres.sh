#!/usr/bin/env bash
# Installs what the live-database tests need: Debian's postgresql package (initdb, pg_ctl, postgres
# under /usr/lib/postgresql/<version>/bin). The tests make their own throwaway cluster in a temp
# folder on a free port; nothing here starts a server. Idempotent: skipped when initdb is present.
set -euo pipefail

log() { printf '[setup-postgres] %s\n' "$*"; }

present() { compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    log "need root for: $*"; exit 1
  fi
}

if present; then
  log "postgresql: present ($(ls -d /usr/lib/postgresql/*/bin | tr '\n' ' ')), skipped"
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  log "apt-get not found: install PostgreSQL (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin) and run again."
  exit 1
fi
start=$SECONDS
as_root apt-get update
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
present || { log "postgresql installed, but no /usr/lib/postgresql/*/bin/initdb"; exit 1; }
log "postgresql installed in $((SECONDS - start)) s: $(ls -d /usr/lib/postgresql/*/bin | tr '\n' ' ')"
