#!/usr/bin/env bash
# Node.js and npm for `make css` and `make js` (PurgeCSS, terser: pinned in package-lock.json), then the
# npm packages. Installs Node with apt when running as root (as CI does); otherwise
# says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing nodejs and npm with apt-get ..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
  else
    echo "make css and make js need Node.js and npm: sudo apt-get install nodejs npm" >&2
    exit 1
  fi
fi
# Exactly the locked versions, again only when the lock file changed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
