#!/usr/bin/env bash
# Seed demo nights into a scratch SQLite database, then check that every stored standing
# is what the engines compute from the rounds (manage.py rebuild_standings --check exits 1
# and lists each difference otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PY:-.venv/bin/python}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export COMPANION_VAR_DIR="$scratch" DEBUG=1
unset DATABASE_URL
"$PY" manage.py migrate --no-input -v 0
"$PY" manage.py seed_demo --nights "${NIGHTS:-60}" --seed 20261127
"$PY" manage.py rebuild_standings --check
