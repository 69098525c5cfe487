#!/usr/bin/env bash
# The restore drill: seed demo nights, export every night, back up (manage.py backup), restore
# the backup into an empty database, check every stored standing (rebuild_standings --check)
# and export every night again: the files must be the same, byte for byte.
# SQLite without DATABASE_URL; with it (inside .ci/postgres.sh) PostgreSQL, restored with
# pg_restore into a new database next to it.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PY:-$PWD/.venv/bin/python}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export COMPANION_VAR_DIR="$scratch/var" DEBUG=1
mkdir -m 700 "$COMPANION_VAR_DIR"

export_nights() {  # every night's export file, named by its id, into $1
  mkdir -p "$1"
  "$PY" manage.py shell -v 0 -c "
from pathlib import Path
from companion.models import GameNight
from companion.transfer import exporting
for night in GameNight.objects.order_by('pk'):
    Path('$1', f'{night.pk}.json').write_text(exporting.dumps(exporting.night_document(night)), encoding='utf-8')
"
}

"$PY" manage.py migrate --no-input -v 0
"$PY" manage.py seed_demo --nights "${NIGHTS:-12}" --seed 20261201 >/dev/null
export_nights "$scratch/before"
"$PY" manage.py backup --keep 1 >/dev/null
backup=$(ls "$COMPANION_VAR_DIR"/backups/companion-*)

if [ -z "${DATABASE_URL:-}" ]; then
  echo "Restore drill on SQLite"
  # As README.md says: the server is stopped, the copy takes the database's place.
  restored="$scratch/restored"
  mkdir -m 700 "$restored"
  cp "$backup" "$restored/companion.sqlite3"
  export COMPANION_VAR_DIR="$restored"
else
  echo "Restore drill on PostgreSQL"
  empty="companion_restore_drill"
  PGOPTIONS="-c client_min_messages=warning" psql "$DATABASE_URL" -q -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $empty" -c "CREATE DATABASE $empty"
  export DATABASE_URL="${DATABASE_URL%/*}/$empty"
  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" "$backup"
fi

"$PY" manage.py migrate --check -v 0  # the restored database is at the code's migrations
"$PY" manage.py rebuild_standings --check
export_nights "$scratch/after"
nights=$(ls "$scratch/before" | wc -l)
[ "$nights" -gt 0 ] || { echo "the drill exported no night" >&2; exit 1; }
diff -r "$scratch/before" "$scratch/after"
echo "Restore drill passed: $nights nights exported the same before the backup and after the restore."
